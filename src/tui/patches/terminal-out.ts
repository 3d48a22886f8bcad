// The window's way to the terminal: OpenTUI's frames through the output filter
// (tui/util/output-filter.ts), which drops the colour sequences and cursor moves that change
// nothing (a streamed token cost 172 bytes against pi's 100, two thirds of them sequences).
// OpenTUI takes a custom stdout by its public option and hands it each frame's bytes (its
// NativeSpanFeed) instead of writing them from native code. Stray writes to process.stdout go the
// same way, so they meet OpenTUI's capture as before. What OpenTUI does only for process.stdout
// is done here: following SIGWINCH (docs/patches.md, OUTPUT_FILTER). XAGENT_NO_OUTPUT_FILTER=1:
// process.stdout as it is, OpenTUI writing natively.
import { patchOn } from "../../util/patch-switch"
import { OutputFilter } from "../util/output-filter"

type WriteCallback = (error?: Error | null) => void

export interface TerminalOut {
  /** What the renderer writes to; process.stdout when the filter is off. */
  stream: NodeJS.WriteStream
  /**
   * Tells the renderer of the terminal's new size: OpenTUI listens for SIGWINCH only when it
   * writes to process.stdout itself. Full screen waits for a run of resizes to end, as it does.
   */
  follow(renderer: Resizable, debounceMs: number): void
  /** Puts process.stdout back and sends on anything still held. */
  restore(): void
}

interface Resizable {
  readonly isDestroyed: boolean
  resize(width: number, height: number): void
}

export function terminalOut(real: NodeJS.WriteStream = process.stdout, env = process.env): TerminalOut {
  if (!patchOn("OUTPUT_FILTER", env)) return { stream: real, follow() {}, restore() {} }
  const realWrite = real.write
  const filter = new OutputFilter(() => real.columns || Infinity)
  // The callback comes once the terminal took the bytes: until then OpenTUI's feed holds the next
  // frame, as its own blocking write did, so a slow terminal gets fewer frames, not a queue of them.
  const send = (bytes: Uint8Array, cb?: WriteCallback): boolean => {
    if (bytes.length === 0) {
      if (cb) process.nextTick(cb)
      return true
    }
    // a copy: the filter reuses its buffer, and the stream may hold this one a while
    return (realWrite as (chunk: Uint8Array, cb?: WriteCallback) => boolean).call(real, Buffer.from(bytes), cb)
  }
  /** The terminal's own listener method `name` (its resize, its drain), answering with this stream. */
  const listen =
    (name: "on" | "once" | "off" | "removeListener") =>
    (event: string, fn: (...args: unknown[]) => void): unknown => {
      real[name](event, fn)
      return stream
    }
  const stream = {
    write(chunk: string | Uint8Array, encodingOrCb?: BufferEncoding | WriteCallback, cb?: WriteCallback): boolean {
      const encoding = typeof encodingOrCb === "string" ? encodingOrCb : "utf8"
      const done = typeof encodingOrCb === "function" ? encodingOrCb : cb
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk
      return send(filter.push(bytes), done)
    },
    get columns() {
      return real.columns
    },
    get rows() {
      return real.rows
    },
    get isTTY() {
      return real.isTTY
    },
    getColorDepth: (env?: object) => real.getColorDepth(env),
    hasColors: (...args: unknown[]) => (real.hasColors as (...a: unknown[]) => boolean)(...args),
    on: listen("on"),
    once: listen("once"),
    off: listen("off"),
    removeListener: listen("removeListener"),
  }
  // Everything else that writes to the terminal goes through the same filter (its state must see
  // every byte), and through OpenTUI's capture of stray output when the renderer installs it on
  // this stream.
  real.write = ((...args: Parameters<typeof stream.write>) => stream.write(...args)) as typeof real.write
  let restored = false
  let onWinch: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    stream: stream as unknown as NodeJS.WriteStream,
    follow(renderer, debounceMs) {
      const apply = () => {
        timer = undefined
        const { columns, rows } = real
        if (!renderer.isDestroyed && columns > 0 && rows > 0) renderer.resize(columns, rows)
      }
      onWinch = () => {
        clearTimeout(timer)
        if (debounceMs <= 0) apply()
        else timer = setTimeout(apply, debounceMs)
      }
      process.on("SIGWINCH", onWinch)
    },
    restore() {
      if (restored) return
      restored = true
      if (onWinch) process.off("SIGWINCH", onWinch)
      clearTimeout(timer)
      send(filter.end())
      real.write = realWrite
    },
  }
}
