// Server-sent event streams reach the provider SDKs in pieces of at most a few KB.
//
// Why: the OpenAI and Anthropic SDKs (which Pi's providers use) split a stream into events by
// concatenating each network read onto what is left and then copying the remainder after every
// event (`data = data.slice(index)`). A read holding k events costs O(k²) bytes of copying. When
// a model streams faster than the session host reads (a burst, a busy machine, a local model), one
// read holds 64 KB or more and hundreds of events: profiled at full speed, that copying was over
// half of the daemon's CPU for a reply. Cutting the body into small pieces at line ends first
// keeps every copy small; the bytes and their order are unchanged, so any SSE parser sees the
// same stream. XAGENT_NO_SSE_CHUNKS=1 leaves fetch alone (docs/patches.md).
import { patchOn } from "../../util/patch-switch"

/** Largest piece handed on, unless a single line is longer (a line is never cut). */
export const SSE_PIECE_BYTES = 2048

const NEWLINE = 0x0a

/** Splits `chunk` into views of at most `max` bytes that end at a line end (or at the chunk's end). */
export function splitAtLines(chunk: Uint8Array, max = SSE_PIECE_BYTES): Uint8Array[] {
  if (chunk.length <= max) return [chunk]
  const out: Uint8Array[] = []
  let start = 0
  while (chunk.length - start > max) {
    // the last line end within the next `max` bytes, else the first one after them
    let cut = chunk.lastIndexOf(NEWLINE, start + max - 1)
    if (cut < start) cut = chunk.indexOf(NEWLINE, start + max)
    if (cut < 0) break
    out.push(chunk.subarray(start, cut + 1))
    start = cut + 1
  }
  if (start < chunk.length) out.push(chunk.subarray(start))
  return out
}

function isEventStream(res: Response): boolean {
  return !!res.body && (res.headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream")
}

/**
 * What the wrapper has done in this process: event streams it re-cut, and the reads among them
 * that it had to cut. The guard test reads it to prove the wrapper sits on Pi's real provider path.
 */
export const sseRechunked = { streams: 0, cutReads: 0 }

/** The same response, its body re-cut into line-aligned pieces. */
export function rechunkEventStream(res: Response): Response {
  if (!isEventStream(res)) return res
  sseRechunked.streams++
  const body = res.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const pieces = splitAtLines(chunk)
        if (pieces.length > 1) sseRechunked.cutReads++
        for (const piece of pieces) controller.enqueue(piece)
      },
    }),
  )
  const out = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  // SDKs put the URL into their errors and debug logs
  Object.defineProperty(out, "url", { value: res.url })
  return out
}

const INSTALLED = Symbol.for("xagent.sseRechunk")

/**
 * Wraps this process's (or worker's) global fetch once. The SDKs look fetch up when a client is
 * made, which Pi does per request, so sessions opened later are covered too.
 */
export function installSseRechunking(): void {
  const g = globalThis as typeof globalThis & { [INSTALLED]?: boolean }
  if (g[INSTALLED] || !patchOn("SSE_CHUNKS")) return
  g[INSTALLED] = true
  const original = g.fetch
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
    rechunkEventStream(await original(input, init))
  g.fetch = Object.assign(wrapped, original) as typeof fetch
}
