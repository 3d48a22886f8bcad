// /follow-up's changes to the queue behind a running reply (session.queueEdit), and the stop's
// rule: one queued steer is sent, the rest go back to the composer. Each is checked by what the
// model is sent.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture, type Recorder } from "../fixture/faux"
import { PNG_BASE64 as PNG } from "../fixture/png"

let fx: FauxFixture
afterEach(() => fx?.dispose())

type Sent = { role: string; text: string; images: number }[]

/** The person's messages of a request: their text and how many images each had. */
const userMessages = (ctx: TranscriptContext): Sent =>
  ctx.messages
    .filter((m) => m.role === "user")
    .map((m) => ({
      role: m.role,
      text: typeof m.content === "string" ? m.content : m.content.map((c) => ("text" in c ? c.text : "")).join(""),
      images: typeof m.content === "string" ? 0 : m.content.filter((c) => c.type === "image").length,
    }))

const IMAGE = { type: "image" as const, data: PNG, mimeType: "image/png" }

/**
 * A long reply to queue behind (or, with `held`, one that waits for it to settle), then as many
 * short ones as asked, each request recorded.
 */
async function running(
  replies: number,
  held?: Promise<void>,
): Promise<{ sessionId: string; rec: Recorder; seen: Sent[] }> {
  fx = await createFauxFixture({
    tokensPerSecond: 40,
    models: [{ id: "faux-1", input: ["text", "image"], contextWindow: 200_000 }],
  })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const seen: Sent[] = []
  fx.faux.setResponses([
    held ? () => held.then(() => fauxAssistantMessage("done")) : fauxAssistantMessage("word ".repeat(400)),
    ...Array.from({ length: replies }, (_, i) => (ctx: TranscriptContext) => {
      seen.push(userMessages(ctx))
      return fauxAssistantMessage(`reply ${i + 1}`)
    }),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "talk a lot" })
  if (held) await rec.waitFor((s) => s.running, "the run")
  else
    await rec.waitFor(
      (_s, ev) => ev.some((e) => e.event.type === "text_delta" && e.event.delta.length > 0),
      "streaming",
    )
  return { sessionId, rec, seen }
}

const idleAfter = (rec: Recorder, replies: number) =>
  rec.waitFor(
    (s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === replies,
    `${replies} replies`,
  )

const msg = (text: string, images = 0) => ({ role: "user", text, images })

// The first test of the file also starts Pi's modules: on a loaded machine that alone can take
// most of the default 30 s.
const LONG = 60_000

test(
  "an edit changes what the model is sent and keeps the images; a removed message is never sent",
  async () => {
    let release = () => {}
    const { sessionId, rec, seen } = await running(1, new Promise<void>((r) => (release = r)))
    await fx.client.request("session.prompt", {
      sessionId,
      text: "look at this",
      behavior: "followUp",
      images: [IMAGE],
    })
    await fx.client.request("session.prompt", { sessionId, text: "and drop me", behavior: "followUp" })
    await rec.waitFor((s) => s.queue.followUp.length === 2, "the queue")

    await fx.client.request("session.queueEdit", {
      sessionId,
      kind: "followUp",
      index: 0,
      text: "look at this",
      action: "edit",
      newText: "look at this picture instead",
    })
    await fx.client.request("session.queueEdit", {
      sessionId,
      kind: "followUp",
      index: 1,
      text: "and drop me",
      action: "remove",
    })
    expect(rec.state!.queue).toEqual({ steering: [], followUp: ["look at this picture instead"] })

    release()
    await idleAfter(rec, 2)
    expect(seen).toEqual([[msg("talk a lot"), msg("look at this picture instead", 1)]])
  },
  LONG,
)

test(
  "send now stops the reply and sends the next message at once; the rest stays queued for the new run",
  async () => {
    const { sessionId, rec, seen } = await running(2)
    await fx.client.request("session.prompt", { sessionId, text: "steer me", behavior: "steer", images: [IMAGE] })
    await fx.client.request("session.prompt", { sessionId, text: "then this", behavior: "followUp" })
    await rec.waitFor((s) => s.queue.steering.length === 1 && s.queue.followUp.length === 1, "the queue")

    // Only the next eligible one: a follow-up waits while a steer is queued.
    await expect(
      fx.client.request("session.queueEdit", {
        sessionId,
        kind: "followUp",
        index: 0,
        text: "then this",
        action: "sendNow",
      }),
    ).rejects.toMatchObject({ code: "bad_request" })
    // A row that is not what the window showed (sent or changed meanwhile) is refused.
    await expect(
      fx.client.request("session.queueEdit", {
        sessionId,
        kind: "steering",
        index: 0,
        text: "other",
        action: "remove",
      }),
    ).rejects.toMatchObject({ code: "failed" })

    await fx.client.request("session.queueEdit", {
      sessionId,
      kind: "steering",
      index: 0,
      text: "steer me",
      action: "sendNow",
    })
    const done = await idleAfter(rec, 3)
    // The long reply was cut short: its text is far from its 400 words.
    expect(done.items.filter((i) => i.kind === "assistant").length).toBe(3)
    expect(seen).toEqual([
      [msg("talk a lot"), msg("steer me", 1)],
      [msg("talk a lot"), msg("steer me", 1), msg("then this")],
    ])
  },
  LONG,
)

test(
  "a stop sends one queued steer before any follow-up; the rest go back to the composer",
  async () => {
    const { sessionId, rec, seen } = await running(1)
    await fx.client.request("session.prompt", { sessionId, text: "steer one", behavior: "steer", images: [IMAGE] })
    await fx.client.request("session.prompt", { sessionId, text: "steer two", behavior: "steer" })
    await fx.client.request("session.prompt", { sessionId, text: "follow A", behavior: "followUp" })
    await rec.waitFor((s) => s.queue.steering.length === 2 && s.queue.followUp.length === 1, "the queue")

    expect(await fx.client.request("session.abort", { sessionId })).toEqual({ editorText: "steer two\n\nfollow A" })
    const done = await idleAfter(rec, 2)
    expect(done.queue).toEqual({ steering: [], followUp: [] })
    expect(seen).toEqual([[msg("talk a lot"), msg("steer one", 1)]])
  },
  LONG,
)
