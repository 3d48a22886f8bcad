// When a new session's file is written (patches/session-writes.ts): not for a session opened and
// closed without a word, and before the model is asked for the first reply (findings D5).
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(() => fx?.dispose())

test("a new session opened and closed without a prompt leaves no file", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const file = fx.record(sessionId).state!.info.file!
  await fx.client.request("session.close", { sessionId })
  expect(existsSync(file)).toBe(false)
})

test("the first prompt is in the session file when the model is asked for the first reply", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const file = rec.state!.info.file!
  let onDisk = ""
  fx.faux.setResponses([
    () => {
      onDisk = existsSync(file) ? readFileSync(file, "utf8") : "(no file)"
      return fauxAssistantMessage("Answer.")
    },
  ])
  await fx.client.request("session.prompt", { sessionId, text: "the very first question" })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))
  const lines = onDisk
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
  expect(lines[0]).toMatchObject({ type: "session" })
  expect(lines.at(-1)).toMatchObject({ type: "message", message: { role: "user" } })
  expect(JSON.stringify(lines.at(-1))).toContain("the very first question")
})
