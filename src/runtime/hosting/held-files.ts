// Which live session holds a session file. The host owns the answer: its opens join by it, its
// switches refuse by it, its listings mark by it, and the broker, whose sessions each live in a
// host process of their own, asks every host the same question (`holds`, host-frames.ts) rather
// than matching their reports itself. A session holds its current file only: after a `/new` the
// file it had is nobody's, and opening it again opens a session of its own.
import { resolve } from "node:path"
import type { SavedSession } from "../../protocol/index"
import type { LiveSession } from "../session/live-session"

/** What a listing says of a saved session that is live. */
export type LiveMark = NonNullable<SavedSession["live"]>

export class HeldFiles {
  /** Opens in flight by file, so two windows opening one file share a session. */
  private readonly opening = new Map<string, Promise<LiveSession>>()

  constructor(private readonly sessions: () => Iterable<LiveSession>) {}

  /** The live session whose file is `path`, other than `except`. */
  live(path: string, except?: string): LiveSession | undefined {
    const want = resolve(path)
    for (const s of this.sessions()) if (s.id !== except && !s.closed && s.file && resolve(s.file) === want) return s
    return undefined
  }

  /** The live session on `path`, or the one opening it now (whose failure is this open's too). */
  async holder(path: string): Promise<LiveSession | undefined> {
    const s = this.live(path) ?? (await this.opening.get(resolve(path)))
    return s && !s.closed ? s : undefined
  }

  /** `starting` opens `path`: until it settles, an open of the file waits for it. Returns the release. */
  claim(path: string, starting: Promise<LiveSession>): () => void {
    const key = resolve(path)
    this.opening.set(key, starting)
    return () => {
      if (this.opening.get(key) === starting) this.opening.delete(key)
    }
  }

  /** The live mark of each of `paths` a session here holds. */
  marks(paths: string[]): Record<string, LiveMark> {
    const out: Record<string, LiveMark> = {}
    for (const path of paths) {
      const s = this.live(path)
      if (s)
        out[path] = {
          sessionId: s.id,
          running: s.running,
          pendingQuestions: s.bridge.pendingCount(),
          windows: s.journal.subscribers,
        }
    }
    return out
  }
}
