// Extensions' own looks for transcript rows: a tool's renderCall/renderResult and a custom
// message's renderer (registerMessageRenderer) are pi-tui components, rendered here in the host at
// the windows' width and sent with the item as rows (SGR kept). Only items that have a renderer
// carry rows, each rendered when it changes, so the cost follows those items, not the transcript.
import { keyHint, keyText, type AgentSession } from "@earendil-works/pi-coding-agent"
import { Text, type Component } from "@earendil-works/pi-tui"
import type { CustomItem, RenderedRows, SessionEvent, ToolItem, TranscriptItem } from "../../protocol/index"
import { styledRows } from "./component-rows"

/** Rows kept of one rendered item. */
const MAX_ROWS = 200
/** Items rendered again when the width changes: the newest ones (older ones keep their rows). */
const RERENDER_ON_RESIZE = 30
/** Items rendered in a snapshot (a resumed session): the newest ones. */
const SNAPSHOT_RENDERED = 100

/** Renderers' key hints: Pi's own helpers, over the keys the window binds (key-hints.ts). */
const HINTS = { keyText, keyHint }
/** Lines of a tool's result shown collapsed when the tool draws its call but not its result (Pi's number). */
const FALLBACK_PREVIEW_LINES = 10

interface Styler {
  fg?(color: string, text: string): string
}

export interface ItemRendererDeps {
  session(): AgentSession
  theme: unknown
  width(): number
  cwd(): string
  log(msg: string): void
}

export type ItemRenderers = ReturnType<typeof createItemRenderers>

