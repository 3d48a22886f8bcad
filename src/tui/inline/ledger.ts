// Which transcript items are in the terminal's scrollback, and what to write there next. Pure: the
// committer (committer.tsx) feeds it the store's items and writes what it returns.
//
// Rules (docs/adr-inline-mode.md):
// - items go up in order, each once, when it is settled (it will not be drawn differently again:
//   the plan card whose actions are open stays below until they close);
//   the first unsettled item holds back everything after it, so the scrollback never skips one;
// - a snapshot that still holds the last item written continues where the scrollback is (a
//   reconnect, an attach replaying its journal): nothing is written twice;
// - a snapshot that lost it moved the view (another session, /new, /fork, a tree jump): a separator
//   goes up, then the new view's items the scrollback does not already hold; after a tree jump
//   (the same session), every item of the new view up to its tip, as Pi draws it again;
// - a view's history goes up whole up to a budget; of a longer one only the newest part, under one
//   row that says how much is left out (history-budget.ts);
// - a streaming reply goes up in parts, its finished Markdown blocks as they end (reply-cut.ts),
//   and the rest once it is settled: the footer only ever draws the block still being written.
//
// The one reason an item is not written: this scrollback holds it already. That is decided once,
// when a view starts, for the items that view came with, and an item counts as held only if one
// with its id, kind and time was written here. Ids alone are no proof: a tool item's id is the
// model's tool call id, which providers (and the scripted test model) number from 1 again in every
// session, so `call_1_0` of a new session is not the `call_1_0` written for the last one. Items that
// arrive while a view is shown are new by definition and always go up.
import type { AssistantItem, TranscriptItem } from "../../protocol"
import { INLINE_HISTORY, leftOut, type HistoryBudget } from "./history-budget"
import { beforeCut, BlockCutter, stableCut, START, type Cut } from "./reply-cut"

export type CommitStep =
  /** A whole item, or (with `from`) the rest of a reply whose first part is up already. */
  | { kind: "item"; item: TranscriptItem; from?: Cut }
  /** A streaming reply's finished blocks between two cuts. */
  | { kind: "part"; item: AssistantItem; from: Cut; to: Cut }
  | { kind: "separator"; text: string }

/** A reply partly in the scrollback: up to `cut`. */
export interface Partial {
  id: string
  cut: Cut
}

/** True once an item is drawn the way it will stay: not streaming, not running. */
export function isSettled(item: TranscriptItem): boolean {
  switch (item.kind) {
    case "assistant":
      return !item.streaming
    case "tool":
      return item.status === "done" || item.status === "error"
    case "bash":
      return item.status === "done"
    default:
      return true
  }
}

export interface LedgerView {
  items: readonly TranscriptItem[]
  /** Pi's session id: a change means another session is shown. */
  session?: string
  /** Bumped by every snapshot (the store's epoch). */
  epoch: number
  /** An item drawn differently while it is live (the plan card whose actions are open): held back. */
  hold?: string
  /**
   * Items of the session before `items[0]` the window was not sent (a long history's older part);
   * "some" while a big file's preview cannot know how many.
   */
  earlier?: number | "some"
  /**
   * The same items outside the window's store (`unwrap`), which the ledger reads instead: every
   * field of 2,000 items through the store's proxies cost a resume 0.2 s to size and 50–90 ms to walk.
   * Only the first item not up yet, and the count, are read from `items`, so that the caller's
   * effect runs again when they change (a tool done, a reply's new words, an item added); settled
   * items never change again.
   */
  plain?: readonly TranscriptItem[]
}

/** What makes two items with one id the same item: its kind and time (and a tool's name). */
function identity(item: TranscriptItem): string {
  return item.kind === "tool" ? `tool:${item.timestamp}:${item.name}` : `${item.kind}:${item.timestamp}`
}

