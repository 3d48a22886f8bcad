// One child's transcript, opened from the /subagents roster with Enter: read from the Pi session file
// its host part writes a message at a time (transcript.ts), with the window's own projection and
// rows, so it reads as the main transcript does; read again while the child runs (its file grows),
// so it is live to the last message that ended. Read-only, but for a running Pi child: what the
// person types here is sent to it, taken after its current step (`/subagents:steer`). Esc goes back
// to the roster.
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { statSync } from "node:fs"
import { createMemo, createSignal, onCleanup, Show } from "solid-js"
import type { TranscriptItem } from "../../../src/protocol"
import { terminalLine } from "../../../src/common/terminal-text"
import type { FoldKind } from "../../../src/tui/component/message/item-view"
import { useSession } from "../../../src/tui/context/session"
import { useToast } from "../../../src/tui/context/toast"
import { Transcript } from "../../../src/tui/routes/session/transcript"
import { theme } from "../../../src/tui/theme"
import type { VirtualListApi } from "../../../src/tui/ui/virtual-list"
import { readSessionPreview } from "../../../src/tui/util/session-preview"
import { STEER_COMMAND, type ChildState, type RosterEntry } from "../rules"

/** How often a running child's file is looked at (a stat; read again only when it changed). */
const POLL_MS = 400

/** What the view says in place of a transcript it cannot show. */
export function noTranscriptText(child: ChildState): string {
  if (child.transcriptProblem) return `Its transcript is not kept: ${child.transcriptProblem}.`
  if (child.status === "queued") return "It waits for a free slot: nothing to show yet."
  if (child.status === "running")
    return "Its parent session has no file (--no-session, or a -p run): its transcript is not kept."
  return "No transcript of it was kept (its parent session had no file, or an older xagent ran it)."
}

interface Read {
  items: TranscriptItem[]
  earlier: number
  /** size and mtime of the file read, to read it again only when it changed */
  stamp: string
}

function readChild(path: string, last: Read | undefined): Read | undefined {
  let stamp: string
  try {
    const st = statSync(path)
    stamp = `${st.size}:${st.mtimeMs}`
  } catch {
    return undefined
  }
  if (last?.stamp === stamp) return last
  const preview = readSessionPreview(path)
  // A header alone (the task not written yet) or a file Pi would not read: nothing drawn yet.
  return { items: preview?.items ?? [], earlier: preview?.earlier ?? 0, stamp }
}

