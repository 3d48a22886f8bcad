// A session file's history, read by the window itself while the session's host starts (Pi's import
// and load take a third of a second): the same branch and projection the host uses, so the host's
// snapshot, when it comes, holds the same items and replaces the preview without a visible change.
import { closeSync, fstatSync, openSync, readSync } from "node:fs"
import { isAbsolute } from "node:path"
import { HISTORY_BYTES, newestStart } from "../../common/history-window"
import { type TranscriptItem } from "../../protocol"
import { projectBranch } from "../../common/message-projection"
import type { BranchEntry } from "../../common/session-entries"
import { readBranch, readBranchTail } from "../../util/session-branch"

export interface SessionPreview {
  /** Pi's session id, from the file's header. */
  piSessionId: string
  /** The newest items, as the host's snapshot will carry them (history-window.ts). */
  items: TranscriptItem[]
  /** Items before those. */
  earlier: number
  /** A big file's preview, read from its end: there are items before these, how many is the host's to say. */
  earlierUnknown?: boolean
}

/**
 * Files up to this are read whole. A larger one is read from its end only: reading it all would hold
 * the window's thread (and its keys) for seconds, and Pi's own load of it takes longer still.
 */
export const PREVIEW_MAX_BYTES = 8 * 1024 * 1024
/**
 * How much of a large file's end is read: enough entries to fill the snapshot's history budget
 * with room to spare, so the preview starts where the host's snapshot will.
 */
export const PREVIEW_TAIL_BYTES = 3 * HISTORY_BYTES
/** The header line is short; one longer than this is not a session file Pi wrote. */
const HEADER_MAX_BYTES = 64 * 1024

/** The preview of the session file at `path`, or undefined when there is none to draw (the window waits for the host). */
export function readSessionPreview(path: string, maxBytes = PREVIEW_MAX_BYTES): SessionPreview | undefined {
  if (!isAbsolute(path)) return undefined
  try {
    const fd = openSync(path, "r")
    try {
      const stat = fstatSync(fd)
      if (!stat.isFile()) return undefined
      return stat.size <= maxBytes ? wholePreview(readAt(fd, 0, stat.size)) : tailPreview(fd, stat.size)
    } finally {
      closeSync(fd)
    }
  } catch {
    // Unreadable, or entries shaped in ways the projection does not expect: the host has the last word.
    return undefined
  }
}

function wholePreview(text: string): SessionPreview | undefined {
  const branch = readBranch(text)
  const items = branch && projectBranch(branch.entries as BranchEntry[])
  if (!items?.length) return undefined
  // Cut where the host's snapshot will (its notices only add at the end: it never starts earlier),
  // so the snapshot continues what the preview drew.
  const start = newestStart(items)
  return { piSessionId: branch!.id, items: items.slice(start), earlier: start }
}

/**
 * The newest items of a big file from its header line and its last PREVIEW_TAIL_BYTES. Drawn only
 * when those items fill more than the snapshot's budget: then the cut falls inside what was read,
 * where the host's will (an item's id depends on its own entry, not on what came before it, but for
 * an id two entries share: then the snapshot, when it comes, is drawn as a new view).
 */
function tailPreview(fd: number, size: number): SessionPreview | undefined {
  const head = readAt(fd, 0, Math.min(size, HEADER_MAX_BYTES))
  const firstLine = head.slice(0, head.indexOf("\n"))
  if (!firstLine) return undefined
  const from = Math.max(0, size - PREVIEW_TAIL_BYTES)
  const branch = readBranchTail(firstLine, readAt(fd, from, size - from))
  const items = branch && projectBranch(branch.entries as BranchEntry[])
  if (!items?.length) return undefined
  const start = newestStart(items)
  if (branch!.complete) return { piSessionId: branch!.id, items: items.slice(start), earlier: start }
  // The tail's first items may be cut from what explains them (a call before the tail): never drawn.
  if (start === 0) return undefined
  return { piSessionId: branch!.id, items: items.slice(start), earlier: 0, earlierUnknown: true }
}

function readAt(fd: number, offset: number, length: number): string {
  const buf = Buffer.allocUnsafe(length)
  let got = 0
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, offset + got)
    if (n === 0) break
    got += n
  }
  return buf.toString("utf8", 0, got)
}
