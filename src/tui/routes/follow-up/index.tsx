// /follow-up: the messages queued behind the running reply, one row each, steers first (the order
// Pi delivers them). A row is edited (its images stay with it), removed, or, the next one only,
// sent now: the reply stops and that message starts the next. The host checks each change against
// the row's text, so a message delivered meanwhile is not mistaken for the next.
import { TextAttributes } from "@opentui/core"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { createEffect, createSignal, For, Show } from "solid-js"
import type { QueueState } from "../../../protocol"
import { terminalLine } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { theme } from "../../theme"
import { DialogEditor } from "../../ui/dialog-editor"

export type QueueKind = "steering" | "followUp"
export interface QueueRow {
  kind: QueueKind
  /** Its place among the messages of its kind, as the host counts them. */
  index: number
  text: string
}

/** The queue's rows in delivery order: every steer, then every follow-up. */
export function queueRows(queue: QueueState): QueueRow[] {
  return [
    ...queue.steering.map((text, index) => ({ kind: "steering" as const, index, text })),
    ...queue.followUp.map((text, index) => ({ kind: "followUp" as const, index, text })),
  ]
}

const LABEL: Record<QueueKind, string> = { steering: "Steer", followUp: "Queued" }

export function followUpHints(width: number): string {
  if (width >= 80) return "↑↓ choose · Enter/e edit · s send now (the next one) · d remove · Esc back"
  if (width >= 50) return "Enter edit · s send now · d remove · Esc back"
  return "Enter edit · s send · d del · Esc"
}

export function FollowUpPage() {
  const session = useSession()
  const sync = useSync()
  const route = useRoute()
  const dialog = useDialog()
  const dims = useTerminalDimensions()
  const rows = () => queueRows(sync.data.queue)
  const [selected, setSelected] = createSignal(0)
  // A row delivered meanwhile leaves the list: the selection stays on a row that is there.
  createEffect(() => setSelected((s) => Math.max(0, Math.min(s, rows().length - 1))))
  const current = () => rows()[selected()]

  const change = (row: QueueRow, action: "edit" | "remove" | "sendNow", newText?: string) =>
    void session.act("session.queueEdit", { kind: row.kind, index: row.index, text: row.text, action, newText })

  const edit = (row: QueueRow) =>
    dialog.show(() => (
      <DialogEditor
        title={`Edit the ${row.kind === "steering" ? "steer" : "follow-up"}`}
        prefill={row.text}
        onSubmit={(text) => text.trim() && text !== row.text && change(row, "edit", text)}
        onCancel={() => {}}
      />
    ))

  const sendNow = (row: QueueRow) => {
    // Only the next one may jump the queue; the host says so too, this says it without a round trip.
    const next = rows()[0]
    if (row.kind !== next?.kind || row.index !== next.index) return
    change(row, "sendNow")
    route.navigate({ name: "session" })
  }

  useKeyboard((e) => {
    if (dialog.active() || e.defaultPrevented || route.route().name !== "follow-up") return
    const row = current()
    const n = rows().length
    if (e.name === "escape") route.navigate({ name: "session" })
    else if (e.name === "up") setSelected((s) => Math.max(0, s - 1))
    else if (e.name === "down") setSelected((s) => Math.max(0, Math.min(n - 1, s + 1)))
    else if (row && !e.ctrl && !e.meta && (e.name === "return" || e.name === "e")) edit(row)
    else if (row && !e.ctrl && !e.meta && (e.name === "d" || e.name === "delete")) change(row, "remove")
    else if (row && !e.ctrl && !e.meta && e.name === "s") sendNow(row)
    else return
    e.preventDefault()
  })

  return (
    <box flexDirection="column" width="100%" height="100%" paddingX={1}>
      <text flexShrink={0} wrapMode="none" truncate>
        <span style={{ fg: theme.text }}>Queued messages</span>
        <span style={{ fg: theme.dim }}>{dims().width >= 60 ? "  steers go first, then follow-ups" : ""}</span>
      </text>
      <box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} marginTop={1}>
        <Show
          when={rows().length > 0}
          fallback={<text fg={theme.dim}>Nothing is queued: messages sent while a reply runs wait here</text>}
        >
          <For each={rows()}>
            {(row, i) => (
              <box
                flexDirection="row"
                height={1}
                flexShrink={0}
                backgroundColor={i() === selected() ? theme.selection : undefined}
                onMouseDown={() => setSelected(i())}
              >
                <text flexShrink={0} fg={row.kind === "steering" ? theme.accentAlt : theme.muted}>
                  {`${LABEL[row.kind]}: `}
                </text>
                <text wrapMode="none" truncate flexGrow={1} flexShrink={1} fg={theme.text}>
                  {terminalLine(row.text.replace(/\s+/g, " ").trim())}
                </text>
                <Show when={i() === 0 && dims().width >= 60}>
                  <text flexShrink={0} fg={theme.dim}>
                    {"  next"}
                  </text>
                </Show>
              </box>
            )}
          </For>
        </Show>
      </box>
      <text flexShrink={0} fg={theme.dim} wrapMode="none" truncate attributes={TextAttributes.NONE}>
        {followUpHints(dims().width)}
      </text>
    </box>
  )
}
