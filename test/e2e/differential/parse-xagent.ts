// xagent's transcript (inline: the scrollback; full screen: the pane) → items. xagent marks what a
// row is with its first characters: `│ ` a user message, `▸ Thinking`, a status glyph and the tool's
// name for a tool row with its result as `│ ` lines right under it, `⏹` an interruption.
import { mergeText, outline, squash, textOf, type Item } from "./items"

/** The scenarios call Pi's built-in tools; any other `✗ …` row (`✗ Error: …`) is a notice. */
const TOOL_ROW = /^ {2}([✓✗⠀-⣿]) (read|bash|edit|write|ls|grep|find)(?: (.*))?$/
const NOTICE = /^ {2}[✗⚠] (.*)$/
const RESULT = /^ {2}│ ?(.*)$/
const CUT = /^… \d+ more lines?\b/

/** The transcript's rows: after the shell line that started xagent, before the prompt box. */
function transcriptLines(captured: string): string[] {
  const lines = captured.split("\n").map((l) => l.replace(/\s+$/, ""))
  const start = lines.findIndex((l) => l.includes("bin/xagent")) + 1
  let end = lines.findLastIndex((l) => l.startsWith("╭─"))
  if (end < 0) end = lines.length
  return lines.slice(start, end)
}

/** The row's header less the summary xagent sets two spaces after it (`exit 0`, `5 lines`, `+1 -1`). */
function toolArg(name: string, rest: string): string {
  const summaryAt = rest.lastIndexOf("  ")
  let arg = summaryAt >= 0 ? rest.slice(0, summaryAt) : rest
  if (name === "bash") arg = arg.replace(/^\$ /, "")
  // grep says `"pattern" in path`; Pi writes `/pattern/`: both reduce to `pattern in path`
  if (name === "grep") arg = arg.replace(/^"(.*)"( in |$)/, "$1$2")
  // Pi names the folder find and grep search when none was given (`in .`); xagent leaves it out
  if ((name === "find" || name === "grep") && !/ in /.test(arg)) arg += " in ."
  return squash(arg)
}

export function parseXagent(captured: string): Item[] {
  const lines = transcriptLines(captured)
  const items: Item[] = []
  let text: string[] = []
  const flush = () => {
    if (text.length) items.push({ kind: "text", text: textOf(text) })
    text = []
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!
    if (!l.trim()) continue
    if (l.startsWith("│ ")) {
      flush()
      const said = [l.slice(2)]
      while (lines[i + 1]?.startsWith("│ ")) said.push(lines[++i]!.slice(2))
      items.push({ kind: "user", text: squash(said.join(" ")) })
      continue
    }
    if (/^ {2}[▸▾] Thinking\b/.test(l)) {
      flush()
      if (items.at(-1)?.kind !== "thinking") items.push({ kind: "thinking" })
      continue
    }
    if (/^ {2}▸ Compacted\b/.test(l)) {
      flush()
      items.push({ kind: "notice", text: "compacted" })
      continue
    }
    if (/^ {2}… stopped at the output limit/.test(l)) {
      flush()
      items.push({ kind: "notice", text: "truncated" })
      continue
    }
    if (/^ {2}⏹ Interrupted/.test(l)) {
      flush()
      items.push({ kind: "notice", text: "aborted" })
      continue
    }
    const row = TOOL_ROW.exec(l)
    if (row) {
      flush()
      const body: string[] = []
      let cut: "start" | "end" | undefined
      while (i + 1 < lines.length && RESULT.test(lines[i + 1]!)) {
        const r = RESULT.exec(lines[++i]!)![1]!.trim()
        if (CUT.test(r)) cut = body.length ? "end" : "start"
        else body.push(r)
      }
      items.push({ kind: "tool", name: row[2]!, arg: toolArg(row[2]!, row[3] ?? ""), out: outline(body, cut) })
      continue
    }
    const said = NOTICE.exec(l)
    if (said) {
      flush()
      const more: string[] = []
      // A long notice wraps onto the rows right under it (items have a blank row between them).
      while (lines[i + 1]?.trim() && !TOOL_ROW.test(lines[i + 1]!) && !NOTICE.test(lines[i + 1]!))
        more.push(lines[++i]!)
      items.push({ kind: "notice", text: notice(squash([said[1]!, ...more].join(" "))) })
      continue
    }
    text.push(l)
  }
  flush()
  return mergeText(items)
}

/** xagent's wording of a run's problems, as the items name them (Pi's parser names Pi's the same). */
function notice(t: string): string {
  if (/^Retrying \(/.test(t)) return `retrying: ${t.replace(/^Retrying \(\d+\/\d+\) in [\d.]+s:\s*/, "").slice(0, 40)}`
  return `error: ${t.replace(/^Error:\s*/, "").slice(0, 40)}`
}
