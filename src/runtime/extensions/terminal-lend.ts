// A window lends its terminal to the host for an extension that runs a command on it, as Pi's
// interactive-shell does (`tui.stop(); spawnSync(cmd, { stdio: "inherit" }); tui.start()`). All of
// it is synchronous, since the extension's spawnSync follows stop() at once: the host cannot wait
// for an event. So the window is asked by a signal (SIGUSR2 to the pid it named with its `!`
// command), steps aside (its renderer suspends: cooked mode, main screen, stdin left alone) and
// answers through a named pipe in its own folder; then the host puts the window's tty on its fds
// 0/1/2 for the command. Giving it back restores the host's own fds and signals the window again,
// which resumes and draws.
import { closeSync, constants, openSync, readSync, unlinkSync } from "node:fs"
import { isatty } from "node:tty"
import { isMainThread } from "node:worker_threads"
import type { Params } from "../../protocol/index"
import { dup2Fd, dupFd, makeFifo } from "../../util/libc"
import { processState, sendSignal } from "../../util/process-state"

export type WindowTerminal = NonNullable<Params<"session.bash">["terminal"]>

/** How long a window has to step aside: it only suspends its renderer. */
const ANSWER_MS = 5000
const SLICE_MS = 20
const STDIO = [0, 1, 2] as const

/** The terminal is the host's until the returned function gives it back; throws when it cannot be had. */
export function borrowTerminal(t: WindowTerminal | undefined): () => void {
  if (!t)
    throw new Error(
      "no terminal to run it on: interactive commands need the window that started them, on a terminal (none here: detached, or the window has none)",
    )
  // A window in this very thread could not answer while the host waits.
  if (t.pid === process.pid && isMainThread) throw new Error("no terminal to run it on: the window runs in the host")
  askWindow(t)
  let tty: number
  try {
    tty = openSync(t.tty, constants.O_RDWR | constants.O_NOCTTY)
  } catch (err) {
    signal(t.pid)
    throw new Error(`cannot open the window's terminal ${t.tty}: ${(err as Error).message}`)
  }
  // The command writes where this points: a terminal only, never a file.
  if (!isatty(tty)) {
    closeSync(tty)
    signal(t.pid)
    throw new Error(`the window's terminal ${t.tty} is no terminal`)
  }
  const saved = STDIO.map((fd) => dupFd(fd))
  if (saved.some((fd) => fd === null) || !STDIO.every((fd) => dup2Fd(tty, fd))) {
    restore(saved)
    closeSync(tty)
    signal(t.pid)
    throw new Error("cannot put the window's terminal on the host's standard input and output")
  }
  closeSync(tty)
  let given = false
  return () => {
    if (given) return
    given = true
    restore(saved)
    signal(t.pid)
  }
}

function restore(saved: (number | null)[]) {
  saved.forEach((fd, i) => {
    if (fd === null) return
    dup2Fd(fd, STDIO[i]!)
    closeSync(fd)
  })
}

/** Signals the window and waits for its "ready" on the pipe; throws when it does not come. */
function askWindow(t: WindowTerminal) {
  // Made new where nothing is (the window clears its own folder first): nothing else is ever touched.
  if (!makeFifo(t.reply)) throw new Error(`cannot ask the window for its terminal: no pipe at ${t.reply}`)
  // Non-blocking, so that a window that never writes cannot hold the host (and the open itself never waits).
  const fd = openSync(t.reply, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    if (!signal(t.pid)) throw new Error("the window that started the command is gone")
    const buf = Buffer.alloc(64)
    let answer = ""
    for (let waited = 0; !answer.includes("\n"); waited += SLICE_MS) {
      if (waited >= ANSWER_MS) throw new Error("the window did not lend its terminal")
      let n = 0
      try {
        n = readSync(fd, buf)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EAGAIN") throw err
      }
      if (n > 0) answer += buf.toString("utf8", 0, n)
      else if (processState(t.pid) === "gone") throw new Error("the window that started the command closed")
      else Bun.sleepSync(SLICE_MS)
    }
    if (answer.trim() !== "ready") throw new Error(`the window could not lend its terminal: ${answer.trim()}`)
  } finally {
    closeSync(fd)
    try {
      unlinkSync(t.reply)
    } catch {}
  }
}

function signal(pid: number): boolean {
  return sendSignal(pid, "SIGUSR2")
}
