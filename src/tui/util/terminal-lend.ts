// The window's side of lending its terminal to the session host (runtime/extensions/terminal-lend.ts): a `!`
// command names this window's process, tty and answer pipe; an extension that runs the command on
// the terminal (interactive-shell) makes the host signal SIGUSR2, and the renderer steps aside
// (suspend) and says "ready" on the pipe. The next SIGUSR2 gives the terminal back: the renderer
// resumes and draws. Set up on the first `!` command only, never on the startup path.
// Inline, the footer comes back below the command's output (inline/footer-after-command.ts).
import { closeSync, constants, lstatSync, mkdtempSync, openSync, readlinkSync, rmSync, writeSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Params } from "../../protocol"
import type { CliRenderer } from "@opentui/core"
import { createSignal } from "solid-js"
import { resumeBelowOutput } from "../inline/footer-after-command"
import { interruptCommand, openerOf } from "./lent-command"

type Terminal = NonNullable<Params<"session.bash">["terminal"]>

let terminal: Terminal | null | undefined
let lent = false
// For the inline committer: nothing goes up to the scrollback while the terminal is lent. A row
// written meanwhile (the command's answer can come before the signal that gives the terminal back)
// waits in the suspended renderer and lands at the footer's old place, over the command's output.
const [lentNow, setLentNow] = createSignal(false)
export const terminalLentNow = lentNow
/** The host that has the terminal (it holds the answer pipe open while it asks). */
let borrower: number | undefined

/** When the terminal last came back. */
let givenBackAt = -Infinity
/**
 * The Ctrl+C that ended a command can reach the event loop after the signal that gave the terminal
 * back. From then on the terminal is raw again, where Ctrl+C is a key, not a signal: a SIGINT this
 * soon after is still the command's.
 */
const LATE_SIGINT_MS = 1000

/** The host has the terminal: Ctrl+C there is the command's business, not a reason to close. */
export function terminalLent(): boolean {
  return lent || performance.now() - givenBackAt < LATE_SIGINT_MS
}

/** Ctrl+C while the terminal is lent: passed on to the command (lent-command.ts). */
export function interruptLent(): void {
  if (lent && borrower !== undefined && terminal) interruptCommand(borrower, terminal.tty)
}

/**
 * Called once a `!` command's request has settled: a host that answered has given the terminal
 * back already (SIGUSR2 comes before its answer); one that died holding it never will.
 */
export function reclaimTerminal(renderer: CliRenderer): void {
  if (lent) takeBack(renderer)
}

function isFifo(path: string): boolean {
  try {
    return lstatSync(path).isFIFO()
  } catch {
    return false
  }
}

function takeBack(renderer: CliRenderer) {
  lent = false
  borrower = undefined
  givenBackAt = performance.now()
  resumeBelowOutput(renderer, (text) => {
    try {
      writeSync(1, text)
    } catch {
      // A terminal gone: the window is about to find out on its own.
    }
  })
  // Last: what waited to go up is written below the output, where the footer is now.
  setLentNow(false)
}

/** This window's terminal as a `!` command offers it; undefined without one (a test harness, not Linux). */
export function lendableTerminal(renderer: CliRenderer): Terminal | undefined {
  // A pipe left by a host that stopped midway: the host makes it anew for each command.
  if (terminal) rmSync(terminal.reply, { force: true })
  if (terminal !== undefined) return terminal ?? undefined
  terminal = null
  if (process.platform !== "linux" || !process.stdin.isTTY) return undefined
  let tty: string
  try {
    tty = readlinkSync("/proc/self/fd/0")
  } catch {
    return undefined
  }
  if (!tty.startsWith("/dev/")) return undefined
  const dir = mkdtempSync(join(tmpdir(), "xagent-term-"))
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }))
  const reply = join(dir, "reply")
  process.on("SIGUSR2", () => {
    if (lent) return takeBack(renderer)
    // A host asking has made its answer pipe first. Without one this is the signal that gave the
    // terminal back, handled after the command's answer had the window take it back already (the
    // two reach the event loop in either order): stepping aside again would draw the footer back
    // over the command's output.
    if (!isFifo(reply)) return
    renderer.suspend()
    lent = true
    setLentNow(true)
    borrower = openerOf(reply)
    // Non-blocking: a host that stopped waiting has no reader on the pipe, and the window must not hang.
    try {
      const fd = openSync(reply, constants.O_WRONLY | constants.O_NONBLOCK)
      writeSync(fd, "ready\n")
      closeSync(fd)
    } catch {
      // Nothing was written meanwhile: the footer can come back where it was.
      lent = false
      setLentNow(false)
      renderer.resume()
    }
  })
  return (terminal = { pid: process.pid, tty, reply })
}
