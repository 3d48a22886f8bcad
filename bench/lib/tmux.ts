// A private tmux server driven through one control-mode client: commands go down a pipe and
// replies come back as %begin/%end blocks, so polling the screen costs no process spawn per look
// (a spawned `tmux capture-pane` every few ms would steal the CPU we are trying to measure).
import { rmSync } from "node:fs"
import { join } from "node:path"
import type { Subprocess } from "bun"

interface Pending {
  command: string
  resolve: (lines: string[]) => void
  reject: (error: Error) => void
}

export class TmuxError extends Error {}

export class Tmux {
  private queue: Pending[] = []
  private block: string[] | null = null
  private blockEnd = ""
  private closed = false
  private readonly done: Promise<void>

  private constructor(
    readonly socket: string,
    private readonly proc: Subprocess<"pipe", "pipe", "pipe">,
  ) {
    this.done = this.readLoop()
  }

  /** Starts a server on its own socket (`tmux -L <socket>`), with no user config. */
  static async start(socket: string): Promise<Tmux> {
    const proc = Bun.spawn(
      ["tmux", "-L", socket, "-f", "/dev/null", "-C", "new-session", "-s", "ctl", "-x", "80", "-y", "24", "sleep 9999"],
      { stdin: "pipe", stdout: "pipe", stderr: "pipe" },
    )
    const tmux = new Tmux(socket, proc)
    // our own output on a control client is only noise; screens are read with capture-pane
    await tmux.command("refresh-client -f no-output")
    await tmux.command("set-option -g status off")
    await tmux.command("set-option -g extended-keys on")
    return tmux
  }

  private async readLoop(): Promise<void> {
    const decoder = new TextDecoder()
    let buffered = ""
    const reader = this.proc.stdout.getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffered += decoder.decode(value, { stream: true })
      let nl: number
      while ((nl = buffered.indexOf("\n")) >= 0) {
        this.line(buffered.slice(0, nl))
        buffered = buffered.slice(nl + 1)
      }
    }
    this.closed = true
    for (const p of this.queue.splice(0)) p.reject(new TmuxError(`tmux control client ended during: ${p.command}`))
  }

  private line(line: string): void {
    if (this.block) {
      if (line.startsWith(this.blockEnd) || line.startsWith(this.blockEnd.replace("%end", "%error"))) {
        const failed = line.startsWith("%error")
        const lines = this.block
        this.block = null
        // blocks flagged 0 answer the command on tmux's own command line, not ours
        if (!this.blockEnd.endsWith(" 1")) return
        const pending = this.queue.shift()
        if (!pending) return
        if (failed) pending.reject(new TmuxError(`tmux: ${pending.command}: ${lines.join(" ")}`))
        else pending.resolve(lines)
        return
      }
      this.block.push(line)
      return
    }
    const m = /^%begin (\d+) (\d+) (\d+)$/.exec(line)
    if (m) {
      this.block = []
      this.blockEnd = `%end ${m[1]} ${m[2]} ${m[3]}`
    }
  }

  /** Runs one tmux command (tmux syntax, one line) and returns its output lines. */
  command(command: string): Promise<string[]> {
    if (this.closed) return Promise.reject(new TmuxError(`tmux is gone: ${command}`))
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject })
      this.proc.stdin.write(command + "\n")
      this.proc.stdin.flush()
    })
  }

  async kill(): Promise<void> {
    if (!this.closed) await this.command("kill-server").catch(() => {})
    await Promise.race([this.done, Bun.sleep(2000)])
    if (!this.closed) this.proc.kill()
    this.removeSocket()
  }

  /** tmux can leave the socket file behind when the server is told to go */
  removeSocket(): void {
    rmSync(join(process.env.TMUX_TMPDIR ?? "/tmp", `tmux-${process.getuid?.() ?? 0}`, this.socket), { force: true })
  }
}

/** tmux single quotes have no escapes; we never need a quote inside, so refuse one. */
export function tmuxQuote(text: string): string {
  if (text.includes("'")) throw new TmuxError(`cannot quote for tmux: ${text}`)
  return `'${text}'`
}
