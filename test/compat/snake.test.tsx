// Pi's snake example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("snake: the board takes the composer's place; Esc pauses it away, any key resumes, Q quits", async () => {
  const { app } = await open(["snake.ts"])
  await runCommand(app, "/snake", "Play Snake!")
  const board = await app.until("SNAKE")
  expect(board).toContain("Score: 0")
  expect(board).not.toContain("Ask anything")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("SNAKE"))).toContain("Ask anything")
  // Back again: the game kept its state and waits, paused, for a key.
  await runCommand(app, "/snake", "Play Snake!")
  expect(await app.until("PAUSED")).toContain("Press any key to continue")
  app.mockInput.pressKey("x")
  await app.until((f) => f.includes("SNAKE") && !f.includes("PAUSED"))
  app.mockInput.pressKey("q")
  expect(await app.until((f) => !f.includes("SNAKE"))).toContain("Ask anything")
})
