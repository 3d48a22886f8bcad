// An editor going away never costs a reply: one that joined a window's running reply and then
// closes the session or its connection leaves that reply running, and a reply the editor itself
// started finishes in the daemon after the editor's connection is gone, whole for the terminal
// that watches it and for the next editor's session/load.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { Recorder, assistantTexts } from "../daemon/harness"
import { chunkText, loadSession, newSession, prompt, startAcpBox, windowSessionWithReply, type AcpBox } from "./harness"

const SLOW = 240_000
const WORDS = 2500

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox(
    {
      turns: [
        { text: "ready." },
        { repeat: "word ", count: WORDS },
        { repeat: "more ", count: WORDS },
        { text: "after." },
      ],
    },
    { tps: 250 },
  )
}, SLOW)
afterAll(() => box.cleanup())

const words = (text: string, word: string) => text.split(/\s+/).filter((w) => w === word).length

test(
  "an editor that joins a window's running reply and then closes the session, or its connection, leaves the reply running",
  async () => {
    const { win, hostId, info, rec } = await windowSessionWithReply(box, "ready.")
    await win.request("session.prompt", { sessionId: hostId, text: "talk" })
    await rec.waitFor((s) => s.running && assistantTexts(s.items).some((t) => t.includes("word")), "the long reply")

    const join = async () => {
      const ed = await box.editor()
      await loadSession(ed, box.box.cwd, info.piSessionId)
      await ed.waitFor(
        () => chunkText(ed.of(info.piSessionId), "agent_message_chunk").includes("word"),
        "the joined reply streaming",
      )
      return ed
    }
    const closer = await join()
    await closer.cx.request(acp.methods.agent.session.close, { sessionId: info.piSessionId })
    expect(rec.snapshot?.running).toBe(true)
    await closer.close()
    const leaver = await join()
    await leaver.close()

    const done = await rec.waitFor((s) => !s.running, "the window's reply to end", 90_000)
    expect(words(assistantTexts(done.items).at(-1) ?? "", "word")).toBe(WORDS)
    expect(done.items.some((i) => i.kind === "notice" && /interrupt/i.test(i.text))).toBe(false)
    rec.stop()
  },
  SLOW,
)

test(
  "a reply an editor started finishes after the editor's connection closes; the next editor's load shows it whole",
  async () => {
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    void prompt(ed, s.sessionId, "talk more").catch(() => {})
    await ed.waitFor(
      () => chunkText(ed.of(s.sessionId), "agent_message_chunk").includes("more"),
      "the editor's reply streaming",
    )
    // A terminal watches, as `xagent attach` would.
    const term = await box.attach()
    const live = (await term.daemon("daemon.status", {})).sessions.find((x) => x.piSessionId === s.sessionId)!
    const rec = new Recorder(term, live.sessionId)
    await ed.close()
    const done = await rec.waitFor((x) => !x.running, "the editor's reply to end", 90_000)
    expect(words(assistantTexts(done.items).at(-1) ?? "", "more")).toBe(WORDS)
    rec.stop()

    const next = await box.editor()
    try {
      await loadSession(next, box.box.cwd, s.sessionId)
      expect(words(chunkText(next.of(s.sessionId), "agent_message_chunk"), "more")).toBe(WORDS)
      // The session takes the next editor's prompt.
      expect((await prompt(next, s.sessionId, "and then")).stopReason).toBe("end_turn")
    } finally {
      await next.close()
    }
  },
  SLOW,
)
