// Pi's file-trigger.ts example watches /tmp/agent-trigger.txt (a fixed path, the example's own):
// text written there arrives as a [file-trigger] message that starts a turn, and the file is
// emptied. The watch needs the file to exist; the test makes it if missing and removes only a
// file it made.
import { afterAll, expect, test } from "bun:test"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const TRIGGER = "/tmp/agent-trigger.txt"
const made = !existsSync(TRIGGER)
if (made) writeFileSync(TRIGGER, "")
afterAll(() => {
  if (made) rmSync(TRIGGER, { force: true })
})

const open = usePiExamples()

test("file-trigger.ts: text written to the trigger file becomes a message the model answers", async () => {
  const { app, fx } = await open(["file-trigger.ts"])
  await app.until(`Watching ${TRIGGER}`)
  let sent = ""
  fx.faux.setResponses([
    (ctx) => {
      sent = JSON.stringify(ctx.messages.at(-1))
      return fauxAssistantMessage("Triggered reply.")
    },
  ])
  writeFileSync(TRIGGER, "run the linter\n")
  const frame = await app.until("Triggered reply.")
  expect(frame).toContain("External trigger: run the linter")
  expect(sent).toContain("External trigger: run the linter")
  expect(readFileSync(TRIGGER, "utf8")).toBe("")
})
