// What `/diff` lists: the files this session's edit and write calls changed (the branch on screen),
// each with its calls in order. Calls that failed changed nothing and are left out.
import type { ToolItem, TranscriptItem } from "../../protocol"

export interface FileChanges {
  path: string
  calls: ToolItem[]
}

const CHANGES = new Set(["edit", "write"])

export function sessionChanges(items: readonly TranscriptItem[]): FileChanges[] {
  const byPath = new Map<string, FileChanges>()
  for (const item of items) {
    if (item.kind !== "tool" || !CHANGES.has(item.name) || item.status !== "done") continue
    const path = (item.args as { path?: unknown } | undefined)?.path
    if (typeof path !== "string" || !path) continue
    let file = byPath.get(path)
    if (!file) byPath.set(path, (file = { path, calls: [] }))
    file.calls.push(item)
  }
  return [...byPath.values()]
}
