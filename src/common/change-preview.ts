// What an edit or write would change, from the tool call's arguments alone, for the person to read
// before allowing it: the call has not run, so there is no diff of the file yet. An edit's
// replacements show as a line diff of each old text against its new one; a write shows its whole
// new content as added lines (whether it replaces a file is not known here). Other tools: none.
import { lineDiff, type DiffLine } from "./line-diff"

export type PreviewLine = DiffLine | { op: "@"; text: string }

/** Texts longer than this are shown as removed then added: the line diff's table is quadratic. */
const DIFF_LINES = 400

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

/** Pi's edit takes `edits: [{oldText, newText}]`; older callers send one pair, or the list as JSON. */
function editsOf(input: Record<string, unknown>): { oldText: string; newText: string }[] {
  let edits: unknown = input.edits
  if (typeof edits === "string") {
    try {
      edits = JSON.parse(edits)
    } catch {
      edits = undefined
    }
  }
  if (isRecord(edits) && !Array.isArray(edits)) edits = [edits]
  const list = Array.isArray(edits) ? edits : [input]
  return list.flatMap((e) =>
    isRecord(e) && typeof e.oldText === "string" && typeof e.newText === "string"
      ? [{ oldText: e.oldText, newText: e.newText }]
      : [],
  )
}

function pairDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n")
  const b = after.split("\n")
  if (a.length + b.length > DIFF_LINES)
    return [...a.map((text) => ({ op: "-" as const, text })), ...b.map((text) => ({ op: "+" as const, text }))]
  // A run of changed lines reads as the old lines, then the new ones.
  const out: DiffLine[] = []
  let run: DiffLine[] = []
  const flush = () => {
    out.push(...run.filter((l) => l.op === "-"), ...run.filter((l) => l.op === "+"))
    run = []
  }
  for (const line of lineDiff(before, after)) {
    if (line.op === " ") {
      flush()
      out.push(line)
    } else run.push(line)
  }
  flush()
  return out
}

export function changePreview(toolName: string, input: unknown): PreviewLine[] | undefined {
  if (!isRecord(input)) return undefined
  if (toolName === "write" && typeof input.content === "string") {
    const lines = input.content.replace(/\n$/, "").split("\n")
    return lines.map((text) => ({ op: "+", text }))
  }
  if (toolName !== "edit") return undefined
  const edits = editsOf(input)
  if (edits.length === 0) return undefined
  return edits.flatMap((e, i) => [
    ...(edits.length > 1 ? [{ op: "@" as const, text: `edit ${i + 1} of ${edits.length}` }] : []),
    ...pairDiff(e.oldText, e.newText),
  ])
}
