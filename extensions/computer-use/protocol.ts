// The NDJSON wire between the client (in xagent's process) and the worker: one UTF-8 JSON object
// per line (`\r\n` accepted), 16 MiB at most; stderr carries logs only. See README.md.
import type { Effect } from "../../src/common/computer-use"

export const PROTOCOL_VERSION = 1
export const MAX_LINE_BYTES = 16 * 1024 * 1024

export const CODES = [
  "COMPUTER_USE_BUSY",
  "COMPUTER_USE_STOPPED",
  "CANCELLED",
  "TIMEOUT",
  "STALE_REFERENCE",
  "TARGET_NOT_FOUND",
  "TARGET_CONFLICT",
  "TOOL_DENIED",
  "INVALID_PARAMS",
  "UNKNOWN_METHOD",
  "WORKER_EXITED",
  "NATIVE_HELPER_UNAVAILABLE",
  "NO_INTERACTIVE_DESKTOP",
  "UNSUPPORTED_ROUTE",
  "UNSUPPORTED_PLATFORM",
  "QUEUE_FULL",
  "PROTOCOL_ERROR",
  "COMPUTER_USE_OFF",
] as const
export type Code = (typeof CODES)[number]

export interface WireError {
  code: Code
  message: string
  effect: Effect
  retryable: boolean
  details?: Record<string, unknown>
}

export type HostKind = "win32" | "wsl"

export interface Hello {
  type: "hello"
  protocol: number
  pid: number
  epoch: number
  host: HostKind
  capabilities: string[]
  helperPids: number[]
}
export interface Request {
  type: "request"
  id: string
  op?: string
  method: string
  params: Record<string, unknown>
  deadlineMs: number | null
}
export type Response =
  | { type: "response"; id: string | null; ok: true; result: unknown }
  | { type: "response"; id: string | null; ok: false; error: WireError }
export interface Cancel {
  type: "cancel"
  id: string
}
export interface Released {
  type: "released"
  id: string
  inputReleased: boolean
}
export interface WorkerEvent {
  type: "event"
  name: "stopped" | "control" | "indicator_error" | "desktop_lost" | "ownership"
  op?: string
  reason?: string
  active?: boolean
}
export interface Dispose {
  type: "dispose"
  id: string
}
export interface Disposed {
  type: "disposed"
  id: string
  cleanup: { released: string[]; retained: string[] }
}

export type ToWorker = Request | Cancel | Dispose
export type FromWorker = Hello | Response | Released | WorkerEvent | Disposed

export class ComputerError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly effect: Effect = "none",
    readonly retryable = false,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
  toWire(): WireError {
    return {
      code: this.code,
      message: this.message,
      effect: this.effect,
      retryable: this.retryable,
      details: this.details,
    }
  }
}

/** Splits a byte stream into lines; a line over the limit is dropped and reported, not buffered. */
export function lineReader(onLine: (line: string) => void, onOversize: () => void = () => {}) {
  let buf = ""
  let skipping = false
  const decoder = new TextDecoder()
  return (chunk: Uint8Array | string) => {
    buf += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true })
    let nl: number
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl).replace(/\r$/, "")
      buf = buf.slice(nl + 1)
      if (skipping) skipping = false
      else if (line.trim()) onLine(line)
    }
    if (buf.length > MAX_LINE_BYTES) {
      buf = ""
      skipping = true
      onOversize()
    }
  }
}

export function parseMessage<T>(line: string): T | undefined {
  try {
    const v = JSON.parse(line) as unknown
    return v && typeof v === "object" && typeof (v as { type?: unknown }).type === "string" ? (v as T) : undefined
  } catch {
    return undefined
  }
}

export const encode = (msg: ToWorker | FromWorker): string => JSON.stringify(msg) + "\n"
