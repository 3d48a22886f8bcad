// Pi's file-trigger.ts example watches /tmp/agent-trigger.txt (a fixed path, the example's own):
// text written there arrives as a [file-trigger] message that starts a turn, and the file is
// emptied. The watch needs the file to exist; the test makes it if missing and removes only a
// file it made. An empty one is the example's resting state and is used as it is; one with text in
// it is somebody's, and the test will not write over it.
import { afterAll, expect, test } from "bun:test"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"

const TRIGGER = "/tmp/agent-trigger.txt"
const made = !existsSync(TRIGGER)
if (made) writeFileSync(TRIGGER, "")
const foreign = !made && readFileSync(TRIGGER, "utf8") !== ""
afterAll(() => {
  if (made) rmSync(TRIGGER, { force: true })
})

const open = usePiExamples()

test("file-trigger.ts: text written to the trigger file becomes a message the model answers", async () => {
  if (foreign) throw new Error(`${TRIGGER} has text in it that is not this test's: empty or remove it first`)
  const { app, fx } = await open(["file-trigger.ts"])
  await app.until(`Watching ${TRIGGER}`)
  const sent = replyAndRecord(fx.faux, "Triggered reply.")
  writeFileSync(TRIGGER, "run the linter\n")
  const frame = await app.until("Triggered reply.")
  expect(frame).toContain("External trigger: run the linter")
  expect(sent[0]).toContain("External trigger: run the linter")
  expect(readFileSync(TRIGGER, "utf8")).toBe("")
})
