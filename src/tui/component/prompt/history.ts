// Sent prompts, per folder, in `$XAGENT_HOME/history.jsonl` (one `{cwd, text, at}` per line).
// Shared by every window: appends only, a torn last line is skipped, and the file is cut back to
// its newest lines when it grows past a bound. Failing to persist never blocks sending.
import {
  appendFileSync,
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { readFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { xagentHome } from "../../../util/daemon-paths"

export const HISTORY_MAX_LINES = 1000
const PRIVATE = 0o600
export const HISTORY_KEEP_LINES = 500
/** Longer texts stay in this window's memory only. */
export const HISTORY_MAX_PERSISTED_CHARS = 16_000

export function defaultHistoryFile(): string {
  return join(xagentHome(), "history.jsonl")
}

export class PromptHistory {
  private entries: string[] = []
  private lines = 0
  private index = 0
  private draft = ""
  private narrowed = false
  readonly loaded: Promise<void>

  constructor(
    readonly cwd: string,
    readonly file = defaultHistoryFile(),
  ) {
    this.loaded = this.load()
  }

  private async load() {
    const text = await readFile(this.file, "utf8").catch(() => "")
    const lines = text.split("\n").filter((l) => l.trim())
    this.lines = lines.length
    const mine = lines.flatMap((line) => {
      const entry = parse(line)
      return entry && entry.cwd === this.cwd ? [entry.text] : []
    })
    // Sends that raced the load come after what was on disk.
    const navigating = this.index < this.entries.length
    this.entries = dedupe([...mine, ...this.entries])
    if (!navigating) this.index = this.entries.length
  }

  get size() {
    return this.entries.length
  }

  append(text: string) {
    if (!text.trim()) return
    if (this.entries.at(-1) !== text) this.entries.push(text)
    this.reset()
    if (text.length > HISTORY_MAX_PERSISTED_CHARS) return
    try {
      this.persist(JSON.stringify({ cwd: this.cwd, text, at: Date.now() }))
    } catch {
      // A read-only or full disk costs the persisted history, not the prompt.
    }
  }

  /** The older entry, saving `current` as the draft when navigation starts; undefined at the oldest. */
  prev(current: string): string | undefined {
    if (this.index === 0) return undefined
    if (this.index === this.entries.length) this.draft = current
    this.index--
    return this.entries[this.index]
  }

  /** The newer entry, or the saved draft past the newest; undefined when not navigating. */
  next(): string | undefined {
    if (this.index >= this.entries.length) return undefined
    this.index++
    return this.index === this.entries.length ? this.draft : this.entries[this.index]
  }

  reset() {
    this.index = this.entries.length
    this.draft = ""
  }

  private persist(line: string) {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 })
    appendFileSync(this.file, (endsTorn(this.file) ? "\n" : "") + line + "\n", { mode: PRIVATE })
    // What people type can hold secrets: a file made before this rule (0644) is narrowed too.
    if (!this.narrowed) {
      this.narrowed = true
      if ((statSync(this.file).mode & 0o077) !== 0) chmodSync(this.file, PRIVATE)
    }
    this.lines++
    if (this.lines <= HISTORY_MAX_LINES) return
    const kept = readFileSync(this.file, "utf8")
      .split("\n")
      .filter((l) => parse(l))
      .slice(-HISTORY_KEEP_LINES)
    const tmp = `${this.file}.${process.pid}.tmp`
    writeFileSync(tmp, kept.join("\n") + "\n", { mode: PRIVATE })
    renameSync(tmp, this.file)
    this.lines = kept.length
  }
}

function parse(line: string): { cwd: string; text: string } | undefined {
  try {
    const v = JSON.parse(line)
    return typeof v?.cwd === "string" && typeof v?.text === "string" ? v : undefined
  } catch {
    return undefined
  }
}

/** True when the file is non-empty and its last byte is not a newline (a write was cut short). */
function endsTorn(file: string): boolean {
  const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0
  if (size === 0) return false
  const fd = openSync(file, "r")
  const last = Buffer.alloc(1)
  readSync(fd, last, 0, 1, size - 1)
  closeSync(fd)
  return last[0] !== 0x0a
}

function dedupe(texts: string[]): string[] {
  return texts.filter((t, i) => t !== texts[i - 1])
}
