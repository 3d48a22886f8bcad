// What `--print` shows: the reply's text on stdout as it streams, tool activity and problems on
// stderr. Fed session events, which it applies to a snapshot with the shared reducer; it then
// prints what is new in the item the event touched, and remembers what it printed.
import {
  applyEvent,
  emptySnapshot,
  type AssistantItem,
  type SessionEvent,
  type ToolItem,
  type TranscriptItem,
} from "../protocol"
import { settledLength, streamedText, terminalText } from "../common/terminal-text"

export interface PrintSink {
  stdout(text: string): void
  stderr(text: string): void
}

const ARGS_MAX = 160

export class PrintRenderer {
  /** Characters of each assistant text block already written, by `itemId:blockIndex`. */
  private printed = new Map<string, number>()
  private lastItem?: string
  private endsWithNewline = true
  private wroteAny = false
  private toolsShown = new Map<string, ToolItem["status"]>()
  private readonly snap = emptySnapshot("")
  private readonly index = new Map<string, number>()
  readonly errors: string[] = []
  /**
   * A reply's error waits for the next event: when that is the retry's notice, the attempt was not
   * the end (the notice names the error), so printing it first would put an error before a retry.
   */
  private heldError?: string

  constructor(private readonly sink: PrintSink) {}

  /** Items that were already in the session before this prompt are not printed again. */
  skip(items: TranscriptItem[]) {
    for (const item of items) {
      if (item.kind === "assistant")
        item.blocks.forEach((b, i) => b.type === "text" && this.printed.set(`${item.id}:${i}`, b.text.length))
      if (item.kind === "tool") this.toolsShown.set(item.id, item.status)
    }
  }

  handle(event: SessionEvent) {
    applyEvent(this.snap, event, this.index)
    if (this.heldError !== undefined) {
      const item = event.type === "item_add" || event.type === "item_update" ? event.item : undefined
      if (item && isRetry(item)) this.heldError = undefined
      else if (!quiet(event)) {
        this.fail(this.heldError)
        this.heldError = undefined
      }
    }
    switch (event.type) {
      case "snapshot":
        this.skip(this.snap.items)
        break
      case "item_add":
      case "item_update":
        this.touched(event.item.id)
        break
      case "text_delta":
        this.touched(event.itemId)
        break
      case "ui_notify":
        if (event.level !== "info") this.note(`${event.level}: ${event.message}`)
        break
    }
  }

  /** Ends stdout with a newline when the reply did not. */
  finish() {
    if (this.heldError !== undefined) this.fail(this.heldError)
    this.heldError = undefined
    if (this.wroteAny && !this.endsWithNewline) this.write("\n")
  }

  private touched(id: string) {
    const at = this.index.get(id)
    if (at !== undefined) this.item(this.snap.items[at]!)
  }

  private item(item: TranscriptItem) {
    if (item.kind === "assistant") return this.assistant(item)
    if (item.kind === "tool") return this.tool(item)
    if (item.kind === "notice" && item.level === "error") this.fail(item.text)
    else if (item.kind === "notice" && item.level === "warning") this.note(`warning: ${item.text}`)
  }

  private assistant(item: AssistantItem) {
    item.blocks.forEach((block, i) => {
      if (block.type !== "text") return
      const rest = block.text.slice(this.printed.get(`${item.id}:${i}`) ?? 0)
      // A sequence split across chunks waits for its end, so it is removed whole.
      const ready = item.streaming ? settledLength(rest) : rest.length
      if (ready > 0) this.text(item.id, i, rest.slice(0, ready))
    })
    // A streaming item's stop reason is not final (a failure shows once the reply ends).
    if (!item.streaming && item.stopReason === "error")
      this.heldError = item.errorMessage ?? "the model returned an error"
  }

  private text(itemId: string, blockIndex: number, delta: string) {
    const key = `${itemId}:${blockIndex}`
    this.printed.set(key, (this.printed.get(key) ?? 0) + delta.length)
    const shown = streamedText(delta)
    if (!shown) return
    // A later message of the same reply (after its tools ran) starts a new paragraph.
    if (this.lastItem !== undefined && this.lastItem !== itemId) this.write(this.endsWithNewline ? "\n" : "\n\n")
    this.lastItem = itemId
    this.write(shown)
  }

  private tool(item: ToolItem) {
    const seen = this.toolsShown.get(item.id)
    if (seen === item.status) return
    this.toolsShown.set(item.id, item.status)
    if (seen === undefined) this.note(`→ ${item.name} ${describeArgs(item.args)}`)
    if (item.status === "error") this.note(`✗ ${item.name}: ${firstLine(item.output) ?? "failed"}`)
  }

  /** The host reports a failed reply more than once (stop reason, notice, turn_end): say it once. */
  fail(message: string) {
    if (this.errors.includes(message)) return
    this.errors.push(message)
    this.note(`error: ${message}`)
  }

  private note(line: string) {
    this.sink.stderr(`${terminalText(line)}\n`)
  }

  private write(text: string) {
    this.wroteAny = true
    this.endsWithNewline = text.endsWith("\n")
    this.sink.stdout(text)
  }
}

function describeArgs(args: unknown): string {
  if (args && typeof args === "object") {
    const a = args as Record<string, unknown>
    const main = a.command ?? a.path ?? a.file_path ?? a.pattern ?? a.query
    if (typeof main === "string") return clip(main)
  }
  const json = JSON.stringify(args ?? {})
  return clip(json === "{}" ? "" : json)
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length > ARGS_MAX ? `${flat.slice(0, ARGS_MAX - 1)}…` : flat
}

function firstLine(text: string | undefined): string | undefined {
  return text
    ?.split("\n")
    .find((l) => l.trim())
    ?.trim()
}

/** The host's notice that a failed attempt is being retried (runtime/session/event-projection.ts). */
function isRetry(item: TranscriptItem): boolean {
  return item.kind === "notice" && item.level === "warning" && item.text.startsWith("Retrying (")
}

/** Events that print nothing and say nothing about whether a failed attempt is retried. */
function quiet(event: SessionEvent): boolean {
  if (event.type === "stats" || event.type === "info" || event.type === "queue") return true
  return event.type === "item_update" && event.item.kind === "assistant"
}
