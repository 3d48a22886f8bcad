// Pi's example pickers and dialogs made of pi-tui components, in the window: handoff's loader (the
// tools, preset, todo, qna, question and questionnaire ones are in test/compat/). A real session
// host on the faux model loads the real example files.
import { expect, test } from "bun:test"
import { replyThenHeld, runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("handoff: the loader, then the generated prompt in the editor", async () => {
  const { app, fx } = await open(["handoff.ts"])
  const release = replyThenHeld(fx, "Done with the parser.", "Continue: write tests for the parser.")
  await app.submit("parse it")
  await app.until("Done with the parser.")
  await runCommand(app, "/handoff write tests", "Transfer context to a new focused session")
  const loading = await app.until("Generating handoff prompt")
  expect(loading).toContain("escape/ctrl+c cancel")
  expect(loading).not.toContain("Ask anything")
  release()
  // The loader's result goes into Pi's editor dialog (here xagent's), prefilled.
  const editor = await app.until("Edit handoff prompt")
  expect(editor).toContain("Continue: write tests for the parser.")
  expect(editor).not.toContain("Generating handoff prompt")
})
