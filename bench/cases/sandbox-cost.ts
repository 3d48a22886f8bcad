import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createLocalBashOperations } from "@earendil-works/pi-coding-agent"
import type { BenchCase } from "../lib/bench-case"
import { sandboxedOperations } from "../../src/runtime/sandbox/pi-tools"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"

const CALLS = 40
const COMMAND = "echo ok"

export const sandboxCost: BenchCase = {
  id: "sandbox-cost",
  title: "sandbox cost per bash call",
  measures:
    `Wall time of one bash call (\`${COMMAND}\`) through Pi's local shell operations, as the agent's bash tool ` +
    "and `!` commands run it, in the workspace sandbox (bwrap: user, pid, ipc, uts namespaces, the workspace and a " +
    "private /tmp writable, xagent's state and sockets hidden) against the same call unsandboxed. The two alternate " +
    `call by call, ${CALLS} pairs per run; "added" is each pair's difference. In process: no window, no model.`,
  programs: ["xagent"],
  metrics: [
    { key: "added_ms", label: "added per call, p50", unit: "ms", stat: "p50", target: { kind: "own", max: 20 } },
    { key: "added_ms", label: "added per call, p95 (info)", unit: "ms", stat: "p95" },
    { key: "plain_ms", label: "unsandboxed call, p50 (info)", unit: "ms", stat: "p50" },
    { key: "sandboxed_ms", label: "sandboxed call, p50 (info)", unit: "ms", stat: "p50" },
  ],
  async setup() {},
  async once(ctx) {
    const home = mkdtempSync(join(tmpdir(), "xagent-bench-sandbox-"))
    const sb = new SessionSandbox({ xagentHome: join(home, "xagent"), agentDir: join(home, "agent") })
    if (!sb.availability.ok) throw new Error(`no sandbox here: ${sb.availability.reason}`)
    const plain = createLocalBashOperations()
    const jailed = sandboxedOperations(sb, undefined, async () => false)
    const time = async (ops: typeof plain) => {
      const t = performance.now()
      const r = await ops.exec(COMMAND, ctx.dir.work, { onData: () => {} })
      if (r.exitCode !== 0) throw new Error(`the call failed (exit ${r.exitCode})`)
      return performance.now() - t
    }
    const out = { plain_ms: [] as number[], sandboxed_ms: [] as number[], added_ms: [] as number[] }
    try {
      for (let i = 0; i < CALLS; i++) {
        const a = await time(plain)
        const b = await time(jailed)
        out.plain_ms.push(a)
        out.sandboxed_ms.push(b)
        out.added_ms.push(b - a)
      }
    } finally {
      sb.dispose()
      rmSync(home, { recursive: true, force: true })
    }
    return out
  },
}
