// Pi's space-invaders example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("space-invaders: the board takes the composer's place; Esc pauses it away, any key resumes, Q quits", async () => {
  const { app } = await open(["space-invaders.ts"])
  await runCommand(app, "/invaders", "Play Space Invaders!")
  const board = await app.until("SPACE INVADERS")
  expect(board).toContain("Score: 0")
  expect(board).not.toContain("Ask anything")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("SPACE INVADERS"))).toContain("Ask anything")
  // Back again: the game kept its state and waits, paused, for a key.
  await runCommand(app, "/invaders", "Play Space Invaders!")
  expect(await app.until("PAUSED")).toContain("Press any key to continue")
  app.mockInput.pressKey("x")
  await app.until((f) => f.includes("SPACE INVADERS") && !f.includes("PAUSED"))
  app.mockInput.pressKey("q")
  expect(await app.until((f) => !f.includes("SPACE INVADERS"))).toContain("Ask anything")
})
