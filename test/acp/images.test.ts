// An image in a prompt: a model that takes images gets it; one that does not never sees it, and
// the editor is told so in the reply (Pi sends such a model a placeholder in its place), and the
// prompt still goes: the person's words are answered, and a later model may see images
// (promptCapabilities.image stays true).
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { chunkText, lastSent, loadSession, newSession, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000
// A 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "I read your words." }] })
}, SLOW)
afterAll(() => box.cleanup())

test(
  "an image for a model that takes none: the editor is told it was left out, and the text still goes",
  async () => {
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    const r = await ed.cx.request(acp.methods.agent.session.prompt, {
      sessionId: s.sessionId,
      prompt: [
        { type: "text", text: "what is in this picture?" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    })
    expect(r.stopReason).toBe("end_turn")
    expect(lastSent(box)).toContain("what is in this picture?")
    // In the reply, where every client shows it: a thought is folded away (Zed) or left out (acpx).
    const said = chunkText(ed.of(s.sessionId), "agent_message_chunk")
    expect(said).toMatch(/^Mock takes no images: it did not see the attached image \(only your text was sent\)\n/)
    expect(said).toContain("I read your words.")
    expect(chunkText(ed.of(s.sessionId), "agent_thought_chunk")).not.toMatch(/image/)
    await ed.close()

    // A load replays the message as it was sent: its text, then its image.
    const next = await box.editor()
    await loadSession(next, box.box.cwd, s.sessionId)
    const user = next.of(s.sessionId).filter((u) => u.sessionUpdate === "user_message_chunk")
    expect(user.map((u) => (u as { content: unknown }).content)).toEqual([
      { type: "text", text: "what is in this picture?" },
      { type: "image", data: PNG, mimeType: "image/png" },
    ])
    await next.close()
  },
  SLOW,
)
