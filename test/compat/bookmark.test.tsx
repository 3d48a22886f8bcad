// Pi's bookmark.ts example: /bookmark labels the last reply (the label shows in /tree), /unbookmark
// takes it off again.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("bookmark.ts: /bookmark labels the reply in /tree; /unbookmark removes it", async () => {
  const { app, fx } = await open(["bookmark.ts"])
  fx.faux.setResponses([fauxAssistantMessage("The answer is 42.")])
  await app.submit("what is it?")
  await app.until("The answer is 42.")
  await runCommand(app, "/bookmark mymark", "Bookmark last message")
  await app.until("Bookmarked as: mymark")
  await runCommand(app, "/tree", "Move to another point")
  expect(await app.until("[mymark]")).toContain("[mymark] The answer is 42.")
  app.mockInput.pressEscape()
  await app.until("Ask anything")
  await runCommand(app, "/unbookmark", "Remove bookmark from last labeled entry")
  await app.until("Removed bookmark: mymark")
  await runCommand(app, "/tree", "Move to another point")
  const tree = await app.until("The answer is 42.")
  expect(tree).not.toContain("[mymark]")
})
