// How much of a view's history inline writes into the terminal's scrollback when the view starts
// (a resume, a session switched to, a tree jump, the rewrite after a resize or a fold key). Every
// item goes up drawn by the window's own components, and the newest screenful is on screen only
// once all rows above it are: the host's whole snapshot of a 100 MB session (2 MB of items, 126
// messages of 16 KB, some 15,000 rows) took 10 s on a loaded machine. A terminal keeps 1,000 to
// 10,000 rows of scrollback by default anyway. Full screen draws only what is in view: no budget.
//
// The rule (README, docs/adr-inline-mode.md): a history of up to `wholeBytes` goes up whole, as pi
// writes it (a 2,000-message session of the bench's turns is 0.85 MB); of a longer one, or one the
// host's snapshot already cut (`earlier`), only the newest `newestBytes`, under one row that says
// how many entries are left out and where to see them. One bound could not do both: drawing cost
// follows items' shapes more than their bytes (those 2,000 short messages, tool rows and code
// blocks draw slower than the 126 long ones). Items that arrive while a view is shown always go up.
import { newestStart } from "../../common/history-window"
import { type TranscriptItem } from "../../protocol"

export interface HistoryBudget {
  /** A history of at most this many bytes (its items' JSON, as the host's window counts) goes up whole. */
  wholeBytes: number
  /** Of a longer one, the newest items up to this many bytes. */
  newestBytes: number
}

export const INLINE_HISTORY: HistoryBudget = { wholeBytes: 1024 * 1024, newestBytes: 128 * 1024 }

/** How many leading items of a view's history are left out of the scrollback (0: it goes up whole). */
export function leftOut(items: readonly TranscriptItem[], cut: boolean, budget: HistoryBudget): number {
  if (items.length === 0) return 0
  if (!cut && newestStart(items, items.length, budget.wholeBytes) === 0) return 0
  return newestStart(items, items.length, budget.newestBytes)
}
