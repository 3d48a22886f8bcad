// Pi's snake example in the window (compat suite): playable, as game-board.ts plays it.
import { test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"
import { playBoard } from "./game-board"

const open = usePiExamples()

test("snake: the board takes the composer's place; Esc pauses it away, any key resumes, Q quits", () =>
  playBoard(open, { file: "snake.ts", command: "/snake", description: "Play Snake!", title: "SNAKE" }))
