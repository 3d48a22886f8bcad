// The scripted OpenAI-compatible server every case talks to (../shared/tools/mockllm.mjs), one per case.
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"

export interface Scenario {
  turns?: unknown[]
  fallback?: string
}

export interface MockLlm {
  port: number
  baseUrl: string
  stop(): Promise<void>
  /** for an emergency exit, where nothing can be awaited */
  killNow(): void
}

export function mockllmPath(): string {
  const candidates = [
    process.env.XAGENT_BENCH_MOCKLLM,
    resolve(import.meta.dir, "../../../shared/tools/mockllm.mjs"),
    "/work/shared/tools/mockllm.mjs",
  ].filter((p): p is string => !!p)
  const found = candidates.find((p) => existsSync(p))
  if (!found) throw new Error(`mockllm.mjs not found (tried ${candidates.join(", ")}); set XAGENT_BENCH_MOCKLLM`)
  return found
}

/** Starts mockllm on 127.0.0.1, an OS-chosen port, answering every request with the scenario. tps 0 = full speed. */
export async function startMockLlm(dir: string, name: string, scenario: Scenario, tps: number): Promise<MockLlm> {
  const scenarioFile = join(dir, `${name}.scenario.json`)
  const portfile = join(dir, `${name}.port`)
  writeFileSync(scenarioFile, JSON.stringify(scenario))
  const proc = Bun.spawn(
    ["node", mockllmPath(), "--port", "0", "--portfile", portfile, "--scenario", scenarioFile, "--tps", String(tps)],
    { stdout: "ignore", stderr: "inherit" },
  )
  const deadline = performance.now() + 10_000
  while (!existsSync(portfile) || readFileSync(portfile, "utf8") === "") {
    if (proc.exitCode !== null) throw new Error(`mockllm exited with ${proc.exitCode}`)
    if (performance.now() > deadline) {
      proc.kill()
      throw new Error("mockllm did not report its port")
    }
    await Bun.sleep(20)
  }
  const port = Number(readFileSync(portfile, "utf8"))
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    async stop() {
      proc.kill()
      await proc.exited
    },
    killNow() {
      proc.kill()
    },
  }
}
