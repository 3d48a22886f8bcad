// Where the terminal's cursor is, asked of the terminal itself (a cursor position report) while the
// renderer is suspended: the rows a command wrote on the main screen are known to nobody else. A
// child asks, so that a terminal that never answers costs a fifth of a second, not a hung window;
// the tty's own settings are put back as they were.
import { spawnSync } from "node:child_process"

const ASK = `old=$(stty -g) || exit 1
stty raw -echo min 0 time 2
printf '\\033[6n' >&2
dd bs=32 count=1 2>/dev/null
stty "$old"`

/** The cursor's row and column (1-based), or undefined when the terminal did not say. */
export function cursorPosition(): { row: number; col: number } | undefined {
  if (!process.stdin.isTTY) return undefined
  // stdin and stderr are the tty (the question goes out on it); the answer comes back on the pipe.
  const run = spawnSync("/bin/sh", ["-c", ASK], { stdio: ["inherit", "pipe", "inherit"], timeout: 2000 })
  return parseCursorReport(run.stdout?.toString("latin1") ?? "")
}

export function parseCursorReport(text: string): { row: number; col: number } | undefined {
  const m = /\x1b\[(\d+);(\d+)R/.exec(text)
  return m ? { row: Number(m[1]), col: Number(m[2]) } : undefined
}
