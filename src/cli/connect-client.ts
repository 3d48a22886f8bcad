// How a window reaches its session host. By default the daemon (found, or started detached), so
// a reply outlives the window; with --no-daemon a Worker of this process, so the window's thread
// still never evaluates Pi. Both load only when asked, beside the window's own loading (window-command.ts).
// Where the daemon cannot tell a window from the agent's own processes (no kernel peer check,
// see util/peer-checks.ts) it would refuse the window every change, so the window keeps its
// session in process there too, and says why.
import type { Client } from "../client/client"
import { noPeerChecksReason, peerChecksAvailable } from "../util/peer-checks"
import { startMark } from "../util/start-trace"

export interface HostChoice {
  daemon: boolean
  /** Shown once in the window when the choice is not the one asked for. */
  notice?: string
}

export function chooseHost(wantDaemon: boolean, platform: string = process.platform): HostChoice {
  if (!wantDaemon) return { daemon: false }
  if (peerChecksAvailable(platform)) return { daemon: true }
  return {
    daemon: false,
    notice:
      `This session runs in the window's process (as with --no-daemon) and ends with it: ` +
      `${noPeerChecksReason(platform)}, so the background daemon could not tell this window ` +
      "from the agent's own commands and would refuse it every change.",
  }
}

export async function connectClient(opts: { daemon: boolean; platform?: string }): Promise<Client> {
  startMark("window", "connect")
  const { collectWhenQuiet } = await import("../client/patches/collect-when-quiet")
  const choice = chooseHost(opts.daemon, opts.platform)
  if (choice.daemon) {
    const { connectOrStart } = await import("../client/connect")
    startMark("window", "connect imported")
    const client = await connectOrStart({ clientName: "xagent-window" })
    startMark("window", "connected")
    return collectWhenQuiet(client)
  }
  const { createWorkerClient } = await import("../client/worker-client")
  const local = createWorkerClient({})
  return collectWhenQuiet(choice.notice ? { ...local, notices: [choice.notice] } : local)
}