export class ScrollbackLedger {
  /** Every item this scrollback holds (this view's and earlier views'): id → identity. */
  private written = new Map<string, string>()
  /**
   * The items of this session's history left out (above the row that says so): id → identity. A
   * later snapshot that starts with them (the host's after the window's own preview, a reconnect)
   * continues; they are never written below what came after them.
   */
  private leftOut = new Map<string, string>()
  /** The last item written that a snapshot must still hold (notices are live-only: snapshots drop them). */
  private anchor: string | undefined
  private session: string | undefined
  private epoch = -1
  /** Items of the current view, from the start, that are written (or queued to be). */
  private done = 0
  /** The id of the last of them: a view whose item there differs is another view, epoch or not. */
  private last: string | undefined
  /** How many items the current view came with: only those may be in the scrollback already. */
  private came = 0
  /** Settled items held below (the open plan card and those after it), copied: a move writes them first. */
  private heldBack: TranscriptItem[] = []
  /** The reply after them that is up in part, and the cutter reading its last block. */
  private part: (Partial & { reader: { block: number; cutter: BlockCutter } }) | undefined

  constructor(private readonly budget: HistoryBudget = INLINE_HISTORY) {}

  /** How many leading items of the current view are in the scrollback (or on their way), or left out of it. */
  get count(): number {
    return this.done
  }

  /** The reply whose first part is up (or on its way), if any. */
  get partial(): Partial | undefined {
    return this.part && { id: this.part.id, cut: this.part.cut }
  }

  /** What to write for the view as it is now; call on every change. */
  next(view: LedgerView): CommitStep[] {
    const steps: CommitStep[] = []
    const items = view.plain ?? view.items
    void view.items.length // for the caller's tracking: an item added
    if (this.otherView(view, items)) {
      this.epoch = view.epoch
      // The window's reset between sessions (nothing shown yet) is no view of its own.
      if (view.session === undefined && items.length === 0) {
        this.done = 0
        this.last = undefined
        this.came = 0
        return steps
      }
      let held = this.leadingWritten(items, view.session === this.session)
      const moved = view.session !== this.session || !this.continues(items, held)
      // What the last view held below is settled: unless this view still has it, it goes up now,
      // with the view it belongs to (before the separator).
      const first = this.heldBack[0]
      if (first && !items.some((it) => it.id === first.id && identity(it) === identity(first)))
        for (const item of this.heldBack) this.put(item, steps)
      if (moved) {
        if (this.written.size > 0) steps.push({ kind: "separator", text: separatorText(this.session, view) })
        // A jump within the session's tree (/tree, rewind): the conversation up to the new tip goes
        // up again below the separator, as Pi draws it, so the person sees where they now are.
        if (view.session === this.session && this.written.size > 0) {
          for (const it of items.slice(0, held)) this.written.delete(it.id)
          held = 0
        }
        this.leftOut.clear()
        if (held === 0) {
          // A long history: only its newest part goes up, the rest is left out on purpose.
          const out = leftOut(items, !!view.earlier, this.budget)
          for (const it of items.slice(0, out)) this.leftOut.set(it.id, identity(it))
          // The scrollback holds only part of the history: it says so where that part starts.
          if (view.earlier || out > 0)
            steps.push({
              kind: "separator",
              text: earlierText(view.earlier === "some" ? "some" : (view.earlier ?? 0) + out),
            })
          held = out
        }
        // What follows the separator continues from the part of the new view already up there.
        this.anchor = lastAnchor(items, held)
      }
      this.session = view.session
      this.done = held
      this.last = held > 0 ? items[held - 1]!.id : undefined
      this.came = items.length
      this.heldBack = []
      // A reply up in part continues only where the new view still has it next.
      if (moved || items[held]?.id !== this.part?.id) this.part = undefined
    }
    let holding = false
    while (this.done < items.length) {
      const item = items[this.done]!
      if (item.id === view.hold) {
        holding = true
        this.holdBack(items)
        break
      }
      if (!isSettled(item)) {
        // Read again through the store, for the caller's tracking: its status, its words.
        const live = view.items[this.done]!
        void isSettled(live)
        if (live.kind === "assistant") this.cutReply(live, steps)
        break
      }
      this.done++
      this.last = item.id
      // A fork's or another branch's history that is up there already (the view came with it).
      if (this.done <= this.came && this.holds(item)) continue
      this.put(item, steps)
    }
    // Let go of (and written by now, or on its way): nothing of it is held back any more.
    if (!holding) this.heldBack = []
    return steps
  }