export function ChildView(props: { child: () => ChildState | undefined; entry: () => RosterEntry | undefined }) {
  const session = useSession()
  const toast = useToast()
  const dims = useTerminalDimensions()
  const [read, setRead] = createSignal<Read | undefined>()
  const [draft, setDraft] = createSignal("")
  const [open, setOpen] = createSignal(new Set<string>())
  let list: VirtualListApi | undefined
  const path = () => props.child()?.transcript
  const refresh = () => {
    const p = path()
    if (!p) return
    const next = readChild(p, read())
    if (next !== read()) setRead(next)
  }
  refresh()
  // A stat a tick: the file is read again only when it changed (a running child's grows).
  const timer = setInterval(refresh, POLL_MS)
  onCleanup(() => clearInterval(timer))

  const steerable = () => props.child()?.steerable === true
  const send = () => {
    const c = props.child()
    const text = draft().trim()
    if (!c || !text) return
    if (!steerable()) return toast.show({ level: "warning", message: whyNotSteerable(c) })
    // One line: a command's arguments end at the line's end.
    void session.act("session.prompt", { text: `/${STEER_COMMAND} ${c.id} ${text.replace(/\s+/g, " ")}` })
    setDraft("")
    toast.show({ level: "info", message: "Sent: it is taken after the subagent's current step" })
  }

  useKeyboard((e) => {
    if (e.defaultPrevented) return
    if (e.name === "pageup" || e.name === "pagedown") list?.page(e.name === "pageup" ? -1 : 1)
    else if (e.name === "up" || e.name === "down") list?.scrollBy(e.name === "up" ? -1 : 1)
    else if (e.name === "home" && e.ctrl) list?.toTop()
    else if (e.name === "end" && e.ctrl) list?.toBottom()
    else if (e.name === "return") send()
    else if (e.name === "backspace") setDraft((d) => d.slice(0, -1))
    else if (e.ctrl && e.name === "u") setDraft("")
    else if (e.ctrl || e.meta) return
    else if (e.sequence && e.sequence.length >= 1 && !/[\u0000-\u001f\u007f]/.test(e.sequence))
      setDraft((d) => d + e.sequence)
    else return
    e.preventDefault()
  })

  const status = createMemo(() => {
    const c = props.child()
    if (!c) return ""
    return c.status === "stopped" ? "stopped by you" : c.status
  })
  const isOpen = (kind: FoldKind, id: string) => open().has(`${kind}:${id}`)
  const flip = (kind: FoldKind, id: string) =>
    setOpen((s) => {
      const next = new Set(s)
      const k = `${kind}:${id}`
      if (!next.delete(k)) next.add(k)
      return next
    })
  const width = () => Math.max(4, dims().width - 3)
  return (
    <box flexDirection="column" flexGrow={1}>
      <text flexShrink={0} wrapMode="none" truncate marginTop={1} width={width()}>
        <span style={{ fg: theme.accent }}>{terminalLine(props.entry()?.profile ?? "")}</span>
        <span style={{ fg: theme.text }}>{`  ${terminalLine(props.entry()?.title ?? "")}`}</span>
        <span style={{ fg: theme.muted }}>{`  ${status()}`}</span>
      </text>
      <text flexShrink={0} wrapMode="none" fg={theme.muted} width={width()}>
        {cutEnd(terminalLine(props.entry()?.details.join(" · ") ?? ""), width())}
      </text>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={path()}
          fallback={
            <text fg={theme.muted} wrapMode="word">
              {props.child() ? noTranscriptText(props.child()!) : "This subagent is no longer in the roster."}
            </text>
          }
        >
          <Show
            when={(read()?.items.length ?? 0) > 0}
            fallback={<text fg={theme.muted}>{"Its transcript starts with its first message…"}</text>}
          >
            <Transcript
              items={read()!.items}
              epoch={0}
              isOpen={isOpen}
              onFlip={flip}
              apiRef={(api) => (list = api)}
              earlier={read()!.earlier || undefined}
            />
          </Show>
        </Show>
      </box>
      <Show
        when={steerable()}
        fallback={
          <text flexShrink={0} fg={theme.dim} wrapMode="word">
            {`read-only${props.child() ? ` · ${whyNotSteerable(props.child()!)}` : ""} · ↑↓ PgUp PgDn scroll · Esc back`}
          </text>
        }
      >
        <box flexDirection="row" flexShrink={0} height={1}>
          <text flexShrink={0} fg={theme.accent}>
            {"› "}
          </text>
          <text flexGrow={1} wrapMode="none" fg={draft() ? theme.text : theme.dim}>
            {draft() ? draftShown(terminalLine(draft()), width() - 2) : "a message to this subagent"}
          </text>
        </box>
        <text flexShrink={0} fg={theme.dim} wrapMode="word">
          {`Enter sends it, taken after its current step${
            props.child()?.sessionId ? ` · xagent attach ${terminalLine(props.child()!.sessionId!)} opens it` : ""
          } · ↑↓ PgUp PgDn scroll · Esc back`}
        </text>
      </Show>
    </box>
  )
}

/** The draft's end when it is wider than its room (the person types at its end). */
function draftShown(text: string, n: number): string {
  return text.length <= n ? text : `…${text.slice(text.length - Math.max(0, n - 1))}`
}

/** `text` in `n` columns, cut at its end (the model and tokens come first and stay). */
function cutEnd(text: string, n: number): string {
  return text.length <= n ? text : `${text.slice(0, Math.max(0, n - 1))}…`
}

/** Why the person's message cannot go to this child now. */
function whyNotSteerable(c: ChildState): string {
  if (c.status === "queued") return "it has not started"
  if (c.status !== "running") return "it has ended"
  if (c.model?.startsWith("acp:")) return "an external agent takes no message mid-task"
  return "it takes no messages"
}
