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

/**
 * One piece of a server frame too big for one line (a long session's snapshot): base64 of the
 * next bytes of that frame's UTF-8 JSON. The pieces of a frame come one after another with
 * nothing between them; the one with `last` completes it (PieceJoiner).
 */
export interface PieceFrame {
  type: "piece"
  data: string
  last: boolean
}

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
const decoder = new TextDecoder()

/** One frame as one line of UTF-8 JSON, as the socket carries it either way. */
export function encodeFrame(frame: RequestFrame | ServerFrame): Uint8Array {
  return encoder.encode(JSON.stringify(frame) + "\n")
}

/** Room a piece line takes besides its base64 data. */
const PIECE_OVERHEAD = 64

/**
 * A server frame as one line, or, when that line is over `maxLine` bytes, as consecutive piece
 * lines of at most `maxLine` bytes each, in one buffer (written out as one frame).
 */
export function encodeServerFrame(frame: ServerFrame, maxLine = MAX_FRAME_BYTES): Uint8Array {
  const whole = encodeFrame(frame)
  if (whole.length <= maxLine) return whole
  const body = whole.subarray(0, whole.length - 1)
  const step = Math.floor((maxLine - PIECE_OVERHEAD) / 4) * 3
  if (step <= 0) throw new Error(`a frame cap of ${maxLine} bytes leaves no room for pieces`)
  const lines: Uint8Array[] = []
  for (let at = 0; at < body.length; at += step) {
    const data = Buffer.from(body.buffer, body.byteOffset + at, Math.min(step, body.length - at)).toString("base64")
    const piece: PieceFrame = { type: "piece", data, last: at + step >= body.length }
    lines.push(encoder.encode(JSON.stringify(piece) + "\n"))
  }
  return Buffer.concat(lines)
}

/** Puts piece lines back together; `take` gives the whole frame's JSON text once its last piece is in. */
export class PieceJoiner {
  private parts: Buffer[] = []

  /** Drops a frame left half-joined (the connection it came on ended). */
  reset() {
    this.parts = []
  }

  take(piece: PieceFrame): string | undefined {
    this.parts.push(Buffer.from(piece.data, "base64"))
    if (!piece.last) return undefined
    const whole = Buffer.concat(this.parts)
    this.parts = []
    return decoder.decode(whole)
  }
}
