// Pi's qna example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { replyThenHeld, runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("qna: the loader shows while the model extracts; Esc on it cancels", async () => {
  const { app, fx } = await open(["qna.ts"])
  const release = replyThenHeld(fx, "Should we use TypeScript or JavaScript?", "Q: TS or JS?\nA: ")
  await app.submit("plan it")
  await app.until("Should we use TypeScript")
  await runCommand(app, "/qna", "Extract questions from last assistant message")
  const loading = await app.until("Extracting questions using faux-1")
  expect(loading).toContain("escape/ctrl+c cancel")
  expect(loading).not.toContain("Ask anything")
  app.mockInput.pressEscape()
  const after = await app.until("Cancelled")
  expect(after).not.toContain("Extracting questions")
  expect(after).toContain("Ask anything")
  release()
})
