// What an edit or write changed, for its row: the file as the row first saw it (before the call
// could write, while it waits for consent) and the file once the call is done.
import { existsSync, readFileSync } from "node:fs"
import type { ToolItem } from "../protocol"
import { targetPath, type DiffContent } from "./tool-rows"

/** The file's text now; null when it does not exist; undefined when it cannot be read (or is no file tool's). */
export function snapshotOf(item: { name: string; args: unknown }, cwd: string): string | null | undefined {
  if (item.name !== "edit" && item.name !== "write") return undefined
  const path = targetPath(item.name, item.args, cwd)
  if (!path) return undefined
  try {
    return existsSync(path) ? readFileSync(path, "utf8") : null
  } catch {
    return undefined
  }
}

/** A finished edit or write: the file as it was when the row appeared, and as it is now. */
export function finalDiff(item: ToolItem, cwd: string, before: string | null | undefined): DiffContent[] {
  if ((item.name !== "edit" && item.name !== "write") || before === undefined) return []
  const path = targetPath(item.name, item.args, cwd)
  if (!path || !existsSync(path)) return []
  try {
    return [{ type: "diff", path, oldText: before, newText: readFileSync(path, "utf8") }]
  } catch {
    return []
  }
}
