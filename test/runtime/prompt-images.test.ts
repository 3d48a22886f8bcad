// session.prompt with images (issue #12 feature 3): they reach the model as Pi image content and
// are stored in the session; a malformed image is refused before Pi sees it.
import { afterEach, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { fauxAssistantMessage, type TranscriptContext } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { PNG_BASE64 as PNG } from "../fixture/png"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("images go with the prompt as image content, to the model and into the session file", async () => {
  fx = await createFauxFixture({ models: [{ id: "faux-1", input: ["text", "image"], contextWindow: 200_000 }] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const seen: TranscriptContext[] = []
  fx.faux.setResponses([
    (ctx: TranscriptContext) => {
      seen.push(JSON.parse(JSON.stringify({ messages: ctx.messages })))
      return fauxAssistantMessage("a red dot")
    },
  ])
  const images = [{ type: "image" as const, data: PNG, mimeType: "image/png" }]
  await fx.client.request("session.prompt", { sessionId, text: "what is this?", images })
  const done = await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))
  const user = seen[0]!.messages.find((m) => m.role === "user")!
  expect(user.content).toEqual([{ type: "text", text: "what is this?" }, ...images])
  expect(done.items.find((i) => i.kind === "user")).toMatchObject({ text: "what is this?", images: 1 })
  const stored = readFileSync(done.info.file!, "utf8")
  expect(stored).toContain(PNG)

  await expect(
    fx.client.request("session.prompt", {
      sessionId,
      text: "x",
      images: [{ type: "image", data: PNG, mimeType: "text/html" }],
    }),
  ).rejects.toMatchObject({ code: "bad_request" })
})

test("an image for a model that takes none: a notice under the message says the model did not see it", async () => {
  fx = await createFauxFixture({ models: [{ id: "faux-1", input: ["text"], contextWindow: 200_000 }] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([fauxAssistantMessage("I see no image")])
  const images = [{ type: "image" as const, data: PNG, mimeType: "image/png" }]
  await fx.client.request("session.prompt", { sessionId, text: "describe", images })
  const done = await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))
  const kinds = done.items.map((i) => i.kind)
  const user = kinds.indexOf("user")
  const notice = done.items.findIndex((i) => i.kind === "notice")
  expect(notice).toBe(user + 1)
  expect(done.items[notice]).toMatchObject({ level: "warning" })
  expect((done.items[notice] as { text: string }).text).toMatch(/takes no images: it did not see the attached image/)

  // A message without images gets none.
  fx.faux.setResponses([fauxAssistantMessage("plain")])
  await fx.client.request("session.prompt", { sessionId, text: "no image here" })
  const after = await rec.waitFor((s) => !s.running && s.items.filter((i) => i.kind === "assistant").length === 2)
  expect(after.items.filter((i) => i.kind === "notice")).toHaveLength(1)
})
