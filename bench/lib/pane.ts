// One program in its own tmux session, seen as a person sees it: the visible screen text.
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { Tmux, tmuxQuote } from "./tmux"

export const COLS = 100
export const ROWS = 30
const EXITED = "[bench: exited "

export class WaitTimeout extends Error {
  constructor(
    readonly what: string,
    readonly screen: string,
    exited = false,
  ) {
    super(exited ? `the program exited before ${what} showed` : `timed out waiting for ${what}`)
  }
}

export interface LaunchSpec {
  name: string
  argv: string[]
  env: Record<string, string>
  cwd: string
  /** where the launch script is written */
  scratch: string
}

let serial = 0

export class Pane {
  private constructor(
    private readonly tmux: Tmux,
    readonly name: string,
    /** pid of the pane's shell; the program is its child */
    readonly pid: number,
    /** performance.now() just before tmux was asked to create the pane */
    readonly startedAt: number,
  ) {}

  /** Starts argv in a fresh detached session; the shell stays after the program ends so a crash stays readable. */
  static async launch(tmux: Tmux, spec: LaunchSpec): Promise<Pane> {
    const name = `${spec.name}-${process.pid}-${++serial}`
    const script = join(spec.scratch, `${name}.sh`)
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
    const env = Object.entries(spec.env).map(([k, v]) => `${k}=${q(v)}`)
    writeFileSync(
      script,
      [
        `cd ${q(spec.cwd)} || exit 1`,
        `env ${env.join(" ")} ${spec.argv.map(q).join(" ")}`,
        `echo "${EXITED}$?]"`,
        "exec sleep 600",
      ].join("\n") + "\n",
    )
    const startedAt = performance.now()
    await tmux.command(`new-session -d -s ${name} -x ${COLS} -y ${ROWS} ${tmuxQuote(`sh ${script}`)}`)
    const [pid] = await tmux.command(`list-panes -t ${name} -F ${tmuxQuote("#{pane_pid}")}`)
    return new Pane(tmux, name, Number(pid), startedAt)
  }

  async screen(): Promise<string> {
    return (await this.tmux.command(`capture-pane -p -t ${this.name}`)).join("\n")
  }

  /** Types text literally (as hex bytes, so nothing needs quoting). */
  async type(text: string): Promise<void> {
    const hex = [...Buffer.from(text, "utf8")].map((b) => b.toString(16).padStart(2, "0"))
    await this.tmux.command(`send-keys -t ${this.name} -H ${hex.join(" ")}`)
  }

  /** A named key in tmux's syntax: Enter, Escape, C-c … */
  async key(name: string): Promise<void> {
    await this.tmux.command(`send-keys -t ${this.name} ${name}`)
  }

  /**
   * Polls the screen until `test` holds; returns performance.now() of the first look that saw it.
   * Fails fast if the program exited.
   */
  async waitFor(
    what: string,
    test: (screen: string) => boolean,
    opts: { timeoutMs?: number; pollMs?: number } = {},
  ): Promise<number> {
    const deadline = performance.now() + (opts.timeoutMs ?? 30_000)
    const pollMs = opts.pollMs ?? 5
    let screen = ""
    for (;;) {
      screen = await this.screen()
      const now = performance.now()
      if (test(screen)) return now
      if (screen.includes(EXITED)) throw new WaitTimeout(what, screen, true)
      if (now > deadline) throw new WaitTimeout(what, screen)
      await Bun.sleep(pollMs)
    }
  }

  waitForText(text: string, opts?: { timeoutMs?: number; pollMs?: number }): Promise<number> {
    return this.waitFor(JSON.stringify(text), (s) => s.includes(text), opts)
  }

  async kill(): Promise<void> {
    await this.tmux.command(`kill-session -t ${this.name}`).catch(() => {})
  }
}
