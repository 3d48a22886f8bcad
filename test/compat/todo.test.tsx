// Pi's todo example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("todo: /todos shows the list and Esc closes it", async () => {
  const { app } = await open(["todo.ts"])
  await runCommand(app, "/todos", "Show all todos on the current branch")
  expect(await app.until("No todos yet")).toContain("Press Escape to close")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("No todos yet"))
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
