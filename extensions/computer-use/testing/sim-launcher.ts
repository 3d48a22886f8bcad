// The launcher tests hand the factory: the real worker on the simulated backend, with the
// scenario written to a file. Nothing outside tests constructs one.
import { writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { bunPath, type Launcher } from "../launcher"
import type { Scenario } from "./scenario"

const here = dirname(fileURLToPath(import.meta.url))

export function simLauncher(scenario: Scenario, scenarioPath: string): Launcher {
  writeFileSync(scenarioPath, JSON.stringify(scenario))
  return {
    command: (epoch) => ({
      command: bunPath(),
      args: [join(here, "sim-worker.ts"), "--epoch", String(epoch), "--scenario", scenarioPath],
    }),
  }
}
