// Pi's border-status-editor example in the window: the editor's borders carry the model,
// thinking level and folder, its empty footer replaces the status bar, and it takes the keys.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("border-status-editor: model and thinking on the border, keys reach it, Enter sends", async () => {
  const { app, fx } = await open(["border-status-editor.ts"], { waitFor: "faux/faux-1" })
  const frame = app.frame()
  expect(frame).toMatch(/─ faux\/faux-1 · medium ─+ ctx /)
  expect(frame).not.toContain("Ask anything")
  await app.mockInput.typeText("hello there")
  app.mockInput.pressArrow("left")
  app.mockInput.pressBackspace()
  await app.until((f) => /^hello thee +$/m.test(f))
  fx.faux.setResponses([fauxAssistantMessage("general kenobi")])
  app.mockInput.pressEnter()
  expect(await app.until("general kenobi")).toContain("hello thee")
})
