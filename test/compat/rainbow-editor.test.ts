// Pi's rainbow-editor example in the window: its editor (Pi's own with "ultrathink" drawn in
// moving colours) takes the composer's place, takes the keys and sends as the composer does.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("rainbow-editor: typing reaches its editor, ultrathink is drawn, Enter sends and empties it", async () => {
  const { app, fx } = await open(["rainbow-editor.ts"])
  // The composer first, then the extension's editor in its place once the session has started.
  await app.until((f) => !f.includes("Ask anything") && f.includes("───"))
  await app.mockInput.typeText("please ultrathink about it")
  app.mockInput.pressBackspace()
  app.mockInput.pressBackspace()
  await app.mockInput.typeText("this")
  await app.until((f) => /^please ultrathink about this +$/m.test(f))
  fx.faux.setResponses([fauxAssistantMessage("thought hard")])
  app.mockInput.pressEnter()
  const sent = await app.until((f) => f.includes("thought hard") && !/^please ultrathink about this +$/m.test(f))
  expect(sent).toContain("please ultrathink about this")
})

test("rainbow-editor: Ctrl+C empties its editor first, as Pi's does; on an empty one it arms quitting", async () => {
  const { app } = await open(["rainbow-editor.ts"])
  await app.until((f) => !f.includes("Ask anything") && f.includes("───"))
  await app.mockInput.typeText("drop this line")
  await app.until("drop this line")
  app.mockInput.pressCtrlC()
  const cleared = await app.until((f) => !f.includes("drop this line"))
  expect(cleared).not.toContain("Press Ctrl+C again to quit")
  app.mockInput.pressCtrlC()
  await app.until("Press Ctrl+C again to quit")
})
