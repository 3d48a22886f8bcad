// Pi's commands.ts example: /commands lists the slash commands by source in a select; choosing one
// asks whether to show its source path, and Yes shows it.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("commands.ts: /commands lists the extension commands; choosing one shows its source path", async () => {
  const { app } = await open(["commands.ts", "hello.ts", "bookmark.ts"])
  await runCommand(app, "/commands", "List available slash commands")
  const list = await app.until("Available Commands")
  expect(list).toContain("--- Extensions ---")
  expect(list).toContain("/bookmark - Bookmark last message")
  expect(list).toContain("/commands - List available slash commands")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("View source path?")
  app.mockInput.pressEnter()
  // The toast wraps the long path where the checkout's own path length makes it: read it unwrapped.
  const shown = await app.until((f) => f.replace(/[│\s]/g, "").includes("examples/extensions/commands.ts"))
  expect(shown).not.toContain("View source path?")
})
