// Pi's scrollback (its regular, inline TUI, captured with styles) → items. Pi tells its parts apart
// by style: a tool's title is bold, its result dim (a diff's lines red and green), thinking dim
// italic, errors red; a user message is plain text on a background tmux does not keep, so it is
// known by being one of the prompts typed.
import { mergeText, outline, squash, textOf, type Item } from "./items"
import { styledLines, type StyledLine } from "./styled-lines"

const TOOL_TITLE = /^(read|edit|write|ls|grep|find)\s/
const RED = 1
const GREEN = 2

/** Pi's own lines in a tool's result, not the tool's output. */
const PI_DECORATION = /^(Took \d+(\.\d+)?s|Command exited with code \d+)$/
/** Pi's own notices about itself, never part of a conversation: its status line for an Enter that
 *  came before its start-up ended, and its warning about tmux's keys. */
const PI_NOTICE = /^(Startup is still in progress$|Warning: tmux extended-keys)/
/** Pi's hint when it shows part of a result. */
const PI_CUT = /^\.\.\. \(\d+ (earlier|more) lines/

/** Pi's editor and footer: from the editor's top border (the second-last rule) to the end. */
function transcriptLines(lines: StyledLine[]): StyledLine[] {
  const rules = lines.flatMap((l, i) => (/^─{20,}$/.test(l.text) ? [i] : []))
  const end = rules.length >= 2 ? rules.at(-2)! : lines.length
  // The shell line that started pi, and anything above it, is not pi's.
  const start = lines.findIndex((l) => l.text.includes("--tui-mode regular")) + 1
  return lines.slice(start, end)
}

function toolTitle(l: StyledLine): { name: string; arg: string } | undefined {
  if (!l.bold) return
  const t = l.text.trim()
  if (t.startsWith("$ ")) return { name: "bash", arg: squash(t.slice(2)) }
  const m = TOOL_TITLE.exec(t)
  if (!m) return
  // grep and find say `/pattern/ in path`; xagent quotes the pattern: both reduce to `pattern in path`
  const arg = squash(t.slice(m[1]!.length)).replace(/^\/(.*)\/( in |$)/, "$1$2")
  return { name: m[1]!, arg }
}

/** Dim lines, and a diff's red and green numbered lines (other red lines are Pi's notices). */
const isResultLine = (l: StyledLine) =>
  !l.text.trim() ||
  (l.dim && !l.italic && !/^\s*```/.test(l.text)) ||
  ((l.fg === RED || l.fg === GREEN) && /^\s*[-+]\s*\d/.test(l.text))

export function parsePi(captured: string, prompts: string[]): Item[] {
  const lines = transcriptLines(styledLines(captured))
  const asked = new Set(prompts.map(squash))
  const items: Item[] = []
  let text: string[] = []
  const flush = () => {
    if (text.length) items.push({ kind: "text", text: textOf(text) })
    text = []
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!
    const t = l.text.trim()
    if (!t) continue
    if (PI_NOTICE.test(t)) continue
    if (t === "[compaction]") {
      flush()
      items.push({ kind: "notice", text: "compacted" })
      let j = i + 1
      while (j < lines.length && !lines[j]!.text.trim()) j++
      if (lines[j]?.text.trim().startsWith("Compacted from")) i = j
      continue
    }
    const title = toolTitle(l)
    if (title) {
      flush()
      const body: string[] = []
      let cut: "start" | "end" | undefined
      while (i + 1 < lines.length && isResultLine(lines[i + 1]!)) {
        const r = lines[++i]!.text.trim()
        if (!r || PI_DECORATION.test(r)) continue
        if (PI_CUT.test(r)) cut = body.length ? "end" : "start"
        else body.push(r)
      }
      items.push({ kind: "tool", ...title, out: outline(body, cut) })
    } else if (l.italic && (l.dim || l.fg !== undefined)) {
      flush()
      if (items.at(-1)?.kind !== "thinking") items.push({ kind: "thinking" })
    } else if (l.fg === RED) {
      flush()
      items.push({ kind: "notice", text: notice(t) })
    } else if (asked.has(squash(t)) && !lines[i - 1]?.text.trim()) {
      flush()
      items.push({ kind: "user", text: squash(t) })
    } else text.push(l.text)
  }
  flush()
  return mergeText(items)
}

/** Pi's wording of a run's end, as the items name it. */
function notice(t: string): string {
  if (t === "Operation aborted") return "aborted"
  if (t === "Response was truncated before completion.") return "truncated"
  return `error: ${squash(t.replace(/^Error:\s*/, "")).slice(0, 40)}`
}
