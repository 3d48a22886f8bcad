// Keeps the terminal's scrollback in step with the transcript: every item the ledger lets go up is
// drawn off screen with the window's own row components and written once, in order. The footer
// shows the rest (`liveFrom` on, and of a reply up in part only what follows `liveCut`).
//
// Writes are batched: while one is drawn, what the ledger hands out queues, and the parts of one
// reply that queued meanwhile go up together as one piece, so a fast stream costs one write per
// frame or so, never one per delta.
//
// A resize clears the screen and the terminal's scrollback and writes the transcript again at the
// new size, as pi does (docs/adr-inline-mode.md, "Resizing"): a terminal rewraps and moves its rows
// before the window hears of the resize (tmux tells it up to 250 ms later), so the frames and rows
// written meanwhile land where the window only thinks its footer is.
import type { CliRenderer } from "@opentui/core"
import { createEffect, createSignal, getOwner, onCleanup, untrack, type JSX } from "solid-js"
import { unwrap } from "solid-js/store"
import type { AssistantItem, TranscriptItem } from "../../protocol"
import { ItemView, type FoldKind } from "../component/message/item-view"
import { sessionThinkingLook, ThinkingLook } from "../component/message/thinking-look"
import type { SessionState } from "../context/session-store"
import { theme } from "../theme"
import { heldItem } from "../slots/registry"
import { ScrollbackLedger, type CommitStep, type Partial } from "./ledger"
import { PlainItem } from "./plain-item"
import { drawsNothing, sameCut, sliceReply } from "./reply-cut"
import { writeRows } from "./scrollback-writer"
import { startMark } from "../../util/start-trace"

export interface Committer {
  /** Index of the first item the footer still draws (the ones before it are in the scrollback). */
  liveFrom: () => number
  /** A reply whose first part is in the scrollback: the footer draws it from `cut` on. */
  liveCut: () => Partial | undefined
  /** Resolves once everything handed out so far is written. */
  idle: () => Promise<void>
  /** Clears the terminal and writes the transcript again, as after a resize (a fold changed). */
  rewriteAll: () => void
}

