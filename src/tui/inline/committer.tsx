// Keeps the terminal's scrollback in step with the transcript: every item the ledger lets go up is
// drawn off screen with the window's own row components and written once, in order. The footer
// shows the rest (`liveFrom` on).
import type { CliRenderer } from "@opentui/core"
import { createEffect, createSignal, getOwner, untrack } from "solid-js"
import type { TranscriptItem } from "../../protocol"
import { ItemView, type FoldKind } from "../component/message/item-view"
import type { SessionState } from "../context/session-store"
import { theme } from "../theme"
import { ScrollbackLedger, type CommitStep } from "./ledger"
import { writeRows } from "./scrollback-writer"

export interface Committer {
  /** Index of the first item the footer still draws (the ones before it are in the scrollback). */
  liveFrom: () => number
  /** Resolves once everything handed out so far is written. */
  idle: () => Promise<void>
}

export function createCommitter(opts: {
  renderer: CliRenderer
  data: SessionState
  /** False while the scrollback cannot be written (a page on the alternate screen): writes wait. */
  writable: () => boolean
  isOpen: (kind: FoldKind, id: string) => boolean
}): Committer {
  const owner = getOwner()
  const ledger = new ScrollbackLedger()
  const [liveFrom, setLiveFrom] = createSignal(0)
  let chain: Promise<void> = Promise.resolve()

  const draw = (step: CommitStep) =>
    step.kind === "separator"
      ? () => <Separator text={step.text} width={opts.renderer.width} />
      : () => <ItemView item={step.item as TranscriptItem} isOpen={opts.isOpen} onFlip={() => {}} />

  createEffect(() => {
    if (!opts.writable()) return
    const data = opts.data
    // Reads ids, kinds and statuses only (never the streamed text), so a text delta does not rerun this.
    const steps = ledger.next({ items: data.items, session: data.info?.piSessionId, epoch: data.epoch })
    setLiveFrom(ledger.count)
    if (steps.length === 0) return
    untrack(() => {
      for (const step of steps)
        chain = chain
          .then(() => writeRows(opts.renderer, owner, draw(step)))
          .catch(() => {
            // A row that cannot be drawn is skipped rather than stop every later one.
          })
    })
  })

  return { liveFrom, idle: () => chain }
}

function Separator(props: { text: string; width: number }) {
  const label = ` ${props.text} `
  const side = Math.max(2, Math.floor((props.width - label.length) / 2))
  return (
    <box flexShrink={0} marginTop={1}>
      <text fg={theme.dim}>{("─".repeat(side) + label + "─".repeat(side)).slice(0, Math.max(1, props.width))}</text>
    </box>
  )
}
