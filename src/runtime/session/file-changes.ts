// What each edit and write of a live session did to its file, kept for an editor's diff while an
// editor is attached (approval "ask"): taken where the call reads and writes, inside Pi's queue for
// that file, so neither a consent given long before ("allow always") nor calls of the same reply
// running side by side can put another call's state into a diff. An editor takes each once.
import type { FileChange } from "../../protocol/index"

/** Enough for the rows of a few replies; an editor takes each as its row completes. */
const KEEP = 64
/** A diff of a bigger file is not worth holding its text twice. */
const MAX_CHARS = 2_000_000

export class FileChanges {
  private readonly changes = new Map<string, FileChange>()

  constructor(readonly keeping: () => boolean) {}

  record(toolCallId: string, path: string, oldText: string | null, newText: string): void {
    if (!this.keeping() || (oldText?.length ?? 0) + newText.length > MAX_CHARS) return
    const first = this.changes.get(toolCallId)
    // One call, one change: the text before its first write and after its last.
    this.changes.delete(toolCallId)
    this.changes.set(toolCallId, { path, oldText: first?.path === path ? first.oldText : oldText, newText })
    for (const id of this.changes.keys()) {
      if (this.changes.size <= KEEP) break
      this.changes.delete(id)
    }
  }

  take(toolCallId: string): FileChange | undefined {
    const c = this.changes.get(toolCallId)
    this.changes.delete(toolCallId)
    return c
  }
}