  private put(item: TranscriptItem, steps: CommitStep[]) {
    this.written.set(item.id, identity(item))
    if (item.kind !== "notice") this.anchor = item.id
    const from = this.part?.id === item.id ? this.part.cut : undefined
    this.part = undefined
    steps.push(from ? { kind: "item", item, from } : { kind: "item", item })
  }

  /** Keeps a copy of the settled run from the held item on (copied only when it changes). */
  private holdBack(items: readonly TranscriptItem[]) {
    let end = this.done
    while (end < items.length && isSettled(items[end]!)) end++
    const run = items.slice(this.done, end)
    if (run.length === this.heldBack.length && run.every((it, i) => it.id === this.heldBack[i]!.id)) return
    // The store's objects change in place, and belong to the next view once it comes.
    this.heldBack = run.map((it) => JSON.parse(JSON.stringify(it)) as TranscriptItem)
  }

  /**
   * A snapshot (a new epoch), another session, or items that are not the ones counted: the last
   * catches a view that changed while the ledger was not asked (a page was up while the window
   * switched sessions, and the store's count of snapshots started again).
   */
  private otherView(view: LedgerView, items: readonly TranscriptItem[]): boolean {
    if (view.epoch !== this.epoch || view.session !== this.session) return true
    if (this.done > items.length) return true
    return this.done > 0 && items[this.done - 1]!.id !== this.last
  }

  private holds(item: TranscriptItem): boolean {
    return this.written.get(item.id) === identity(item)
  }

  /** Hands out a streaming reply's blocks finished since the last call. */
  private cutReply(item: AssistantItem, steps: CommitStep[]) {
    if (this.part?.id !== item.id)
      this.part = { id: item.id, cut: START, reader: { block: -1, cutter: new BlockCutter() } }
    const part = this.part
    const to = stableCut(item, part.reader)
    if (!beforeCut(part.cut, to)) return
    steps.push({ kind: "part", item, from: part.cut, to })
    part.cut = to
  }

  /** The leading items the scrollback holds, or (in the same session) left out of it. */
  private leadingWritten(items: readonly TranscriptItem[], sameSession: boolean): number {
    let n = 0
    while (n < items.length) {
      const it = items[n]!
      if (!this.holds(it) && !(sameSession && this.leftOut.get(it.id) === identity(it))) break
      n++
    }
    return n
  }

  /** The view still holds the last item written within the part already written. */
  private continues(items: readonly TranscriptItem[], held: number): boolean {
    if (this.anchor === undefined) return true
    for (let i = 0; i < held; i++) if (items[i]!.id === this.anchor) return true
    return false
  }
}

function lastAnchor(items: readonly TranscriptItem[], held: number): string | undefined {
  for (let i = held - 1; i >= 0; i--) if (items[i]!.kind !== "notice") return items[i]!.id
  return undefined
}

/** The row above a history the scrollback holds only part of: how much is left out, and where it is. */
function earlierText(earlier: number | "some"): string {
  const how = "/tree or --fullscreen shows them"
  if (earlier === "some") return `Earlier entries not shown · ${how}`
  const n = earlier.toLocaleString("en-US")
  return `${n} earlier ${earlier === 1 ? "entry" : "entries"} not shown · ${how}`
}

function separatorText(before: string | undefined, view: LedgerView): string {
  if (view.session !== before) return view.items.length === 0 ? "new session" : "another session"
  return "another point of the session tree"
}
