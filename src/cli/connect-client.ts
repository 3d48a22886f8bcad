// How a window reaches its session host. By default the daemon (found, or started detached), so
// a reply outlives the window; with --no-daemon a Worker of this process, so the window's thread
// still never evaluates Pi. Both load only when asked, after the window's first frame.
import type { Client } from "../client/client"

export async function connectClient(opts: { daemon: boolean }): Promise<Client> {
  const { collectWhenQuiet } = await import("../client/patches/collect-when-quiet")
  if (opts.daemon) {
    const { connectOrStart } = await import("../client/connect")
    return collectWhenQuiet(await connectOrStart({ clientName: "xagent-window" }))
  }
  const { createWorkerClient } = await import("../client/worker-client")
  return collectWhenQuiet(await createWorkerClient({}))
}