export function createItemRenderers(deps: ItemRendererDeps) {
  /** The newest items that have rows, for a re-render at a new width. */
  const recent = new Map<string, TranscriptItem>()

  const rowsOf = (c: Component | undefined, width: number): string[] => {
    if (!c) return []
    return styledRows(c.render(width), MAX_ROWS)
  }

  function toolRows(item: ToolItem, width: number, expanded: boolean): string[] | undefined {
    const def = deps.session().extensionRunner?.getToolDefinition(item.name)
    if (!def?.renderCall && !def?.renderResult) return undefined
    const done = item.status === "done" || item.status === "error"
    const context = {
      args: item.args,
      toolCallId: item.id,
      invalidate: () => {},
      lastComponent: undefined,
      state: {},
      cwd: deps.cwd(),
      executionStarted: item.status !== "pending",
      argsComplete: true,
      isPartial: !done,
      expanded,
      showImages: false,
      isError: item.status === "error",
      durationMs: undefined,
      outputPad: 1,
      ...HINTS,
    }
    const call = def.renderCall ? rowsOf(def.renderCall(item.args as never, deps.theme as never, context), width) : []
    if (item.output === undefined) return call
    if (!def.renderResult) return [...call, ...rowsOf(resultFallback(item.output, expanded), width)]
    const result = {
      content: [{ type: "text" as const, text: item.output }],
      details: item.details,
      isError: item.status === "error",
    }
    const options = { expanded, isPartial: !done }
    let drawn: Component
    try {
      drawn = def.renderResult(result as never, options, deps.theme as never, context)
    } catch (err) {
      deps.log(`${item.name}'s renderResult failed: ${String(err)}`)
      return [...call, ...rowsOf(resultFallback(item.output, expanded), width)]
    }
    return [...call, ...rowsOf(drawn, width)]
  }

  /**
   * A result the tool does not draw: its text, as Pi draws it then (the first lines, the rest
   * behind the expand key), rather than nothing under the call.
   */
  function resultFallback(output: string, expanded: boolean): Component | undefined {
    if (!output) return undefined
    const theme = deps.theme as Styler
    const fg = (color: string, text: string) => (typeof theme.fg === "function" ? theme.fg(color, text) : text)
    const lines = output.split("\n")
    const shown = expanded ? lines : lines.slice(0, FALLBACK_PREVIEW_LINES)
    const rest = lines.length - shown.length
    let text = shown.map((l) => fg("toolOutput", l)).join("\n")
    if (rest > 0)
      text += `${fg("muted", `\n... (${rest} more lines,`)} ${keyHint("app.tools.expand", "to expand")}${fg("muted", ")")}`
    return new Text(text, 0, 0)
  }

  function entryRows(item: CustomItem, width: number, expanded: boolean): string[] | undefined {
    const renderer = deps.session().extensionRunner?.getEntryRenderer(item.customType)
    if (!renderer) return undefined
    const entry = {
      type: "custom" as const,
      id: item.id,
      customType: item.customType,
      data: item.details,
      timestamp: new Date(item.timestamp).toISOString(),
    }
    const c = renderer(entry as never, { expanded, ...HINTS }, deps.theme as never)
    return c ? rowsOf(c, width) : undefined
  }

  function customRows(item: CustomItem, width: number, expanded: boolean): string[] | undefined {
    if (item.entry) return entryRows(item, width, expanded)
    const renderer = deps.session().extensionRunner?.getMessageRenderer(item.customType)
    if (!renderer) return undefined
    const message = {
      role: "custom" as const,
      customType: item.customType,
      content: item.text,
      details: item.details,
      display: true,
      timestamp: item.timestamp,
    }
    const c = renderer(message as never, { expanded, outputPad: 1, ...HINTS }, deps.theme as never)
    return c ? rowsOf(c, width) : undefined
  }

  function rendered(item: TranscriptItem, width: number): RenderedRows | undefined {
    const render = (expanded: boolean) =>
      item.kind === "tool"
        ? toolRows(item, width, expanded)
        : item.kind === "custom"
          ? customRows(item, width, expanded)
          : undefined
    try {
      const lines = render(false)
      if (!lines) return undefined
      const open = render(true)
      return open && !sameRows(open, lines) ? { lines, expandedLines: open, width } : { lines, width }
    } catch (err) {
      deps.log(`an extension's renderer failed for ${item.kind} ${item.id}: ${String(err)}`)
      return undefined
    }
  }

  /** The item with its extension's rows, or as it was when no extension renders it. */
  function decorate<T extends TranscriptItem>(item: T, width = deps.width()): T {
    if (item.kind !== "tool" && item.kind !== "custom") return item
    const rows = rendered(item, width)
    if (!rows) return item
    const out = { ...item, rendered: rows }
    recent.delete(item.id)
    recent.set(item.id, out)
    if (recent.size > RERENDER_ON_RESIZE) recent.delete(recent.keys().next().value!)
    return out
  }

  return {
    /** The event with its item's rows (item_add, item_update) or its items' rows (snapshot). */
    event(e: SessionEvent): SessionEvent {
      if (e.type === "item_add" || e.type === "item_update") {
        const item = decorate(e.item)
        return item === e.item ? e : { ...e, item }
      }
      if (e.type === "snapshot") {
        recent.clear()
        const items = e.snapshot.items
        let budget = SNAPSHOT_RENDERED
        const out = [...items]
        for (let i = out.length - 1; i >= 0 && budget > 0; i--) {
          const it = out[i]!
          if (it.kind !== "tool" && it.kind !== "custom") continue
          const next = decorate(it)
          if (next !== it) {
            out[i] = next
            budget--
          }
        }
        return { ...e, snapshot: { ...e.snapshot, items: out } }
      }
      return e
    },
    /** The width changed: the newest rendered items again, as updates. */
    resized(): SessionEvent[] {
      const out: SessionEvent[] = []
      for (const item of [...recent.values()]) {
        const { rendered: before, ...bare } = item as TranscriptItem & { rendered?: RenderedRows }
        const next = decorate(bare as TranscriptItem)
        const after = (next as { rendered?: RenderedRows }).rendered
        if (after && before && after.width !== before.width) out.push({ type: "item_update", item: next })
      }
      return out
    },
  }
}

function sameRows(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((l, i) => l === b[i])
}
