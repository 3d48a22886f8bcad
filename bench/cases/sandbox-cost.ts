import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createLocalBashOperations } from "@earendil-works/pi-coding-agent"
import type { BenchCase } from "../lib/bench-case"
import { atMost, metric } from "../lib/bench-case"
import { sandboxedOperations } from "../../src/runtime/sandbox/pi-tools"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"

const CALLS = 40
const COMMAND = "echo ok"
/** Requests per call when measuring the proxy per request (its start is paid once per call). */
const REQUESTS = 10

export const sandboxCost: BenchCase = {
  id: "sandbox-cost",
  title: "sandbox cost per bash call",
  measures:
    `Wall time of one bash call (\`${COMMAND}\`) through Pi's local shell operations, as the agent's bash tool ` +
    "and `!` commands run it, in the workspace sandbox (bwrap: user, pid, ipc, uts namespaces, the workspace and a " +
    "private /tmp writable, xagent's state and sockets hidden) against the same call unsandboxed. The two alternate " +
    `call by call, ${CALLS} pairs per run; "added" is each pair's difference. In process: no window, no model. ` +
    "The proxy (a host list in `sandbox.network`: a network of its own, the forwarder started inside with Bun, the " +
    "runtime's proxy on a unix socket): the same call with a host list against without (its cost per call), and " +
    `${REQUESTS} \`curl\` requests to a local server in one call, through the proxy against the host's network, ` +
    "divided by the requests (its cost per request).",
  programs: ["xagent"],
  metrics: [
    metric("p50", "added_ms", "added per call, p50", "ms", atMost(20)),
    metric("p95", "added_ms", "added per call, p95 (info)", "ms"),
    metric("p50", "plain_ms", "unsandboxed call, p50 (info)", "ms"),
    metric("p50", "sandboxed_ms", "sandboxed call, p50 (info)", "ms"),
    metric("p50", "proxy_call_added_ms", "host list: added per call, p50 (info)", "ms"),
    metric("p95", "proxy_call_added_ms", "host list: added per call, p95 (info)", "ms"),
    metric("p50", "proxy_request_added_ms", "host list: added per request, p50 (info)", "ms"),
  ],
  async setup() {},
  async once(ctx) {
    const root = mkdtempSync(join(tmpdir(), "xagent-bench-sandbox-"))
    const server = createServer((_req, res) => res.end("ok\n"))
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
    const sandbox = (name: string, network?: unknown) => {
      const home = join(root, name)
      mkdirSync(home)
      if (network) writeFileSync(join(home, "settings.json"), JSON.stringify({ sandbox: { network } }))
      const sb = new SessionSandbox({ xagentHome: home, agentDir: join(root, "agent") })
      if (!sb.availability.ok) throw new Error(`no sandbox here: ${sb.availability.reason}`)
      return sb
    }
    const open = sandbox("open")
    const listed = sandbox("listed", ["127.0.0.1"])
    const plain = createLocalBashOperations()
    const ask = async () => false
    const jailed = sandboxedOperations(open, undefined, ask)
    const proxied = sandboxedOperations(listed, undefined, ask)
    const time = async (ops: typeof plain, command = COMMAND) => {
      const t = performance.now()
      const r = await ops.exec(command, ctx.dir.work, { onData: () => {} })
      if (r.exitCode !== 0) throw new Error(`the call failed (exit ${r.exitCode}): ${command}`)
      return performance.now() - t
    }
    const requests = `for i in $(seq ${REQUESTS}); do curl -sSf -o /dev/null ${url} || exit 1; done`
    const out = {
      plain_ms: [] as number[],
      sandboxed_ms: [] as number[],
      added_ms: [] as number[],
      proxy_call_added_ms: [] as number[],
      proxy_request_added_ms: [] as number[],
    }
    try {
      for (let i = 0; i < CALLS; i++) {
        const a = await time(plain)
        const b = await time(jailed)
        const c = await time(proxied)
        out.plain_ms.push(a)
        out.sandboxed_ms.push(b)
        out.added_ms.push(b - a)
        out.proxy_call_added_ms.push(c - b)
        const direct = await time(jailed, requests)
        const viaProxy = await time(proxied, requests)
        out.proxy_request_added_ms.push((viaProxy - direct - (c - b)) / REQUESTS)
      }
    } finally {
      open.dispose()
      listed.dispose()
      server.close()
      rmSync(root, { recursive: true, force: true })
    }
    return out
  },
}
