// Pi's tic-tac-toe example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("tic-tac-toe: arrows and Enter play X; the agent's tool calls play O on the same board, at the window's width", async () => {
  const { app, fx } = await open(["tic-tac-toe.ts"])
  fx.faux.setResponses([
    toolTurn("tic_tac_toe", { action: "move_right" }),
    toolTurn("tic_tac_toe", { action: "play" }),
    fauxAssistantMessage("Your turn."),
  ])
  await runCommand(app, "/tic-tac-toe", "Play tic-tac-toe against the agent")
  // Rendered at the host's default width first, then at this window's 90 columns.
  const title = (f: string) => f.split("\n").find((l) => l.includes("Tic-Tac-Toe")) ?? ""
  const board = await app.until((f) => title(f).trimEnd().length === 90)
  expect(board).toContain("Turn: X (You)")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  const played = await app.until((f) => f.includes("Placed O at (0,1)") && f.includes("◯"))
  const rows = played.split("\n")
  const xRow = rows.findIndex((l) => l.includes("╳"))
  const oRow = rows.findIndex((l) => l.includes("◯"))
  // O in the top row, X two rows of cells below, both in the middle column.
  expect(xRow - oRow).toBe(8)
  expect(rows[xRow]!.indexOf("╳")).toBe(rows[oRow]!.indexOf("◯"))
  app.mockInput.pressEscape()
  await app.until((f) => f.includes("Ask anything"))
})
