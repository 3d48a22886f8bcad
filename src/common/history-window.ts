// How much of a long session's history a window is sent at once. A snapshot carries the newest
// items up to a size budget and says how many came before (`earlier`); a window asks for those
// with `session.earlier` when the person scrolls to them. Without the budget, a 100 MB session
// went to every window whole (encoded, sent, decoded, stored and, inline, drawn into the
// scrollback) before its newest message showed: minutes, with the window's keys held.
import type { TranscriptItem } from "../protocol/transcript"

/** The history a snapshot (or one `session.earlier` answer) carries, in bytes of its items' JSON. */
export const HISTORY_BYTES = 2 * 1024 * 1024

/**
 * Where the newest run of `items[0, end)` that fits `budget` starts: always at least one item
 * (one larger than the budget goes alone). Sizes only what it keeps, so the cost is flat in the
 * session's length.
 */
export function newestStart(items: readonly TranscriptItem[], end = items.length, budget = HISTORY_BYTES): number {
  let start = end
  let bytes = 0
  while (start > 0) {
    bytes += JSON.stringify(items[start - 1]).length
    if (bytes > budget && start < end) break
    start--
  }
  return start
}
