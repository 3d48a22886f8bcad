// JSONL framing: one JSON object per line, with a size cap, and the envelope shapes. Both ends
// of the socket frame with encodeFrame and split with LineDecoder.
import type { DaemonMethod } from "./daemon"
import type { EventEnvelope } from "./events"
import type { Method } from "./requests"

export const PROTOCOL_VERSION = 1
/** Largest accepted line, in bytes (a 2,000-message snapshot stays well under this). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024

export interface RequestFrame {
  id: number | string
  method: Method | DaemonMethod
  params: unknown
}

export interface ErrorBody {
  code: "bad_frame" | "bad_request" | "unknown_method" | "not_found" | "refused" | "version" | "failed"
  message: string
}

/** `id` is null on the error for a frame whose id could not be read. */
export type ResponseFrame = { id: number | string; result: unknown } | { id: number | string | null; error: ErrorBody }

export type ServerFrame = ResponseFrame | EventEnvelope

export class ProtocolError extends Error {
  constructor(
    readonly code: ErrorBody["code"],
    message: string,
  ) {
    super(message)
  }
}

/**
 * Splits a byte stream into lines. A line over the cap is dropped whole (its remainder too)
 * and reported, so one bad peer cannot grow memory without bound.
 */
export class LineDecoder {
  private buf = ""
  private skipping = false

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (bytes: number) => void,
    private readonly max = MAX_FRAME_BYTES,
  ) {}

  reset() {
    this.buf = ""
    this.skipping = false
  }

  /** Characters held for a line not ended yet. */
  get pending(): number {
    return this.buf.length
  }

  push(chunk: string) {
    let start = 0
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
      const piece = chunk.slice(start, nl)
      start = nl + 1
      if (this.skipping) {
        this.skipping = false
        this.buf = ""
        continue
      }
      const line = this.buf + piece
      this.buf = ""
      if (line.length > this.max) this.onOversize(line.length)
      else if (line.trim()) this.onLine(line)
    }
    if (this.skipping) return
    this.buf += chunk.slice(start)
    if (this.buf.length > this.max) {
      this.onOversize(this.buf.length)
      this.buf = ""
      this.skipping = true
    }
  }
}

const encoder = new TextEncoder()

/** One frame as one line of UTF-8 JSON, as the socket carries it either way. */
export function encodeFrame(frame: RequestFrame | ServerFrame): Uint8Array {
  return encoder.encode(JSON.stringify(frame) + "\n")
}
