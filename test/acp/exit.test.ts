// `xagent acp` ends when its stdin closes, whatever the sessions it held are doing: here a
// window's run that waits on an extension's question the editor was never asked (it is not the
// editor's run), which no abort can end before someone answers it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { assistantTexts, until } from "../daemon/harness"
import { connectEditor, loadSession, startAcpBox, windowSessionWithReply, type AcpBox } from "./harness"

const SLOW = 180_000

/** A global Pi extension: a tool whose question ignores aborts (as an extension's may). */
const EXTENSION = `
export default function (pi) {
  pi.registerTool({
    name: "hold",
    label: "Hold",
    description: "asks the person and waits for the answer",
    parameters: { type: "object", properties: {} },
    async execute(_id, _params, _signal, _onUpdate, ctx) {
      const ok = await ctx.ui.confirm("Go on?", "The window's question")
      return { content: [{ type: "text", text: "answered=" + ok }], details: {} }
    },
  })
}
`

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "ready." }, { tool: "hold", args: {} }, { text: "Held and done." }] })
  box.addExtension("hold.js", EXTENSION)
}, SLOW)
afterAll(() => box.cleanup())

test(
  "xagent acp exits when its stdin closes, while a window's run it joined waits on a question",
  async () => {
    const { win, hostId, info, rec } = await windowSessionWithReply(box, "ready.")
    await win.request("session.prompt", { sessionId: hostId, text: "hold on" })
    const waiting = await rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "confirm"), "the window's question")

    const proc = box.spawnAgent()
    const ed = connectEditor(proc)
    await ed.cx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} })
    await loadSession(ed, box.box.cwd, info.piSessionId)
    // Not the editor's run: its question stays the window's.
    expect(ed.permissions).toHaveLength(0)
    proc.stdin.end()
    await until(() => proc.exitCode !== null, "xagent acp to exit after its stdin closed")
    expect(proc.exitCode).toBe(0)

    // The window's run was left as it was, and goes on once the window answers.
    const q = waiting.ui.pending.find((r) => r.kind === "confirm")!
    await win.request("session.uiRespond", { sessionId: hostId, requestId: q.id, response: { confirmed: true } })
    const done = await rec.waitFor((s) => !s.running && assistantTexts(s.items).includes("Held and done."), "the end")
    expect(JSON.stringify(done.items)).toContain("answered=true")
    rec.stop()
  },
  SLOW,
)
