// What the /agents page draws, as plain lines: the list grouped by where each profile comes from,
// and the selected one's details. Every string came from a file, so each passes the sanitizer.
import { PROFILE_GROUPS, type ProfileGroup, type ProfileRow } from "../../../src/protocol/agent-profiles"
import { terminalLine } from "../../../src/common/terminal-text"

export const GROUP_TITLES: Record<ProfileGroup, string> = {
  "built-in": "Built-in",
  global: "Global",
  project: "Project",
  claude: "Claude Code's",
  unreadable: "Unreadable",
}

export type ListLine = { kind: "header"; text: string } | { kind: "row"; row: ProfileRow; index: number }

/** The list's lines: a header before each group that has rows, then its rows (`index` into `rows`). */
export function listLines(rows: readonly ProfileRow[], folders?: Record<"global" | "project", string>): ListLine[] {
  const out: ListLine[] = []
  for (const g of PROFILE_GROUPS) {
    const mine = rows.map((row, index) => ({ row, index })).filter((x) => x.row.group === g)
    if (!mine.length) continue
    const where = g === "global" || g === "project" ? folders?.[g] : undefined
    out.push({ kind: "header", text: where ? `${GROUP_TITLES[g]} · ${terminalLine(where)}` : GROUP_TITLES[g] })
    for (const x of mine) out.push({ kind: "row", ...x })
  }
  return out
}

/** The row's one-line summary after its name. */
export function summary(row: ProfileRow): string {
  if (row.kind === "unreadable") return terminalLine(row.notes?.[0] ?? "cannot be read")
  return terminalLine(row.description ?? "")
}

/** The detail pane's lines, label then value (a value of several lines is several entries). */
export function detailLines(row: ProfileRow): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = []
  const add = (label: string, value: string | undefined) => value && out.push({ label, value: terminalLine(value) })
  add("name", row.name)
  add("source", GROUP_TITLES[row.group])
  add("about", row.description)
  if (row.kind === "acp") add("runs", row.command)
  else {
    add("model", row.model ?? (row.kind === "unreadable" ? undefined : "the parent's"))
    add("effort", row.effort)
    add("tools", row.tools?.join(", "))
  }
  add("file", row.file)
  if (row.shadowedBy) add("note", `not used: the ${GROUP_TITLES[row.shadowedBy]} profile of this name wins`)
  for (const n of row.notes ?? []) add(row.kind === "unreadable" ? "error" : "note", n)
  if (row.noEdit && row.noEdit === row.noDelete) add("locked", row.noEdit)
  else {
    add("no edit", row.noEdit)
    add("no delete", row.noDelete)
  }
  return out
}

/** `text` in at most `n` columns, cut at its end. */
export function cut(text: string, n: number): string {
  if (n <= 0) return ""
  if (text.length <= n) return text
  return n >= 2 ? `${text.slice(0, n - 1)}…` : text.slice(0, n)
}
