// /subagents: the roster of this conversation's agents, full screen. The main agent first, then
// the children running or waiting, then those that ended, newest first; two lines each: the status
// mark and profile in the profile's colour with the title its parent gave, then (muted) the model,
// effort, tokens, todos, elapsed time and latest tool. Typing filters by profile, title or model;
// Backspace takes a letter back; ↑/↓ move the selection; Enter opens the child's transcript
// (child-view.tsx; Esc comes back here); Ctrl+X stops the selected child after a confirmation (a
// plain letter would be the filter's). Drawn from the session's info, live.
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createSignal, For, Show } from "solid-js"
import { terminalLine } from "../../../src/common/terminal-text"
import { useNow, useSpinner } from "../../../src/tui/component/spinner"
import { useDialog } from "../../../src/tui/context/dialog"
import { useSession } from "../../../src/tui/context/session"
import { useSync } from "../../../src/tui/context/sync"
import { useToast } from "../../../src/tui/context/toast"
import { theme } from "../../../src/tui/theme"
import { usePageEscape } from "../../../src/tui/slots/page"
import { DialogConfirm } from "../../../src/tui/ui/dialog-confirm"
import { rosterEntries, STOP_COMMAND, subagentsOf, type RosterEntry } from "../rules"
import { ChildView } from "./child-view"

export const ROSTER_HINTS = "type to filter · ↑↓ select · Enter open · Ctrl+X stop · Esc back"

/** A profile's colour: the same name, the same colour, on every row and every run. */
function profileColour(profile: string): string {
  if (profile === "main") return theme.text
  const palette = [theme.accent, theme.info, theme.success, theme.warning, theme.accentAlt]
  let h = 0
  for (const ch of profile) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return palette[h % palette.length]!
}

/** `text` in at most `n` columns, cut at its end (a narrow window keeps the start of each line). */
function cut(text: string, n: number): string {
  if (text.length <= n) return text
  return n >= 2 ? `${text.slice(0, n - 1)}…` : text.slice(0, Math.max(0, n))
}

const MARKS: Record<Exclude<RosterEntry["mark"], "running">, string> = {
  main: "◆",
  queued: "○",
  done: "✓",
  failed: "✗",
  cancelled: "⊘",
  stopped: "■",
}

