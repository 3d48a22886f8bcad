// A connected Bun socket handed over to plain file-descriptor I/O, so that an idle connection
// costs no CPU.
//
// Why: while any socket is open, Bun's socket layer (uSockets) keeps two timers running, a 1 s
// HTTP "Date" header refresh and a 4 s timeout sweep, whether or not anything uses them. An idle
// window and its daemon each woke about once a second for nothing (docs/adr-idle-and-memory.md).
// The same connection read through `Bun.file(fd).stream()` and written through a FileSink sits
// in epoll with no timer at all. So once Bun has connected or accepted (and has done the address
// handling and error reporting for us), we duplicate the descriptor, close Bun's socket, and do
// the I/O on the duplicate. Where that cannot be done (no libc to call, no fd exposed),
// `adoptSocket` returns null and the caller keeps using the Bun socket: slower to idle, but the
// same behaviour. XAGENT_NO_QUIET_SOCKET=1 makes that the path everywhere (docs/patches.md).
import type { Socket } from "bun"
import { closeSync } from "node:fs"
import { dupFd } from "../libc"
import { patchOn } from "../patch-switch"

export interface LinkHandlers {
  data(chunk: Uint8Array): void
  /** An earlier write that took 0 bytes can now be retried. */
  drain(): void
  /** The peer went away, or the link failed or was closed. Called once. */
  close(): void
}

export interface Link {
  /**
   * Like Bun's socket.write: the number of bytes taken, -1 once closed. The link takes a whole
   * chunk, or nothing (0) while an earlier chunk still waits for the peer; `drain` follows.
   */
  write(data: Uint8Array): number
  /** Sends what was already taken (for at most `graceMs`), then closes. */
  end(graceMs?: number): void
  /** Closes at once; what was not sent is lost. */
  destroy(): void
}

const END_GRACE_MS = 2000

/** Takes `socket` over (see above); null when the platform does not allow it or the patch is off. */
export function adoptSocket(socket: Socket<any>, handlers: LinkHandlers): Link | null {
  if (!patchOn("QUIET_SOCKET")) return null
  const fd = (socket as { fd?: number }).fd
  if (typeof fd !== "number" || fd < 0) return null
  const own = dupFd(fd)
  if (own === null) return null
  // From here on Bun's socket must not report anything: its close is ours, not the peer's.
  socket.terminate()
  return fdLink(own, handlers)
}

/** Bun's socket itself as a Link, where it cannot be handed over: its handlers do the reading. */
export function bunSocketLink(socket: Socket<any>): Link {
  return { write: (b) => socket.write(b), end: () => socket.end(), destroy: () => socket.terminate() }
}

/**
 * Stream I/O on a connected socket descriptor that this link owns (and closes). `sink` is the
 * descriptor's FileSink (given only by the test that brings one to a state it cannot reach on cue).
 */
export function fdLink(fd: number, handlers: LinkHandlers, sink = Bun.file(fd).writer()): Link {
  const reader = Bun.file(fd).stream().getReader()
  let waiting: Promise<unknown> | undefined
  let closed = false

  const close = () => {
    if (closed) return
    closed = true
    try {
      // a flush to a departed peer rejects: nobody waits for it
      void Promise.resolve(sink.end()).catch(() => {})
    } catch {}
    // the descriptor goes once the reader has let go of it (a number closed under a poll could
    // be reused by the next open)
    reader
      .cancel()
      .catch(() => {})
      .finally(() => {
        try {
          closeSync(fd)
        } catch {}
      })
    handlers.close()
  }

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done || closed) break
        handlers.data(value)
      }
    } catch {
      // a read error ends the link like an EOF
    }
    close()
  })()

  return {
    write(data) {
      if (closed) return -1
      if (waiting) return 0
      let r: unknown
      try {
        r = sink.write(data)
        // The sink holds small chunks until the end of the event-loop turn, so a frame sent before
        // a stretch of synchronous work (a host preparing the model request, a window rendering)
        // would wait for all of it: Bun's own socket writes at once, and so does this link.
        if (typeof r === "number") r = sink.flush()
      } catch {
        close()
        return -1
      }
      // Once a flush to a departed peer has failed, Bun's sink answers `true`: it takes nothing more.
      if (typeof r !== "number" && typeof (r as Promise<number> | undefined)?.then !== "function") {
        close()
        return -1
      }
      if (typeof r !== "number") {
        // the sink copied the chunk and writes it once the peer reads: take nothing more till then
        const p = (waiting = (r as Promise<number>).then(
          () => {
            if (waiting !== p) return
            waiting = undefined
            if (!closed) handlers.drain()
          },
          () => close(),
        ))
      }
      return data.length
    },
    end(graceMs = END_GRACE_MS) {
      if (closed) return
      if (!waiting) return close()
      const timer = setTimeout(close, graceMs)
      waiting.finally(() => {
        clearTimeout(timer)
        close()
      })
    },
    destroy: close,
  }
}
