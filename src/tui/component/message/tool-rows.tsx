// One row per built-in Pi tool, each fed the ToolItem and whether its output is open.
import { Show, type JSX } from "solid-js"
import type { ToolItem } from "../../../protocol"
import { theme } from "../../theme"
import { plural } from "../../../util/plural"
import { formatBytes, lineCount, oneLine, shortPath } from "../../util/format"
import { DiffView, diffStats } from "./diff-view"
import { argsOf, num, OutputText, str, ToolFrame } from "./tool-frame"

export interface ToolRowProps {
  item: ToolItem
  open: boolean
  onToggle: () => void
}

const OPEN_MAX = 400

function ErrorOutput(props: { item: ToolItem; open: boolean }) {
  return (
    <Show when={props.item.status === "error" && props.item.output}>
      <OutputText text={props.item.output ?? ""} max={props.open ? OPEN_MAX : 6} from="start" color={theme.error} />
    </Show>
  )
}

/** A row's body: a failed call shows its error output in place of `children`, which shows once `shown` holds. */
function BodyOrError(props: { item: ToolItem; open: boolean; shown: unknown; children: JSX.Element }) {
  return (
    <Show when={props.item.status === "error" || props.shown}>
      <Show when={props.item.status !== "error"} fallback={<ErrorOutput item={props.item} open={props.open} />}>
        {props.children}
      </Show>
    </Show>
  )
}

export function exitCodeOf(item: ToolItem): number | undefined {
  const d = item.details as { exitCode?: unknown } | undefined
  const fromDetails = num(d?.exitCode)
  if (fromDetails !== undefined) return fromDetails
  const m = /Command exited with code (\d+)/.exec(item.output ?? "")
  if (m) return Number(m[1])
  return item.status === "done" ? 0 : undefined
}

export function BashToolRow(props: ToolRowProps) {
  const command = () => str(argsOf(props.item).command) ?? ""
  const exit = () => exitCodeOf(props.item)
  const meta = () => {
    const code = exit()
    if (code !== undefined && code !== 0) return `exit ${code}`
    if (props.item.status === "error") return "failed"
    return code === 0 ? "exit 0" : ""
  }
  const output = () => (props.item.output ?? "").replace(/\n*Command exited with code \d+\s*$/, "")
  return (
    <ToolFrame
      status={props.item.status}
      name="bash"
      summary={`$ ${oneLine(command(), 400)}`}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <Show when={output().trim()}>
        <OutputText
          text={output()}
          max={props.open ? OPEN_MAX : 4}
          color={props.item.status === "error" ? theme.error : theme.muted}
        />
      </Show>
    </ToolFrame>
  )
}

export function ReadToolRow(props: ToolRowProps) {
  const range = () => {
    const a = argsOf(props.item)
    const offset = num(a.offset)
    const limit = num(a.limit)
    if (offset === undefined && limit === undefined) return ""
    const from = offset ?? 1
    return limit === undefined ? `:${from}` : `:${from}-${from + limit - 1}`
  }
  const meta = () => {
    if (props.item.status !== "done") return ""
    const output = props.item.output ?? ""
    // Pi's read of an image returns a note and the image: its "3 lines" would say nothing.
    const image = /^Read image file \[([^\]]+)\]/.exec(output)
    return image ? `image (${image[1]})` : plural(lineCount(output), "line")
  }
  return (
    <ToolFrame
      status={props.item.status}
      name="read"
      summary={shortPath(str(argsOf(props.item).path) ?? "") + range()}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <BodyOrError item={props.item} open={props.open} shown={props.open && props.item.output}>
        <OutputText text={props.item.output ?? ""} max={OPEN_MAX} from="start" />
      </BodyOrError>
    </ToolFrame>
  )
}

export function EditToolRow(props: ToolRowProps) {
  const diff = () => str((props.item.details as { diff?: unknown } | undefined)?.diff) ?? ""
  const meta = () => {
    if (!diff()) return ""
    const s = diffStats(diff())
    return `+${s.added} -${s.removed}`
  }
  return (
    <ToolFrame
      status={props.item.status}
      name="edit"
      summary={shortPath(str(argsOf(props.item).path) ?? "")}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <BodyOrError item={props.item} open={props.open} shown={diff()}>
        <DiffView diff={diff()} max={props.open ? OPEN_MAX : 12} />
      </BodyOrError>
    </ToolFrame>
  )
}

export function WriteToolRow(props: ToolRowProps) {
  const content = () => str(argsOf(props.item).content) ?? ""
  const meta = () =>
    `${plural(lineCount(content()), "line")}, ${formatBytes(new TextEncoder().encode(content()).length)}`
  return (
    <ToolFrame
      status={props.item.status}
      name="write"
      summary={shortPath(str(argsOf(props.item).path) ?? "")}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <BodyOrError item={props.item} open={props.open} shown={content()}>
        <OutputText text={content()} max={props.open ? OPEN_MAX : 6} from="start" color={theme.text} />
      </BodyOrError>
    </ToolFrame>
  )
}

/** grep, find and ls: what was searched, and how many lines came back. */
export function SearchToolRow(props: ToolRowProps) {
  const summary = () => {
    const a = argsOf(props.item)
    const path = str(a.path)
    const where = path ? ` in ${shortPath(path)}` : ""
    if (props.item.name === "grep") return `"${str(a.pattern) ?? ""}"${where}${str(a.glob) ? ` (${a.glob})` : ""}`
    if (props.item.name === "find") return `${str(a.pattern) ?? ""}${where}`
    return shortPath(path ?? ".")
  }
  const count = () => {
    const out = (props.item.output ?? "").trim()
    if (!out || /^No (matches|files) found/.test(out) || out === "(empty directory)") return 0
    return out.split("\n").filter((l) => l.trim() && !l.startsWith("[")).length
  }
  const noun = () => (props.item.name === "grep" ? "match" : props.item.name === "ls" ? "entry" : "file")
  const meta = () => {
    if (props.item.status !== "done") return ""
    const n = count()
    const word = n === 1 ? noun() : noun() === "match" ? "matches" : noun() === "entry" ? "entries" : "files"
    return `${n} ${word}`
  }
  return (
    <ToolFrame
      status={props.item.status}
      name={props.item.name}
      summary={summary()}
      meta={meta()}
      onToggle={props.onToggle}
    >
      <BodyOrError item={props.item} open={props.open} shown={props.open && count() > 0}>
        <OutputText text={props.item.output ?? ""} max={OPEN_MAX} from="start" />
      </BodyOrError>
    </ToolFrame>
  )
}

export function GenericToolRow(props: ToolRowProps) {
  const summary = () => {
    const a = props.item.args
    if (a === undefined || a === null) return ""
    try {
      return oneLine(JSON.stringify(a), 120)
    } catch {
      return ""
    }
  }
  return (
    <ToolFrame status={props.item.status} name={props.item.name} summary={summary()} onToggle={props.onToggle}>
      <Show when={(props.item.output ?? "").trim()}>
        <OutputText
          text={props.item.output ?? ""}
          max={props.open ? OPEN_MAX : 3}
          color={props.item.status === "error" ? theme.error : theme.muted}
        />
      </Show>
    </ToolFrame>
  )
}
