// What an edit or write changed, for its row: the file as the row first saw it (before the call
// could write, while it waits for consent) and the file once the call is done.
import { existsSync, readFileSync } from "node:fs"
import type { ToolItem } from "../protocol"
import { writeDetails } from "../common/write-details"
import { previewDiffs, targetPath, type DiffContent } from "./tool-rows"

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

/**
 * A finished edit or write of a history (session/load), from what the session file kept: an
 * edit's patch (Pi's details) hunk by hunk, else its replacements as the model wrote them; a write
 * that made its file whole, one that replaced a file by the patch it kept (common/write-details.ts).
 */
export function historyDiffs(item: ToolItem, cwd: string): DiffContent[] {
  const path = targetPath(item.name, item.args, cwd)
  if (item.status !== "done" || !path) return []
  if (item.name === "write") {
    const content = (item.args as { content?: unknown } | undefined)?.content
    const details = writeDetails(item.details)
    if (!details || typeof content !== "string") return []
    if (details.created) return [{ type: "diff", path, oldText: null, newText: content }]
    return details.patch === undefined ? [] : patchHunks(details.patch).map((h) => ({ type: "diff", path, ...h }))
  }
  if (item.name !== "edit") return []
  const patch = (item.details as { patch?: unknown } | undefined)?.patch
  const hunks = typeof patch === "string" ? patchHunks(patch) : []
  return hunks.length
    ? hunks.map((h) => ({ type: "diff", path, ...h }))
    : previewDiffs("edit", item.args, cwd, undefined)
}

/**
 * Why a replayed write over an existing file has no diff: its session kept no patch (written
 * before writes kept one, or the file was too big to diff). Said, so no editor takes it for new.
 */
export function historyDiffGap(item: ToolItem): string | undefined {
  if (item.name !== "write" || item.status !== "done") return undefined
  const details = writeDetails(item.details)
  return details && !details.created && details.patch === undefined
    ? "This write replaced an existing file; the session did not keep the file's earlier text, so there is no diff."
    : undefined
}

/** A unified diff's hunks as the text before and after each (its context lines in both). */
export function patchHunks(patch: string): { oldText: string; newText: string }[] {
  const hunks: { old: string[]; new: string[] }[] = []
  let last: "old" | "new" | "both" = "both"
  for (const line of patch.split("\n")) {
    if (line.startsWith("@@")) {
      hunks.push({ old: [], new: [] })
      continue
    }
    const h = hunks.at(-1)
    if (!h || !line) continue
    const text = `${line.slice(1)}\n`
    if (line[0] === " ") {
      h.old.push(text)
      h.new.push(text)
      last = "both"
    } else if (line[0] === "-") {
      h.old.push(text)
      last = "old"
    } else if (line[0] === "+") {
      h.new.push(text)
      last = "new"
    } else if (line[0] === "\\") {
      // "\ No newline at end of file": the line before it ends the file without one.
      for (const side of last === "both" ? [h.old, h.new] : [h[last]])
        if (side.length) side[side.length - 1] = side.at(-1)!.slice(0, -1)
    }
  }
  return hunks.map((h) => ({ oldText: h.old.join(""), newText: h.new.join("") }))
}
