// Extensions' own looks for transcript rows: a tool's renderCall/renderResult and a message
// renderer run in the host, at the window's width, and the window draws their rows in the item's
// place. Real examples from Pi's package on a real session host (faux model).
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("message-renderer: /status messages are drawn by the extension's renderer", async () => {
  const { app } = await open(["message-renderer.ts"])
  await runCommand(app, "/status warn disk almost full", "Send a status message")
  const frame = await app.until("[WARN] disk almost full")
  // Not xagent's generic card for a custom message.
  expect(frame).not.toContain("[status-update]")
  // Expanded (Ctrl+O), the renderer adds the time.
  app.mockInput.pressKey("o", { ctrl: true })
  expect(await app.until((f) => /\[WARN\] disk almost full\s+at \d/.test(f))).toContain("[WARN]")
})
