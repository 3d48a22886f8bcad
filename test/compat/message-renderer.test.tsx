// Pi's message-renderer.ts example: /status [warn|error] <text> sends a custom message that its
// registerMessageRenderer draws ([INFO]/[WARN]/[ERROR], the time when expanded) instead of the
// window's generic card; the message is part of the model's context.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"

const open = usePiExamples()

test("message-renderer.ts: /status messages are drawn by the extension's renderer and reach the model", async () => {
  const { app, fx } = await open(["message-renderer.ts"])
  await runCommand(app, "/status warn disk almost full", "Send a status message")
  await runCommand(app, "/status all good", "Send a status message")
  const frame = await app.until((f) => f.includes("[WARN] disk almost full") && f.includes("[INFO] all good"))
  expect(frame).not.toContain("[status-update]")
  app.mockInput.pressKey("o", { ctrl: true })
  await app.until((f) => /\[WARN\] disk almost full\s+at \d/.test(f))
  app.mockInput.pressKey("o", { ctrl: true })
  const sent = replyAndRecord(fx.faux, "Noted.")
  await app.submit("status?")
  await app.until("Noted.")
  expect(sent[0]).toContain("disk almost full")
})
