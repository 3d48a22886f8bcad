// xagent's tool items as ACP tool rows: kinds, titles, absolute locations and diffs. Pure, so the
// mapping is tested in process; tool-call-updates.ts decides when each row is sent.
import { isAbsolute, resolve } from "node:path"
import type { ToolItem } from "../protocol"
import { PLAN_TOOL } from "../common/plan"
import { TODO_TOOL } from "../common/todo"

export type AcpToolKind = "read" | "edit" | "search" | "execute" | "fetch" | "switch_mode" | "other"
export type AcpToolStatus = "pending" | "in_progress" | "completed" | "failed"

const KINDS: Record<string, AcpToolKind> = {
  read: "read",
  ls: "read",
  edit: "edit",
  write: "edit",
  bash: "execute",
  grep: "search",
  find: "search",
  fetch: "fetch",
  [PLAN_TOOL]: "switch_mode",
}

export const toolKind = (name: string): AcpToolKind => KINDS[name] ?? "other"

/** todo_write's list goes as a `plan` update, never as a row. */
export const hasRow = (name: string) => name !== TODO_TOOL

const ORDER: AcpToolStatus[] = ["pending", "in_progress", "completed", "failed"]

/** A status never moves backwards (completed and failed are both final). */
export const advances = (from: AcpToolStatus | undefined, to: AcpToolStatus) =>
  from === undefined || (ORDER.indexOf(to) > ORDER.indexOf(from) && from !== "completed" && from !== "failed")

export function rowStatus(item: ToolItem): AcpToolStatus {
  return item.status === "pending"
    ? "pending"
    : item.status === "running"
      ? "in_progress"
      : item.status === "done"
        ? "completed"
        : "failed"
}

const argsOf = (item: { args: unknown }) => (item.args ?? {}) as Record<string, unknown>
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined)

/** The file or folder a call names, absolute (against the session's folder). */
export function targetPath(name: string, args: unknown, cwd: string): string | undefined {
  const a = (args ?? {}) as Record<string, unknown>
  const p = str(a.path) ?? str(a.file_path)
  if (p) return isAbsolute(p) ? p : resolve(cwd, p)
  return name === "ls" || name === "grep" || name === "find" ? cwd : undefined
}

export function toolLocations(item: { name: string; args: unknown }, cwd: string): { path: string; line?: number }[] {
  const path = targetPath(item.name, item.args, cwd)
  if (!path) return []
  const offset = argsOf(item).offset
  return typeof offset === "number" && offset >= 1 ? [{ path, line: Math.floor(offset) }] : [{ path }]
}

export function toolTitle(item: { name: string; args: unknown }, cwd: string): string {
  const a = argsOf(item)
  const first = (s: string) => s.split("\n")[0]!.slice(0, 120)
  const path = targetPath(item.name, item.args, cwd)
  switch (item.name) {
    case "bash":
      return str(a.command) ? first(a.command as string) : "bash"
    case "read":
      return path ? `Read ${path}` : "Read"
    case "edit":
      return path ? `Edit ${path}` : "Edit"
    case "write":
      return path ? `Write ${path}` : "Write"
    case "ls":
      return `List ${path}`
    case "grep":
    case "find":
      return str(a.pattern) ? `${item.name} ${first(a.pattern as string)}` : item.name
    case PLAN_TOOL:
      return "Submit the plan"
    default:
      return item.name
  }
}

export interface DiffContent {
  type: "diff"
  path: string
  oldText: string | null
  newText: string
}

/**
 * What an edit or write would change, before it runs (the permission card): write's whole new
 * text over the file as it is; for edit each replacement, as the model spelled it.
 */
export function previewDiffs(
  name: string,
  args: unknown,
  cwd: string,
  before: string | null | undefined,
): DiffContent[] {
  const path = targetPath(name, args, cwd)
  if (!path) return []
  const a = (args ?? {}) as Record<string, unknown>
  // An unreadable file is no "new file": without its old text, write shows no diff.
  if (name === "write" && typeof a.content === "string")
    return before === undefined ? [] : [{ type: "diff", path, oldText: before, newText: a.content }]
  if (name === "edit" && Array.isArray(a.edits))
    return a.edits
      .filter(
        (e): e is { oldText: string; newText: string } =>
          typeof e?.oldText === "string" && typeof e?.newText === "string",
      )
      .map((e) => ({ type: "diff", path, oldText: e.oldText, newText: e.newText }))
  return []
}
