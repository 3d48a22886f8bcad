// Files as an editor holds them (ACP's fs/read_text_file: unsaved buffers), for the read tool of a
// session an editor said it can answer for (`session.setEditorFiles`). The host cannot reach the
// editor itself: it asks every subscriber with an `editor_read` event and the editor's `xagent acp`
// answers with `session.editorFile`. No answer, or none in time, and the tool reads the disk.
import type { SessionEvent } from "../../protocol/index"
import { randomUUID } from "node:crypto"

/** How long a read waits for the editor before it reads the disk. */
const ANSWER_MS = 10_000

export class EditorFiles {
  private reading = false
  private readonly pending = new Map<string, (text: string | undefined) => void>()

  constructor(private readonly emit: (e: SessionEvent) => void) {}

  get active(): boolean {
    return this.reading
  }

  set(read: boolean): void {
    this.reading = read
    if (!read) for (const id of [...this.pending.keys()]) this.answer(id, undefined)
  }

  /** The file's text as the editor has it; undefined: read the disk. */
  read(path: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.reading || signal?.aborted) return Promise.resolve(undefined)
    const requestId = randomUUID()
    return new Promise<string | undefined>((resolve) => {
      const done = (text: string | undefined) => {
        clearTimeout(timer)
        signal?.removeEventListener("abort", abort)
        this.pending.delete(requestId)
        resolve(text)
      }
      const abort = () => done(undefined)
      // An editor that stopped answering (its process killed) is asked no more.
      const timer = setTimeout(() => {
        this.reading = false
        done(undefined)
      }, ANSWER_MS)
      signal?.addEventListener("abort", abort, { once: true })
      this.pending.set(requestId, done)
      this.emit({ type: "editor_read", requestId, path })
    })
  }

  answer(requestId: string, text: string | undefined): void {
    this.pending.get(requestId)?.(text)
  }
}
