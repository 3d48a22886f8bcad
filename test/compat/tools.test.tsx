// Pi's tools example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("tools: /tools lists the tools; Enter turns one off; Esc closes", async () => {
  const { app, fx } = await open(["tools.ts"])
  await runCommand(app, "/tools", "Enable/disable tools")
  const list = await app.until("Tool Configuration")
  expect(list).toMatch(/→ read +enabled/)
  expect(list).toMatch(/ bash +enabled/)
  expect(list).toContain("Enter/Space to change · Esc to cancel")
  app.mockInput.pressEnter()
  await app.until((f) => /→ read +disabled/.test(f))
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Tool Configuration"))).toContain("Ask anything")
  // The choice took: the model is no longer offered the read tool.
  fx.faux.setResponses([
    (ctx) =>
      fauxAssistantMessage(
        `tools: ${getCurrentTools(ctx.messages)
          .map((t) => t.name)
          .join(",")}`,
      ),
  ])
  await app.submit("hi")
  const reply = await app.until("tools: ")
  expect(reply).toContain("bash")
  expect(reply).not.toMatch(/tools: [^\n]*\bread\b/)
})
