// /context: a conversation's runs and what fills the model's window, in tabs: Run details (the
// selected run's recorded model and effort, and the configuration the session file does not
// record, said to be the current one), Context usage (the window as a bar and a table) and Growth
// (`/context growth`: each request's size, with compaction marks). The host computes the report
// (session.context); this page only draws it. r reads it again.
import type { ScrollBoxRenderable } from "@opentui/core"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createResource, createSignal, For, Show } from "solid-js"
import type { ContextReport } from "../../../protocol"
import { terminalLine } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useRoute, type ContextTab } from "../../context/route"
import { useSession } from "../../context/session"
import { theme } from "../../theme"
import { growthLines, runLines, usageLines, type Line, type Tone } from "./context-lines"

export const CONTEXT_HINTS = "Tab ←→ tabs · ↑↓ run · PgUp/PgDn scroll · r refresh · Esc back"

// A narrow window keeps every tab's name on the one row: the short ones.
const TABS: { tab: ContextTab; title: string; short: string }[] = [
  { tab: "runs", title: "Run details", short: "Runs" },
  { tab: "usage", title: "Context usage", short: "Usage" },
  { tab: "growth", title: "Growth", short: "Growth" },
]

const colour = (tone: Tone): string =>
  ({
    title: theme.text,
    text: theme.text,
    head: theme.muted,
    note: theme.dim,
    selected: theme.accent,
    sent: theme.accent,
    reserve: theme.warning,
    free: theme.dim,
    mark: theme.warning,
  })[tone]

export function ContextPage(props: { tab?: ContextTab }) {
  const session = useSession()
  const route = useRoute()
  const dialog = useDialog()
  const dims = useTerminalDimensions()
  const [tab, setTab] = createSignal(
    Math.max(
      0,
      TABS.findIndex((t) => t.tab === props.tab),
    ),
  )
  const [selected, setSelected] = createSignal<number>()
  const [report, { refetch }] = createResource(async () => (await session.act("session.context", {})) ?? undefined)
  // The newest run until the person picks another.
  const run = (r: ContextReport) => Math.min(selected() ?? r.runs.length - 1, r.runs.length - 1)
  // The padding's two columns and one for the scrollbar a long tab shows: a line never meets it.
  const width = () => Math.max(10, dims().width - 3)
  const lines = (): Line[] => {
    const r = report()
    if (!r) return []
    const t = TABS[tab()]!.tab
    return t === "runs"
      ? runLines(r, run(r), width())
      : t === "usage"
        ? usageLines(r, width())
        : growthLines(r, width())
  }
  let box: ScrollBoxRenderable | undefined

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "context") return
    const r = report()
    const page = Math.max(1, (box?.viewport.height ?? 2) - 1)
    if (e.name === "escape") route.navigate({ name: "session" })
    else if ((e.name === "tab" && !e.shift) || e.name === "right") setTab((t) => (t + 1) % TABS.length)
    else if ((e.name === "tab" && e.shift) || e.name === "left") setTab((t) => (t + TABS.length - 1) % TABS.length)
    else if ((e.name === "up" || e.name === "down") && TABS[tab()]!.tab === "runs" && r && r.runs.length > 0)
      setSelected(Math.max(0, Math.min(r.runs.length - 1, run(r) + (e.name === "up" ? -1 : 1))))
    else if (e.name === "up") box?.scrollBy(-1)
    else if (e.name === "down") box?.scrollBy(1)
    else if (e.name === "pageup") box?.scrollBy(-page)
    else if (e.name === "pagedown") box?.scrollBy(page)
    else if (e.name === "r" && !e.ctrl && !e.meta) void refetch()
    else return
    e.preventDefault()
  })

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.accent }}>Context</span>
        <For each={TABS}>
          {(t, i) => {
            const title = () => (dims().width < 60 ? t.short : t.title)
            return (
              <span style={{ fg: i() === tab() ? theme.text : theme.muted }}>
                {i() === tab() ? `  [${title()}]` : `   ${title()} `}
              </span>
            )
          }}
        </For>
      </text>
      <scrollbox
        ref={(r: ScrollBoxRenderable) => (box = r)}
        flexGrow={1}
        flexShrink={1}
        minHeight={0}
        marginTop={1}
        wrapperOptions={{ flexBasis: 0 }}
      >
        <Show when={report.loading && !report()}>
          <text flexShrink={0} fg={theme.warning}>
            reading…
          </text>
        </Show>
        <Show when={report.error}>
          <text flexShrink={0} fg={theme.error} wrapMode="word">
            {terminalLine(`The session's report failed: ${(report.error as Error).message}`)}
          </text>
        </Show>
        <For each={lines()}>
          {(line) => (
            <text flexShrink={0} wrapMode="none">
              {line.length === 0 ? " " : ""}
              <For each={line}>{(s) => <span style={{ fg: colour(s.tone) }}>{s.text}</span>}</For>
            </text>
          )}
        </For>
      </scrollbox>
      <text flexShrink={0} fg={theme.dim} wrapMode="word">
        {CONTEXT_HINTS}
      </text>
    </box>
  )
}
