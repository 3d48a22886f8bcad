// Stopping a reply hands its queued follow-ups back to the window that stopped it (as Pi's own
// editor does); they are never delivered later, behind a newer message. (A queued steer is sent
// at the stop: test/runtime/queue-edit.test.ts.)
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

const userTexts = (ctx: TranscriptContext) =>
  ctx.messages
    .filter((m) => m.role === "user")
    .map((m) =>
      typeof m.content === "string" ? m.content : m.content.map((c) => ("text" in c ? c.text : "")).join(""),
    )

test("abort returns the queue as editor text and empties it; the next prompt goes alone", async () => {
  fx = await createFauxFixture({ tokensPerSecond: 40 })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const seen: string[][] = []
  fx.faux.setResponses([
    fauxAssistantMessage("word ".repeat(400)),
    (ctx: TranscriptContext) => {
      seen.push(userTexts(ctx))
      return fauxAssistantMessage("fine")
    },
    (ctx: TranscriptContext) => {
      seen.push(userTexts(ctx))
      return fauxAssistantMessage("late")
    },
  ])
  await fx.client.request("session.prompt", { sessionId, text: "talk a lot" })
  await rec.waitFor((_s, ev) => ev.some((e) => e.event.type === "text_delta" && e.event.delta.length > 0), "streaming")
  await fx.client.request("session.prompt", { sessionId, text: "follow A", behavior: "followUp" })
  await fx.client.request("session.prompt", { sessionId, text: "follow B", behavior: "followUp" })
  await rec.waitFor((s) => s.queue.followUp.length === 2, "the queue")

  expect(await fx.client.request("session.abort", { sessionId })).toEqual({ editorText: "follow A\n\nfollow B" })
  const stopped = await rec.waitFor((s) => !s.running, "the stop")
  expect(stopped.queue).toEqual({ steering: [], followUp: [] })

  await fx.client.request("session.prompt", { sessionId, text: "after stop" })
  await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant" && s.items.length === 4, "the reply")
  expect(seen).toEqual([["talk a lot", "after stop"]])
  // Nothing else was waiting to be sent.
  expect(await fx.client.request("session.abort", { sessionId })).toEqual({})
})