export function Roster() {
  const sync = useSync()
  const session = useSession()
  const dialog = useDialog()
  const toast = useToast()
  const dims = useTerminalDimensions()
  const spinner = useSpinner()
  const now = useNow()
  const [filter, setFilter] = createSignal("")
  const [selected, setSelected] = createSignal(0)
  const entries = createMemo(() => {
    const info = sync.data.info
    const tokens = sync.data.stats?.tokens
    return rosterEntries(
      subagentsOf(info?.extensions?.subagents),
      {
        ...(info?.name ? { name: info.name } : {}),
        ...(info?.model ? { model: `${info.model.provider}/${info.model.id}` } : {}),
        ...(info?.thinkingLevel && info.thinkingLevel !== "off" ? { effort: info.thinkingLevel } : {}),
        ...(tokens
          ? { tokens: { input: tokens.input + tokens.cacheRead + tokens.cacheWrite, output: tokens.output } }
          : {}),
        running: sync.data.running,
      },
      filter(),
      now(),
    )
  })
  const clamp = (i: number) => Math.max(0, Math.min(entries().length - 1, i))
  // The child whose transcript is open (by id: its entry and state stay live as the info changes).
  const [opened, setOpened] = createSignal<string>()
  const state = () => subagentsOf(sync.data.info?.extensions?.subagents)
  const openedChild = () => {
    const id = opened()
    const s = state()
    return id ? [...(s?.children ?? []), ...(s?.finished ?? [])].find((c) => c.id === id) : undefined
  }
  usePageEscape(() => {
    if (!opened()) return false
    setOpened(undefined)
    return true
  })

  /**
   * Asks, naming the child, then sends the stop as a command of the extension (its host part holds
   * the child; a command runs at once even while the reply runs). The row turns stopped when the
   * child's call has ended.
   */
  function askStop(x: RosterEntry | undefined) {
    if (!x || (x.mark !== "running" && x.mark !== "queued"))
      return toast.show({ level: "info", message: "Only a running or waiting subagent can be stopped" })
    const name = `${terminalLine(x.profile)} · ${terminalLine(x.title)}`
    dialog.show(() => (
      <DialogConfirm
        title={`Stop ${name}?`}
        message="It stops now; its parent gets what it has done so far, told that you stopped it. The other subagents keep running."
        onConfirm={(yes) => yes && void session.act("session.prompt", { text: `/${STOP_COMMAND} ${x.key}` })}
      />
    ))
  }

  useKeyboard((e) => {
    if (e.defaultPrevented || dialog.active() || opened()) return
    if (e.name === "return") {
      e.preventDefault()
      const x = entries()[selected()]
      if (x?.mark === "main")
        return toast.show({
          level: "info",
          message: "The main agent's transcript is the session's: Esc goes back to it",
        })
      return x && setOpened(x.key)
    }
    if (e.ctrl && !e.meta && e.name === "x") {
      e.preventDefault()
      return askStop(entries()[selected()])
    }
    if (e.ctrl || e.meta) return
    if (e.name === "up") setSelected((i) => clamp(i - 1))
    else if (e.name === "down") setSelected((i) => clamp(i + 1))
    else if (e.name === "backspace") setFilter((f) => f.slice(0, -1))
    else if (e.sequence && e.sequence.length === 1 && e.sequence >= " " && e.name !== "escape" && e.name !== "tab")
      setFilter((f) => f + e.sequence)
    else return
    if (e.name !== "up" && e.name !== "down") setSelected(0)
    e.preventDefault()
  })

  // The page's padding and the selection's two columns.
  const room = () => Math.max(4, dims().width - 4)
  const live = () => entries().filter((x) => x.mark === "running" || x.mark === "queued").length
  return (
    <Show
      when={!opened()}
      fallback={
        <ChildView
          child={openedChild}
          entry={() => {
            const c = openedChild()
            return c && rosterEntries({ children: [c] }, { running: false }, "", now())[1]
          }}
        />
      }
    >
      <box flexDirection="column" flexGrow={1}>
        <text flexShrink={0} wrapMode="none" truncate marginTop={1}>
          <span style={{ fg: theme.muted }}>{"Filter: "}</span>
          <span style={{ fg: theme.text }}>{terminalLine(filter()) || ""}</span>
          <span style={{ fg: theme.dim }}>{filter() ? "" : "(type)"}</span>
          <span style={{ fg: theme.muted }}>{`  ${entries().length - 1} subagents, ${live()} live`}</span>
        </text>
        <scrollbox flexGrow={1} flexShrink={1} minHeight={0} marginTop={1} wrapperOptions={{ flexBasis: 0 }}>
          <For each={entries()}>
            {(x, i) => (
              <box flexDirection="column" flexShrink={0} marginBottom={1}>
                <text wrapMode="none" truncate width={Math.max(4, dims().width - 3)}>
                  <span style={{ fg: i() === selected() ? theme.accent : theme.dim }}>
                    {i() === selected() ? "› " : "  "}
                  </span>
                  <span
                    style={{
                      fg:
                        x.mark === "running"
                          ? profileColour(x.profile)
                          : x.mark === "failed"
                            ? theme.error
                            : theme.muted,
                    }}
                  >
                    {x.mark === "running" ? spinner() : MARKS[x.mark]}
                  </span>
                  <span style={{ fg: profileColour(x.profile) }}>{` ${terminalLine(x.profile)}`}</span>
                  <span style={{ fg: theme.text }}>
                    {`  ${cut(terminalLine(x.title), room() - 2 - 2 - terminalLine(x.profile).length - 1)}`}
                  </span>
                </text>
                <Show when={x.details.length}>
                  <text wrapMode="none" truncate fg={theme.muted} width={Math.max(4, dims().width - 3)}>
                    {`    ${cut(terminalLine(x.details.join(" · ")), room() - 4)}`}
                  </text>
                </Show>
              </box>
            )}
          </For>
        </scrollbox>
        <text flexShrink={0} fg={theme.dim} wrapMode="word">
          {ROSTER_HINTS}
        </text>
      </box>
    </Show>
  )
}
