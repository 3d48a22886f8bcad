// /btw through a real daemon and host on the scripted model: the side question is one request
// with no tools, over a copy of the conversation, and the session (its file and its items) is
// left exactly as it was.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import type { EventEnvelope } from "../../src/protocol"
import { Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox

beforeAll(async () => {
  d = await startBox({
    turns: [{ text: "The parser lives in src/parse.ts." }, { text: "It is src/parse.ts, as said above." }],
  })
})
afterAll(() => d.cleanup())

const sideEvents = (events: EventEnvelope[], id: string) =>
  events.flatMap((e) => (e.event.type === "side_answer" && e.event.id === id ? [e.event] : []))

test("a side question is answered without tools and leaves the session file's bytes as they were", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId)
  await rec.waitFor((s) => !!s.info, "the snapshot")
  await c.request("session.prompt", { sessionId, text: "where is the parser?" })
  const before = await rec.waitFor(replyDone(1), "the reply")
  const file = before.info.file!
  expect(file).toBeTruthy()
  const bytes = readFileSync(file)

  await c.request("session.btw", { sessionId, id: "side-1", question: "which file holds the parser?" })
  await rec.waitFor((_s, events) => sideEvents(events, "side-1").some((e) => e.done || e.error), "the side answer")
  const pieces = sideEvents(rec.events, "side-1")
  expect(pieces.find((e) => e.error)).toBeUndefined()
  expect(pieces.map((e) => e.delta ?? "").join("")).toBe("It is src/parse.ts, as said above.")

  // Not one byte of the session file changed, and the conversation holds no new item.
  expect(readFileSync(file).equals(bytes)).toBe(true)
  const after = rec.snapshot!
  expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id))
  expect(after.running).toBe(false)

  // The reply's request had the session's tools; the side question's had none, and carried the
  // conversation and the question.
  const [reply, side] = d.llm.requests()
  expect(reply!.tools.length).toBeGreaterThan(0)
  expect(side!.tools).toEqual([])
  const sent = JSON.stringify(side!.last)
  expect(sent).toContain("The parser lives in src/parse.ts.")
  expect(sent).toContain("which file holds the parser?")
  // The session's system prompt, told that this is a side question with no tools.
  expect(sent).toContain("quick side question")
  expect(d.llm.requests()).toHaveLength(2)
  rec.stop()
})