export function createCommitter(opts: {
  renderer: CliRenderer
  data: SessionState
  /** False while the scrollback cannot be written (a page on the alternate screen): writes wait. */
  writable: () => boolean
  isOpen: (kind: FoldKind, id: string) => boolean
  /**
   * Rows the footer draws are about to go up above it: it gives them up first, in the same tick.
   * Committed under a footer that still holds them, they would scroll through the few rows above
   * it, and the footer, shrinking afterwards, would stay where it was with the screen below it
   * empty; given up first, the rows go where the footer's were and push it back to the bottom.
   */
  makeRoom?: (rows: number) => void
}): Committer {
  const owner = getOwner()
  let ledger = new ScrollbackLedger()
  const [liveFrom, setLiveFrom] = createSignal(0)
  const [liveCut, setLiveCut] = createSignal<Partial | undefined>(undefined, {
    equals: (a, b) => a?.id === b?.id && (!a || !b || sameCut(a.cut, b.cut)),
  })
  // The epoch of the last view the ledger took (the effect below), for the guess in `footerFrom`.
  const [taken, setTaken] = createSignal(-1)
  // An item step carries the count of items up once it is written (`after`), and so does the last
  // step of a batch.
  const queue: (CommitStep & { after?: number })[] = []
  let pumping: Promise<void> = Promise.resolve()
  let running = false
  // The step being drawn: taken off the queue, its rows not up yet.
  let writing: (CommitStep & { after?: number }) | undefined
  // Bumped to have the ledger read the view again (after a replay).
  const [generation, setGeneration] = createSignal(0)
  let replay: "none" | "wanted" | "running" = "none"
  let resizeTimer: ReturnType<typeof setTimeout> | undefined
  let size = `${opts.renderer.terminalWidth}x${opts.renderer.terminalHeight}`
  const onResize = () => {
    // The renderer says "resize" for a new footer height as well: only the terminal's size counts.
    const now = `${opts.renderer.terminalWidth}x${opts.renderer.terminalHeight}`
    if (now === size) return
    size = now
    clearTimeout(resizeTimer)
    // One replay for a run of resizes (a window dragged to size).
    resizeTimer = setTimeout(wantReplay, REPLAY_AFTER_MS)
  }
  function wantReplay() {
    // One asked for while a rewrite waits for the write on its way is that rewrite's: its clear and
    // every row after it come later, at the size and folds of then.
    if (replay === "none") replay = "wanted"
    setGeneration((n) => n + 1)
  }
  opts.renderer.on("resize", onResize)
  onCleanup(() => {
    clearTimeout(resizeTimer)
    opts.renderer.off("resize", onResize)
  })

  /** Clears the terminal and writes every item again from the first, once what is on its way is out. */
  async function rewrite() {
    replay = "running"
    // What is queued is written again with everything else (the fresh ledger hands out the whole
    // view, the reply's last step and the run's end included), unless the terminal cannot be
    // cleared: then the scrollback and the ledger stay as they are, and so must the rows the ledger
    // handed out. test/tui/inline-rewrite-order.test.tsx holds the orders.
    const waiting = queue.splice(0)
    await pumping
    const r = opts.renderer
    try {
      if (!r.isDestroyed && r.screenMode === "split-footer") {
        r.resetSplitFooterForReplay({ clearSavedLines: true })
        ledger = new ScrollbackLedger()
        waiting.length = 0
      }
    } catch {
      // No terminal to clear (suspended).
    } finally {
      queue.unshift(...waiting)
      replay = "none"
      setGeneration((n) => n + 1)
    }
  }

  const draw = (step: CommitStep) => {
    if (step.kind === "separator") return () => <Separator text={step.text} width={opts.renderer.width} />
    const item = stepItem(step)
    if (item.kind === "assistant" && (step.kind === "part" || step.from) && drawsNothing(item)) return undefined
    return () => <ItemView item={item as TranscriptItem} isOpen={opts.isOpen} onFlip={() => {}} />
  }

  const look = sessionThinkingLook(opts.data)
  /** Off screen, under the contexts the session page gives the rows it draws. */
  const framed = (node: () => JSX.Element) => () => <ThinkingLook.Provider value={look}>{node()}</ThinkingLook.Provider>
  // As OpenTUI's scrollback surface requires: a page on the alternate screen has none.
  const canWrite = () =>
    !opts.renderer.isDestroyed &&
    opts.renderer.screenMode === "split-footer" &&
    opts.renderer.externalOutputMode === "capture-stdout"

  /**
   * Writes a batch; returns the steps left unwritten because there is no scrollback to write to
   * (a page took the screen meanwhile). A batch that fails to draw goes up one step at a time, and
   * a step that still fails as its plain text: a row is never dropped.
   */
  async function write<S extends CommitStep>(batch: S[], makeRoom?: (rows: number) => void): Promise<S[]> {
    const nodes = batch.map(draw).filter((n) => n !== undefined)
    if (nodes.length === 0) return []
    if (!canWrite()) return batch
    const node = () => (
      <box flexDirection="column" flexShrink={0}>
        {nodes.map((n) => n())}
      </box>
    )
    try {
      await writeRows(opts.renderer, owner, framed(nodes.length > 1 ? node : nodes[0]!), makeRoom)
      return []
    } catch {
      if (!canWrite()) return batch
    }
    for (const [i, step] of batch.entries()) {
      const one = draw(step)
      if (!one) continue
      try {
        await writeRows(opts.renderer, owner, framed(one), makeRoom)
      } catch {
        if (!canWrite()) return batch.slice(i)
        const item = step.kind === "separator" ? undefined : stepItem(step)
        if (item) await writeRows(opts.renderer, owner, () => <PlainItem item={item} />).catch(() => {})
      }
    }
    return []
  }

  function kick() {
    if (running) return
    running = true
    pumping = (async () => {
      try {
        // A history (more than a batch) waits a turn: the footer's frame with its newest items
        // goes out first, not after the first batch's drawing (the first is the slowest: 0.35 s).
        if (queue.length > ITEMS_PER_DRAW) await frameOut(opts.renderer)
        for (let batch = takeBatch(); batch.length > 0; batch = takeBatch()) {
          writing = batch.at(-1)
          // Only rows the footer draws now (a part, an item at or after its first) are given up.
          const shown = batch.some(
            (step) => step.kind === "part" || (step.kind === "item" && (step.after ?? 0) > liveFrom()),
          )
          const left = await write(batch, shown ? opts.makeRoom : undefined)
          if (left.length > 0) {
            // No scrollback to write to now: the rest waits at the head of the queue for the
            // effect to start the pump again.
            queue.unshift(...left)
            break
          }
          // The footer lets go of an item or part in the frame its rows are up: never both, never
          // neither (a tool row shown before the words streamed ahead of it were).
          for (const step of batch) if (step.kind === "part") setLiveCut({ id: step.item.id, cut: step.to })
          writing = undefined
          const after = Math.max(-1, ...batch.map((step) => step.after ?? -1))
          if (after >= 0) setLiveFrom(Math.min(ledger.count, Math.max(liveFrom(), after)))
          // A long history is many batches, each settled in promises only: without a turn of the
          // event loop between them, the daemon's connection, keys and timers wait for all of it
          // (a 2,000-message resume was connected only once its last row was up).
          if (queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve))
        }
        startMark("window", "scrollback written")
      } finally {
        writing = undefined
        running = false
      }
    })()
  }

  /**
   * The next step, and the whole items queued right behind it: a resume's history goes up a few
   * dozen items to a draw (one surface, one commit), not one each, which took 2,000 messages 2.3 s
   * to write (the last one on screen only then).
   */
  function takeBatch(): (CommitStep & { after?: number })[] {
    const first = take()
    if (!first) return []
    const batch = [first]
    if (first.kind !== "item") return batch
    while (batch.length < ITEMS_PER_DRAW && queue[0]?.kind === "item" && !queue[0].from) batch.push(queue.shift()!)
    return batch
  }

  /** The next step, with the parts of the same reply queued right after it folded in. */
  function take(): (CommitStep & { after?: number }) | undefined {
    let step = queue.shift()
    while (step?.kind === "part" && continues(step, queue[0])) {
      const next = queue.shift() as Exclude<CommitStep, { kind: "separator" }> & { after?: number }
      const after = next.after ?? step.after
      step =
        next.kind === "part"
          ? { ...step, to: next.to, after }
          : { kind: "item", item: next.item, from: step.from, after }
    }
    return step
  }

  createEffect(() => {
    generation()
    if (!opts.writable() || replay === "running") return
    if (replay === "wanted") return void untrack(() => rewrite())
    const data = opts.data
    const plain = unwrap(data.items)
    // Reads ids, kinds and statuses, and the text of a streaming reply at the head of the live part
    // only (its cutter reads just what is new).
    const steps = ledger.next({
      items: data.items,
      // a preview (drawn before the host answered) is the same view as the session's snapshot
      session: data.info?.piSessionId ?? data.previewOf,
      epoch: data.epoch,
      // Its actions (Alt+I, Alt+E…) are drawn on it only while it is open: it waits in the footer.
      hold: heldItem(data.items),
      earlier: data.earlierUnknown ? "some" : data.earlier,
      plain,
    })
    const count = ledger.count
    untrack(() => {
      setTaken(data.epoch)
      // Fewer items up (another view) or none on their way: the footer follows at once; more wait
      // for their rows to be written, each item's own.
      const queued: (CommitStep & { after?: number })[] = steps
      if (queued.some((step) => step.kind === "item")) {
        const index = new Map(plain.map((it, i) => [it.id, i]))
        for (const step of queued) if (step.kind === "item") step.after = (index.get(step.item.id) ?? -1) + 1
      }
      // (One being drawn is on its way too: the footer let go of it before its rows were up, so a
      // tool row that started meanwhile showed without the words streamed before it.)
      const last = queued.at(-1) ?? queue.at(-1) ?? writing
      if (count <= liveFrom() || !last) setLiveFrom(count)
      else {
        // A long history (a resume, an attach) leaves the footer at once but for its newest items:
        // they stay on screen while the rows above them go up, a batch per turn, so the last message
        // shows in the first frames, not once all of the history is written (2,000 messages: 4 s).
        if (count - liveFrom() > FOOTER_HOLDS_AT_MOST) setLiveFrom(count - FOOTER_HOLDS_AT_MOST)
        last.after = count
      }
      queue.push(...queued)
      if (queue.length > 0) kick()
    })
  })

  /**
   * A view the effect above has not taken yet (a resume's history just put in the store: the footer's
   * list runs before any effect) will leave the footer its newest items only: the footer starts
   * there at once rather than draw a screenful of rows to drop most of them a moment later (30 rows
   * of a 2,000-message resume, about 50 ms before its first frame).
   */
  const footerFrom = () => {
    const from = liveFrom()
    if (taken() === opts.data.epoch) return from
    return Math.max(from, opts.data.items.length - FOOTER_HOLDS_AT_MOST)
  }

  return { liveFrom: footerFrom, liveCut, idle: () => pumping, rewriteAll: wantReplay }
}

