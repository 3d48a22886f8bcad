// ACP's session/cancel answers the prompt `cancelled` (never an
// error), withdraws a pending permission request, and every update precedes the answer.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import * as acp from "@agentclientprotocol/sdk"
import { Recorder } from "../daemon/harness"
import { aborted, chunkText, newSession, prompt, startAcpBox, type AcpBox, type Editor } from "./harness"

const SLOW = 90_000

let box: AcpBox
let ed: Editor
beforeAll(async () => {
  box = await startAcpBox(
    {
      turns: [
        { tool: "bash", args: { command: "echo cancelled > c.txt" } },
        { repeat: "word ", count: 3000 },
        { text: "After cancel." },
        { tool: "bash", args: { command: "echo lost > lost.txt" } },
      ],
    },
    { tps: 200 },
  )
  ed = await box.editor()
}, SLOW)
afterAll(async () => {
  await ed?.close()
  await box.cleanup()
})

const cancel = (sessionId: string) => ed.cx.notify(acp.methods.agent.session.cancel, { sessionId })

test(
  "a_cancel_during_permission_cancelled_not_error: the request is withdrawn, the tool never runs",
  async () => {
    let withdrawn = false
    ed.onPermission = async (_req, signal) => {
      await aborted(signal)
      withdrawn = true
      return { outcome: { outcome: "cancelled" } }
    }
    const s = await newSession(ed, box.box.cwd)
    const reply = prompt(ed, s.sessionId, "run")
    await ed.waitFor(() => ed.permissions.length === 1, "the permission request")
    await cancel(s.sessionId)
    expect(await reply).toEqual({ stopReason: "cancelled" })
    expect(withdrawn).toBe(true)
    expect(existsSync(join(box.box.cwd, "c.txt"))).toBe(false)
  },
  SLOW,
)

test(
  "a_cancel_mid_stream_flushes: cancelled, and no chunk of the cancelled reply trails the answer",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    const reply = prompt(ed, s.sessionId, "talk")
    const first = await ed.waitFor(
      () =>
        ed.of(s.sessionId).find((u) => u.sessionUpdate === "agent_message_chunk") as { messageId?: string } | undefined,
      "the first chunk",
    )
    await cancel(s.sessionId)
    expect(await reply).toEqual({ stopReason: "cancelled" })
    const ofFirst = () => ed.of(s.sessionId).filter((u) => (u as { messageId?: string }).messageId === first.messageId)
    const atAnswer = ofFirst().length
    expect(atAnswer).toBeGreaterThan(0)
    expect(chunkText(ofFirst(), "agent_message_chunk").length).toBeLessThan("word ".length * 3000)
    // The session takes the next prompt at once; by its end, nothing more of the first reply came.
    expect((await prompt(ed, s.sessionId, "again")).stopReason).toBe("end_turn")
    expect(ofFirst().length).toBe(atAnswer)
  },
  SLOW,
)

test(
  "malformed prompts get clear JSON-RPC errors; a cancel of an unknown session is harmless",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    await cancel("no-such-session")
    const busy = await ed.cx
      .request(acp.methods.agent.session.prompt, { sessionId: s.sessionId, prompt: [] })
      .catch((e: acp.RequestError) => e)
    expect((busy as acp.RequestError).code).toBe(-32602)
    expect((busy as acp.RequestError).message).toContain("non-empty")
    const audio = await ed.cx
      .request(acp.methods.agent.session.prompt, {
        sessionId: s.sessionId,
        prompt: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }],
      })
      .catch((e: acp.RequestError) => e)
    expect((audio as acp.RequestError).message).toContain("not supported")
  },
  SLOW,
)

test(
  "an editor that goes away mid-permission: the call is denied, the run ends without it, nothing is left waiting",
  async () => {
    const gone = await box.editor()
    gone.onPermission = (_req, signal) => aborted(signal).then(() => ({ outcome: { outcome: "cancelled" } }))
    const s = await newSession(gone, box.box.cwd)
    void prompt(gone, s.sessionId, "run").catch(() => {})
    await gone.waitFor(() => gone.permissions.length === 1, "the permission request")
    // A terminal watches the session, so it stays live after the editor leaves.
    const term = await box.attach()
    const live = (await term.daemon("daemon.status", {})).sessions.find((x) => x.piSessionId === s.sessionId)!
    const rec = new Recorder(term, live.sessionId)
    await rec.waitFor((x) => x.ui.pending.some((r) => r.kind === "permission"), "the pending permission")
    await gone.close()
    await rec.waitFor((x) => !x.running && x.ui.pending.length === 0, "the run over, no question left")
    expect(existsSync(join(box.box.cwd, "lost.txt"))).toBe(false)
    expect(box.acpLog()).toMatch(/permission for call_\S+: .* denies/)
    rec.stop()
  },
  SLOW,
)
