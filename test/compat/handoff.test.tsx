// Pi's handoff.ts example: /handoff <goal> shows a loader while the model writes a prompt for a new
// session, opens it in an editor, and on save starts a new session with that prompt in the composer.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("handoff.ts: loader, the generated prompt to edit, then a new session with it in the composer", async () => {
  const { app, fx } = await open(["handoff.ts"])
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  fx.faux.setResponses([
    fauxAssistantMessage("Done with the parser."),
    async () => (await gate, fauxAssistantMessage("Continue: write tests for the parser.")),
  ])
  await app.submit("parse it")
  await app.until("Done with the parser.")
  await runCommand(app, "/handoff write tests", "Transfer context to a new focused session")
  const loading = await app.until("Generating handoff prompt")
  expect(loading).toContain("escape/ctrl+c cancel")
  release()
  const editor = await app.until("Edit handoff prompt")
  expect(editor).toContain("Continue: write tests for the parser.")
  await app.mockInput.typeText(" Use bun.")
  app.mockInput.pressKey("s", { ctrl: true })
  const fresh = await app.until(
    (f) => f.includes("Handoff ready. Submit when ready.") && !f.includes("Done with the parser."),
  )
  expect(fresh).toContain("│ › Continue: write tests for the parser. Use bun.")
  expect(fresh).not.toContain("Edit handoff prompt")
})
