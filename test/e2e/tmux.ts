// A real terminal for end-to-end runs: a tmux server of its own (-L), one pane, keys in, screen out.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TERMINAL_WAIT_MS } from "../fixture/wait"

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0

export interface Pane {
  send(...keys: string[]): void
  type(text: string): void
  /** Pastes `text` as the terminal would on drag-and-drop or Ctrl+Shift+V (bracketed paste). */
  paste(text: string): void
  screen(): string
  /** Everything the pane holds: its history (the terminal's scrollback) and the screen. */
  scrollback(): string
  resize(cols: number, rows: number): void
  /** Forgets the scrollback (as a fresh terminal would have none). */
  clearHistory(): void
  /** Polls the screen until `match` holds; throws with the last screen at the deadline. */
  waitFor(match: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>
  /** Runs a tmux command on the pane's own server (e.g. `set-option`, `show-buffer`); its output. */
  tmux(...args: string[]): string
  /** The process the pane's shell is running now (the program under test), if any. */
  programPid(): number | undefined
  kill(): void
}

export function openPane(opts: {
  cwd: string
  env: Record<string, string>
  cols?: number
  rows?: number
  /** Lines of scrollback the pane keeps (tmux's default is 2000). */
  history?: number
}): Pane {
  const socket = `xagent-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  const tmux = (...args: string[]) => {
    const r = spawnSync("tmux", ["-L", socket, ...args], { cwd: opts.cwd, env: opts.env, encoding: "utf8" })
    if (r.status !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr?.trim() ?? r.error}`)
    return r.stdout
  }
  // A plain shell in the pane, so a program's exit status stays readable after it quits.
  const size = ["-x", String(opts.cols ?? 100), "-y", String(opts.rows ?? 30)]
  // history-limit only reaches panes made after it is set: it goes in the server's config.
  const conf = opts.history ? join(mkdtempSync(join(tmpdir(), "xagent-tmux-")), "tmux.conf") : "/dev/null"
  if (opts.history) writeFileSync(conf, `set -g history-limit ${opts.history}\n`)
  tmux("-f", conf, "new-session", "-d", "-s", "e2e", "-c", opts.cwd, ...size, "sh")
  tmux("set-option", "-g", "status", "off")
  const pane: Pane = {
    send: (...keys) => void tmux("send-keys", "-t", "e2e", ...keys),
    type: (text) => void tmux("send-keys", "-t", "e2e", "-l", text),
    paste(text) {
      tmux("set-buffer", "--", text)
      tmux("paste-buffer", "-p", "-t", "e2e")
    },
    screen: () => tmux("capture-pane", "-p", "-t", "e2e"),
    scrollback: () => tmux("capture-pane", "-p", "-S", "-", "-t", "e2e"),
    clearHistory: () => void tmux("clear-history", "-t", "e2e"),
    resize: (cols, rows) => void tmux("resize-window", "-t", "e2e", "-x", String(cols), "-y", String(rows)),
    async waitFor(match, timeoutMs = TERMINAL_WAIT_MS) {
      const test =
        typeof match === "function"
          ? match
          : typeof match === "string"
            ? (s: string) => s.includes(match)
            : (s: string) => match.test(s)
      const deadline = Date.now() + timeoutMs
      let screen = pane.screen()
      while (!test(screen)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(match)}; the screen:\n${screen}`)
        await Bun.sleep(40)
        screen = pane.screen()
      }
      return screen
    },
    tmux,
    programPid() {
      const shell = Number(tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}").trim())
      const children = readFileSync(`/proc/${shell}/task/${shell}/children`, "utf8").trim().split(/\s+/).filter(Boolean)
      return children.length ? Number(children[0]) : undefined
    },
    kill: () => void spawnSync("tmux", ["-L", socket, "kill-server"]),
  }
  return pane
}
