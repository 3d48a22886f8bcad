// How the client starts a worker: the command and argv (never a shell line). The worker runs
// under the Bun that runs xagent, on this host (Windows or WSL); only the C# helpers are Windows
// processes (native-backend.ts). The simulated worker is a test's launcher (testing/), which the
// model, settings and environment cannot reach.
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { HostKind } from "./protocol"

export interface WorkerCommand {
  command: string
  args: string[]
  env?: Record<string, string>
}

export interface Launcher {
  command(epoch: number): WorkerCommand
}

const here = dirname(fileURLToPath(import.meta.url))

/** The Bun that runs xagent, else the one installed beside it. */
export function bunPath(): string {
  if (process.versions.bun) return process.execPath
  const local = join(here, "../../node_modules/.bin/bun")
  return existsSync(local) ? local : "bun"
}

export function nativeLauncher(host: HostKind): Launcher {
  return {
    command: (epoch) => ({
      command: bunPath(),
      args: [join(here, "worker-main.ts"), "--epoch", String(epoch), "--host", host],
    }),
  }
}
