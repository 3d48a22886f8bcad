// Extensions' own looks for transcript rows: a tool's renderCall/renderResult and a message
// renderer run in the host, at the window's width, and the window draws their rows in the item's
// place. Real examples from Pi's package on a real session host (faux model).
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
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

test("todo: the tool's call and result rows are the extension's", async () => {
  const { app, fx, sessionId } = await open(["todo.ts"])
  fx.faux.setResponses([toolTurn("todo", { action: "add", text: "write docs" }), fauxAssistantMessage("Added.")])
  await app.submit("remember docs")
  const frame = await app.until("Added.")
  expect(frame).toContain('todo add "write docs"')
  expect(frame).toContain("✓ Added #1 write docs")
  // Not xagent's generic tool row with the arguments as JSON.
  expect(frame).not.toContain('{"action":"add"')
  // Rendered for this 90-column window's transcript (two columns kept either side).
  const rec = fx.record(sessionId)
  await rec.waitFor((s) => s.items.some((i) => i.kind === "tool" && i.rendered?.width === 86), "rows at 86 columns")
  rec.stop()
})
