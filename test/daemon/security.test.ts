// The agent's own tools run as this user and can reach the socket, but the daemon refuses them
// every request the access table (protocol/access.ts) does not call "read": a bash tool call
// cannot answer its own question, steer or stop it, not directly and not through a double fork
// that escapes its process group. The probe tries every method the table names. The session runs
// with full access (no sandbox), so the probe can reach the socket: this is the check beneath
// the sandbox (sandbox.test.ts shows the sandboxed probe cannot even find the socket).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { ACCESS, type AnyMethod, type ToolItem } from "../../src/protocol"
import { assistantTexts, BUN, fixturePath, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

const ask = {
  questions: [
    {
      id: "go",
      label: "Go",
      prompt: "Proceed?",
      choices: [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ],
    },
  ],
}
const probe = `${BUN} ${fixturePath("agent-probe.ts")}`
let d: DaemonBox

beforeAll(async () => {
  const turns = [
    // In the foreground of a tool call, while the reply runs.
    { tool: "bash", args: { command: probe } },
    { text: "Done." },
    // setsid + & : orphaned, out of the tool's process group, still running when ask_user asks.
    {
      tools: [
        {
          tool: "bash",
          args: { command: `setsid sh -c '${probe} --question > escaped.out 2>&1' < /dev/null > /dev/null 2>&1 &` },
        },
        { tool: "ask_user", args: ask },
      ],
    },
    { text: "Done again." },
  ]
  d = await startBox({ turns })
})
afterAll(() => d.cleanup())

function outcomes(text: string) {
  const lines = text
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { what: string; outcome: any })
  return Object.fromEntries(lines.map((l) => [l.what, l.outcome]))
}

/** Every method of the access table was tried: the reads answered, everything else was refused. */
function expectRefused(o: Record<string, any>) {
  expect(o.reached.ok).toBe(d.daemonPid()!) // it did reach the daemon
  expect(o["read snapshot"].ok).toBeGreaterThan(0) // and may read the session
  const methods = Object.keys(ACCESS) as AnyMethod[]
  expect(methods).toContain("session.uiRespond")
  for (const method of methods) {
    if (ACCESS[method] === "read") {
      expect({ method, outcome: o[method] }).toEqual({ method, outcome: { ok: true } })
    } else {
      expect({ method, outcome: o[method] }).toMatchObject({ method, outcome: { code: "refused" } })
      expect(o[method].message).toStartWith(`${method} refused: peer `)
      expect(o[method].message).toContain("was started by the agent")
    }
  }
}

test("the agent's own processes get answers to every read and a refusal for every other method", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    permissions: "full",
  })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor(replyDone(2), "the first reply")
  const bash = s.items.find((i) => i.kind === "tool" && i.name === "bash") as ToolItem
  expect(bash.output).toContain("probe done")
  expectRefused(outcomes(bash.output!))
  expect(assistantTexts(s.items).at(-1)).toBe("Done.") // nothing the probe did changed the reply
  expect(d.log()).toMatch(/refused session\.prompt: peer \d+ was started by the agent/)

  // Orphaned through setsid and a fork, it sees the open question and still cannot answer it.
  await win.request("session.prompt", { sessionId, text: "again" })
  const escaped = join(d.box.cwd, "escaped.out")
  const probeOutput = () => (existsSync(escaped) ? readFileSync(escaped, "utf8") : "")
  const text = await until(() => probeOutput().includes("probe done") && probeOutput(), "the escaped probe")
  const o = outcomes(text)
  expectRefused(o)
  const open = await rec.waitFor((s) => s.ui.pending.length === 1, "the question")
  expect(o["saw question"].ok).toBe(open.ui.pending[0]!.id)
  expect(open.running).toBe(true)

  // The window (not the agent's descendant) answers, and the reply goes on.
  const answers = [{ id: "go", value: "no", label: "No", wasCustom: false, index: 2 }]
  await win.request("session.uiRespond", { sessionId, requestId: open.ui.pending[0]!.id, response: { answers } })
  const done = await rec.waitFor(replyDone(4), "the second reply")
  expect(assistantTexts(done.items).at(-1)).toBe("Done again.")
  const asked = done.items.find((i) => i.kind === "tool" && i.name === "ask_user") as ToolItem
  expect(JSON.stringify(asked.details)).toContain('"value":"no"')
}, 60_000)
