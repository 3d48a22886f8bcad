// Pi's example games in the window: a real session host on the faux model loads the real example
// file, the host runs its pi-tui component and the window draws its rows and sends it keys.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand as command, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
const windowWith = (file: string) => open([file])

for (const game of [
  { file: "snake.ts", name: "snake", description: "Play Snake!", title: "SNAKE" },
  { file: "space-invaders.ts", name: "invaders", description: "Play Space Invaders!", title: "SPACE INVADERS" },
])
  test(`${game.name}: the board takes the composer's place; Esc pauses it away, any key resumes, Q quits`, async () => {
    const { app } = await windowWith(game.file)
    await command(app, `/${game.name}`, game.description)
    const board = await app.until(game.title)
    expect(board).toContain("Score: 0")
    expect(board).not.toContain("Ask anything")
    app.mockInput.pressEscape()
    expect(await app.until((f) => !f.includes(game.title))).toContain("Ask anything")
    // Back again: the game kept its state and waits, paused, for a key.
    await command(app, `/${game.name}`, game.description)
    expect(await app.until("PAUSED")).toContain("Press any key to continue")
    app.mockInput.pressKey("x")
    await app.until((f) => f.includes(game.title) && !f.includes("PAUSED"))
    app.mockInput.pressKey("q")
    expect(await app.until((f) => !f.includes(game.title))).toContain("Ask anything")
  })

test("tic-tac-toe: arrows and Enter play X; the agent's tool calls play O on the same board, at the window's width", async () => {
  const { app, fx } = await windowWith("tic-tac-toe.ts")
  fx.faux.setResponses([
    toolTurn("tic_tac_toe", { action: "move_right" }),
    toolTurn("tic_tac_toe", { action: "play" }),
    fauxAssistantMessage("Your turn."),
  ])
  await command(app, "/tic-tac-toe", "Play tic-tac-toe against the agent")
  // Rendered at the host's default width first, then at this window's 90 columns.
  const title = (f: string) => f.split("\n").find((l) => l.includes("Tic-Tac-Toe")) ?? ""
  const board = await app.until((f) => title(f).trimEnd().length === 90)
  expect(board).toContain("Turn: X (You)")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  const played = await app.until((f) => f.includes("Placed O at (0,1)") && f.includes("◯"), 10_000)
  const rows = played.split("\n")
  const xRow = rows.findIndex((l) => l.includes("╳"))
  const oRow = rows.findIndex((l) => l.includes("◯"))
  // O in the top row, X two rows of cells below, both in the middle column.
  expect(xRow - oRow).toBe(8)
  expect(rows[xRow]!.indexOf("╳")).toBe(rows[oRow]!.indexOf("◯"))
  app.mockInput.pressEscape()
  await app.until((f) => f.includes("Ask anything"))
})
