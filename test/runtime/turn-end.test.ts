// How a run ended, told once by the host: a real Pi session on the faux provider ending each way.
// Each case sends a second prompt and waits for its turn_end too, so a stray extra turn_end of
// the first run (one per attempt, one per agent_end) would sit between the two and fail the test.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { SessionEvent } from "../../src/protocol"
import { createFauxFixture, failOnceThenAnswer, QUICK_RETRY, type FauxFixture, type Recorder } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

type TurnEnd = Extract<SessionEvent, { type: "turn_end" }>
const turnEnds = (rec: Recorder) => rec.events.map((e) => e.event).filter((e): e is TurnEnd => e.type === "turn_end")

/** The transcript item a turn_end names as its run's last reply. */
const replyOf = (rec: Recorder, end: TurnEnd) => rec.state!.items.find((i) => i.id === end.itemId)

async function prompt(rec: Recorder, sessionId: string, text: string, count: number) {
  await fx.client.request("session.prompt", { sessionId, text })
  await rec.waitFor(() => turnEnds(rec).length >= count, `turn_end #${count}`)
}

/** Runs `text` (or `start`) to its end, then a plain second prompt; returns the first run's turn_end. */
async function firstOfTwo(rec: Recorder, sessionId: string, text: string, start?: () => Promise<void>) {
  if (start) await start()
  else await fx.client.request("session.prompt", { sessionId, text })
  await rec.waitFor(() => turnEnds(rec).length >= 1, "the first turn_end")
  fx.faux.appendResponses([fauxAssistantMessage("second")])
  await prompt(rec, sessionId, "and again", 2)
  const ends = turnEnds(rec)
  expect(ends).toHaveLength(2)
  expect(ends[1]!.stopReason).toBe("end_turn")
  expect(replyOf(rec, ends[1]!)).toMatchObject({ blocks: [{ type: "text", text: "second" }] })
  const types = rec.events.map((e) => e.event.type)
  // Each turn_end comes right after its run's end.
  expect(types.filter((t, i) => t === "turn_end" && types[i - 1] !== "run")).toEqual([])
  return ends[0]!
}

test("a run that ends normally, tools included, ends the turn once with the last reply", async () => {
  fx = await createFauxFixture({ files: { "a.txt": "alpha\n" } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("read", { path: "a.txt" }, { id: "c1" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("It says alpha."),
  ])
  const end = await firstOfTwo(rec, sessionId, "read a.txt")
  expect(end.stopReason).toBe("end_turn")
  expect(end.errorMessage).toBeUndefined()
  // The last reply of the run, not the first one (which called the tool).
  expect(end.itemId).toBe(rec.state!.items.filter((i) => i.kind === "assistant")[1]!.id)
  expect(replyOf(rec, end)).toMatchObject({ stopReason: "stop", blocks: [{ type: "text", text: "It says alpha." }] })
})

test("an interrupted run ends as cancelled", async () => {
  fx = await createFauxFixture({ tokensPerSecond: 40 })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("word ".repeat(400))])
  const end = await firstOfTwo(rec, sessionId, "talk a lot", async () => {
    await fx.client.request("session.prompt", { sessionId, text: "talk a lot" })
    await rec.waitFor(
      (_s, ev) => ev.some((e) => e.event.type === "text_delta" && e.event.delta.length > 0),
      "streaming",
    )
    await fx.client.request("session.abort", { sessionId })
  })
  expect(end.stopReason).toBe("cancelled")
  expect(replyOf(rec, end)).toMatchObject({ stopReason: "aborted" })
})

test("a model error ends as error with its message; a content filter as refusal", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("", { stopReason: "error", errorMessage: "bad request: no such tool" })])
  const end = await firstOfTwo(rec, sessionId, "fail")
  expect(end).toMatchObject({ stopReason: "error", errorMessage: "bad request: no such tool" })
  expect(replyOf(rec, end)).toMatchObject({ stopReason: "error" })

  fx.faux.setResponses([
    fauxAssistantMessage("", { stopReason: "error", errorMessage: "Provider finish_reason: content_filter" }),
  ])
  await prompt(rec, sessionId, "say something rude", 3)
  expect(turnEnds(rec)[2]).toMatchObject({ stopReason: "refusal" })

  // Pi 1.6 names Anthropic's refusal (stop_reason "refusal" without an explanation).
  fx.faux.setResponses([
    fauxAssistantMessage("", { stopReason: "error", errorMessage: "The model refused to complete the request" }),
  ])
  await prompt(rec, sessionId, "say something worse", 4)
  expect(turnEnds(rec)[3]).toMatchObject({ stopReason: "refusal" })
})

test("a reply cut at the length limit ends as max_tokens", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage([fauxText("The answer is")], { stopReason: "length" })])
  const end = await firstOfTwo(rec, sessionId, "long answer")
  expect(end.stopReason).toBe("max_tokens")
  expect(replyOf(rec, end)).toMatchObject({ blocks: [{ type: "text", text: "The answer is" }] })
})

test("a run that Pi retries ends once, after the retry, with the recovered reply", async () => {
  fx = await createFauxFixture({ settings: QUICK_RETRY })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses(failOnceThenAnswer("recovered"))
  const end = await firstOfTwo(rec, sessionId, "try")
  expect(end.stopReason).toBe("end_turn")
  expect(replyOf(rec, end)).toMatchObject({ blocks: [{ type: "text", text: "recovered" }] })
  expect(rec.state!.items.some((i) => i.kind === "notice" && i.text.startsWith("Retrying (1/3)"))).toBe(true)
})

test("an extension command that starts no run still ends its prompt once", async () => {
  const commands: ExtensionFactory = (pi) => {
    pi.registerCommand("hello", { description: "Says hello", handler: async (_a, ctx) => ctx.ui.notify("hi") })
    pi.registerCommand("boom", {
      description: "Fails",
      handler: async () => {
        throw new Error("kaput")
      },
    })
  }
  fx = await createFauxFixture({ extensionFactories: [commands] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await prompt(rec, sessionId, "/hello", 1)
  expect(turnEnds(rec)[0]).toEqual({ type: "turn_end", stopReason: "end_turn" })
  // Pi catches a failing command and reports it as an extension error: a notice, then the end.
  await prompt(rec, sessionId, "/boom", 2)
  expect(turnEnds(rec)).toHaveLength(2)
  expect(rec.state!.items.at(-1)).toMatchObject({
    kind: "notice",
    level: "error",
    text: expect.stringContaining("kaput"),
  })
})
