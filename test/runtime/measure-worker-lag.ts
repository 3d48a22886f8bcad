// Measures the calling thread's event-loop lag while the session host imports Pi and opens a
// session: in a worker (worker-client) or on this thread (local-client). Not a test; run with
//   node_modules/.bin/bun test/runtime/measure-worker-lag.ts worker|local
import { mkdtempSync, mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
const root = mkdtempSync(join(tmpdir(), "xlag-"))
const cwd = join(root, "w")
mkdirSync(cwd)
const mode = process.argv[2] ?? "worker"
const { createWorkerClient } = await import("../../src/client/worker-client")
const t0 = performance.now()
let last = performance.now(),
  maxGap = 0,
  ticks = 0
const gaps: string[] = []
const timer = setInterval(() => {
  const now = performance.now()
  if (now - last > 15) gaps.push(`${Math.round(last - t0)}+${Math.round(now - last)}`)
  maxGap = Math.max(maxGap, now - last)
  last = now
  ticks++
}, 2)
let client: any
if (mode === "worker") {
  client = createWorkerClient({
    agentDir: join(root, "agent"),
    setupModule: new URL("../fixture/faux-worker-setup.ts", import.meta.url).pathname,
    env: { PI_OFFLINE: "1" },
  })
} else {
  process.env.PI_CODING_AGENT_DIR = join(root, "agent")
  process.env.PI_OFFLINE = "1"
  const { createHost } = await import("../../src/runtime/hosting/host")
  const { createLocalClient } = await import("../../src/client/local-client")
  const setup = (await import("../fixture/faux-worker-setup")).default
  client = createLocalClient(createHost({ agentDir: join(root, "agent"), setup }))
}
const r = await client.request("session.open", { cwd, mode: { kind: "new" }, model: "faux/faux-1" })
const tOpen = performance.now() - t0
clearInterval(timer)
maxGap = Math.max(maxGap, performance.now() - last)
const piOnMain = Object.keys(require.cache).filter((k) => k.includes("@earendil-works/pi-")).length
console.log(
  JSON.stringify({
    mode,
    openMs: Math.round(tOpen),
    maxMainThreadGapMs: Math.round(maxGap),
    ticks,
    gaps,
    piModulesOnMainThread: piOnMain,
    session: r.sessionId,
  }),
)
await client.close()
process.exit(0)
