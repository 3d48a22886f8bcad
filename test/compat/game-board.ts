// The scenario Pi's arcade examples (snake, space-invaders) share in the window: a real session
// host loads the example, its command puts the board in the composer's place, Esc pauses it away,
// the command brings it back paused, any key resumes, Q quits.
import { expect } from "bun:test"
import { runCommand, type usePiExamples } from "../fixture/pi-examples"

export async function playBoard(
  open: ReturnType<typeof usePiExamples>,
  game: { file: string; command: string; description: string; title: string },
) {
  const { app } = await open([game.file])
  await runCommand(app, game.command, game.description)
  const board = await app.until(game.title)
  expect(board).toContain("Score: 0")
  expect(board).not.toContain("Ask anything")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes(game.title))).toContain("Ask anything")
  // Back again: the game kept its state and waits, paused, for a key.
  await runCommand(app, game.command, game.description)
  expect(await app.until("PAUSED")).toContain("Press any key to continue")
  app.mockInput.pressKey("x")
  await app.until((f) => f.includes(game.title) && !f.includes("PAUSED"))
  app.mockInput.pressKey("q")
  expect(await app.until((f) => !f.includes(game.title))).toContain("Ask anything")
}
