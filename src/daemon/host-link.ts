// The channel between the broker and one session host: JSON lines over a socketpair that the
// broker makes as the host's fd 3 (Bun.spawn's fourth stdio entry, "pipe"), read and written as
// plain descriptor I/O (quiet-socket.ts's fdLink).
//
// Why not Bun's IPC channel: while it is open, Bun runs its socket layer's 1 s timer in both
// processes, so an idle broker and every idle host woke each second (docs/adr-idle-and-memory.md).
// A descriptor read through Bun.file(fd).stream() sits in epoll with no timer.
import { closeSync } from "node:fs"
import { LineDecoder } from "../protocol"
import { dupFd } from "../util/libc"
import { fdLink } from "../util/patches/quiet-socket"
import { Outbox } from "./outbox"

/** The host's end of the socketpair, where Bun.spawn puts the fourth stdio entry. */
export const HOST_LINK_FD = 3

// Both ends are ours and trusted: nothing is dropped for size or slowness (as with Bun's IPC),
// only a line no JSON text of ours reaches is refused.
const MAX_LINE = 1024 * 1024 * 1024
const UNBOUNDED = { maxQueuedBytes: Number.POSITIVE_INFINITY, stallMs: Number.POSITIVE_INFINITY }

export interface FrameLink<Out> {
  send(frame: Out): void
}

export interface FrameLinkHandlers<In> {
  frame(frame: In): void
  /** The other end went away (or the link failed). Called once. */
  close(): void
  log(message: string): void
}

/** Frames of JSON over the connected socket descriptor `fd`, which the link owns and closes. */
export function frameLink<In, Out>(fd: number, handlers: FrameLinkHandlers<In>): FrameLink<Out> {
  const text = new TextDecoder()
  const lines = new LineDecoder(
    (line) => {
      let frame: In
      try {
        frame = JSON.parse(line) as In
      } catch (e) {
        return handlers.log(`bad frame from the other end: ${(e as Error).message}`)
      }
      handlers.frame(frame)
    },
    (bytes) => handlers.log(`frame of ${bytes} characters refused`),
    MAX_LINE,
  )
  const link = fdLink(fd, {
    data: (chunk) => lines.push(text.decode(chunk, { stream: true })),
    drain: () => outbox.drain(),
    close: handlers.close,
  })
  const outbox = new Outbox(link, UNBOUNDED, () => {})
  const encoder = new TextEncoder()
  return { send: (frame) => outbox.send(encoder.encode(JSON.stringify(frame) + "\n")) }
}

/**
 * The host's end: fd 3 moved to a close-on-exec descriptor first, so the commands its tools run
 * do not inherit the broker's channel (one that outlived the host would keep the broker from
 * seeing it end, and could speak for it).
 */
export function hostEndFd(): number {
  const own = dupFd(HOST_LINK_FD)
  if (own === null) return HOST_LINK_FD
  closeSync(HOST_LINK_FD)
  return own
}