/** Whole items drawn off screen together and written in one commit. */
const ITEMS_PER_DRAW = 64

/** Items the footer keeps drawing until their rows are up; of more, the newest this many. */
const FOOTER_HOLDS_AT_MOST = 8

/** Quiet time after the last resize before the transcript is written again. */
const REPLAY_AFTER_MS = 120

/**
 * Resolves once the renderer has written a frame of what is in the tree now (or after
 * FRAME_WAIT_MS at most). It waits for the frame itself: `renderer.idle()` counted a renderer whose
 * next frame was not scheduled yet as done, and then the history's first batch, its slowest, went
 * ahead of the footer's frame (the last message on screen 50–180 ms later in one start of three).
 */
function frameOut(renderer: CliRenderer): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      renderer.off("frame", done)
      resolve()
    }
    const timer = setTimeout(done, FRAME_WAIT_MS)
    renderer.on("frame", done)
    renderer.requestRender()
  })
}

/** How long a history's first batch waits for the footer's frame at most (a suspended renderer draws none). */
const FRAME_WAIT_MS = 250

/** What a step draws: an item, or the part of a reply between its cuts. */
function stepItem(step: Exclude<CommitStep, { kind: "separator" }>): TranscriptItem {
  if (step.kind === "part") return sliceReply(step.item, step.from, step.to)
  return step.from ? sliceReply(step.item as AssistantItem, step.from) : step.item
}

function continues(step: CommitStep & { kind: "part" }, next: CommitStep | undefined): boolean {
  if (!next || next.kind === "separator" || next.item.id !== step.item.id) return false
  return !!next.from && sameCut(next.from, step.to)
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
