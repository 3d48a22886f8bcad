// The scripted model every case talks to (test/fixture/scripted-model, its own process), one per case.
import { launchScriptedModel } from "../../test/fixture/scripted-model/process"
import type { Scenario } from "../../test/fixture/scripted-model/scenario"

export type { Scenario } from "../../test/fixture/scripted-model/scenario"

export interface MockLlm {
  port: number
  baseUrl: string
  stop(): Promise<void>
  /** for an emergency exit, where nothing can be awaited */
  killNow(): void
}

/** Starts the scripted model on 127.0.0.1, an OS-chosen port, answering every request with the scenario. tps 0 = full speed. */
export async function startMockLlm(dir: string, name: string, scenario: Scenario, tps: number): Promise<MockLlm> {
  const model = await launchScriptedModel(scenario, { dir, name, tps, stderr: "inherit" })
  return { port: model.port, baseUrl: model.baseUrl, stop: () => model.stop(), killNow: () => model.killNow() }
}
