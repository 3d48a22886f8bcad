// Pi's modal-editor example in the window: its vim-like editor takes the composer's place and
// every key the editor reads reaches it (letters, Esc, arrows, Backspace, 0 and $ in normal mode).
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("modal-editor: insert and normal modes, motions and deletes, arrows and Backspace, Enter sends", async () => {
  const { app, fx } = await open(["modal-editor.ts"], { waitFor: " INSERT " })
  await app.mockInput.typeText("abcdef")
  app.mockInput.pressBackspace()
  app.mockInput.pressArrow("left")
  await app.mockInput.typeText("X")
  await app.until((f) => /^abcdXe +$/m.test(f))
  app.mockInput.pressEscape()
  await app.until(" NORMAL ")
  // Letters are motions now: 0 to the line start, x deletes the character there.
  await app.mockInput.typeText("0x")
  await app.until((f) => /^bcdXe +$/m.test(f))
  // $ to the line end (Pi's Ctrl+E), where x has nothing to delete.
  await app.mockInput.typeText("$x")
  await app.mockInput.typeText("a")
  await app.until(" INSERT ")
  await app.mockInput.typeText("!")
  await app.until((f) => /^bcdXe! +$/m.test(f))
  fx.faux.setResponses([fauxAssistantMessage("noted")])
  app.mockInput.pressEnter()
  const sent = await app.until("noted")
  expect(sent).toContain("│ bcdXe!")
})
