// A session file's history, read by the window itself while the session's host starts (Pi's import
// and load take a third of a second): the same branch and projection the host uses, so the host's
// snapshot, when it comes, holds the same items and replaces the preview without a visible change.
import { closeSync, fstatSync, openSync, readSync } from "node:fs"
import { isAbsolute } from "node:path"
import { newestStart, type TranscriptItem } from "../../protocol"
import { projectBranch } from "../../protocol/project-messages"
import type { BranchEntry } from "../../protocol/session-entries"
import { readBranch } from "../../util/session-branch"

export interface SessionPreview {
  /** Pi's session id, from the file's header. */
  piSessionId: string
  /** The newest items, as the host's snapshot will carry them (history-window.ts). */
  items: TranscriptItem[]
  /** Items before those. */
  earlier: number
}

/**
 * Larger files are left to the host: reading them would hold the window's thread (and its keys) for
 * longer than the host takes to start.
 */
export const PREVIEW_MAX_BYTES = 8 * 1024 * 1024

/** The preview of the session file at `path`, or undefined when there is none to draw (the window waits for the host). */
export function readSessionPreview(path: string, maxBytes = PREVIEW_MAX_BYTES): SessionPreview | undefined {
  if (!isAbsolute(path)) return undefined
  try {
    const text = readSmallFile(path, maxBytes)
    const branch = text === undefined ? undefined : readBranch(text)
    const items = branch && projectBranch(branch.entries as BranchEntry[])
    if (!items?.length) return undefined
    // Cut where the host's snapshot will (its notices only add at the end: it never starts earlier),
    // so the snapshot continues what the preview drew.
    const start = newestStart(items)
    return { piSessionId: branch!.id, items: items.slice(start), earlier: start }
  } catch {
    // Unreadable, or entries shaped in ways the projection does not expect: the host has the last word.
    return undefined
  }
}

function readSmallFile(path: string, maxBytes: number): string | undefined {
  const fd = openSync(path, "r")
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile() || stat.size > maxBytes) return undefined
    const buf = Buffer.allocUnsafe(stat.size)
    let got = 0
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got)
      if (n === 0) break
      got += n
    }
    return buf.toString("utf8", 0, got)
  } finally {
    closeSync(fd)
  }
}
