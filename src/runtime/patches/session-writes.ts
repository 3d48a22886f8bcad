// Session file writes that fail are said and lose nothing. Pi's SessionManager
// appends each entry with appendFileSync and throws what fails into the agent's run: a full disk
// leaves a partial line that the next entry is glued onto (both lost on the next load), the reply
// ends as an error, and the entry is dropped from memory. This replaces its `_persist` (the one
// place entries reach the file) with a writer that writes whole lines or nothing (a short write is
// cut back to the last whole line), keeps what it could not write in order, retries it every
// second and with the next entry, and tells the session's windows when saving stops and resumes.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, renameSync, unlinkSync, writeSync } from "node:fs"
import { SessionManager } from "@earendil-works/pi-coding-agent"
import { patchOn } from "../../util/patch-switch"

/** What Pi's SessionManager keeps privately and this writer reads (Pi 1.6.0). */
interface Internals {
  persist: boolean
  sessionFile: string | undefined
  flushed: boolean
  fileEntries: { type: string; message?: { role: string } }[]
  _persist(entry: unknown): void
  _rewriteFile(): void
}

export interface WriteReport {
  level: "error" | "info"
  text: string
}

interface WriterState {
  /** Lines appended in memory but not yet in `file` (once the file exists). */
  pending: string[]
  file: string | undefined
  failing: boolean
  timer: ReturnType<typeof setInterval> | undefined
  report: (r: WriteReport) => void
  /** The count of unsaved entries may have changed (the windows' quit question reads it). */
  changed: () => void
}

const RETRY_MS = 1000
const states = new WeakMap<object, WriterState>()
let installed = false

/** Puts the writer in place of Pi's `_persist` (once per process; off with XAGENT_NO_SESSION_WRITES=1). */
export function installSessionWrites(): void {
  if (installed || !patchOn("SESSION_WRITES")) return
  const proto = SessionManager.prototype as unknown as Internals
  if (typeof proto._persist !== "function" || typeof proto._rewriteFile !== "function")
    throw new Error("Pi's SessionManager has no _persist/_rewriteFile: src/runtime/patches/session-writes.ts")
  proto._persist = function (this: Internals, entry: unknown) {
    persist(this, entry)
  }
  // Pi rewrites a whole file (an older format migrated on open, a branch written out) by truncating
  // it first: a write that fails then destroys it. Write beside it and rename over it instead.
  proto._rewriteFile = function (this: Internals) {
    if (!this.persist || !this.sessionFile) return
    replaceWhole(this.sessionFile, this.fileEntries.map((e) => `${JSON.stringify(e)}\n`).join(""))
    const st = states.get(this)
    if (st?.file === this.sessionFile) st.pending = []
  }
  installed = true
}

/** Where this session manager's write failures and recoveries are told (the live session's windows). */
export function reportSessionWrites(
  sm: SessionManager,
  report: (r: WriteReport) => void,
  changed: () => void = () => {},
): void {
  Object.assign(state(sm as unknown as Internals), { report, changed })
}

/** Entries kept in memory that the session file lacks, and that file; undefined when none. */
export function unsavedEntries(sm: SessionManager): { count: number; file: string } | undefined {
  const st = states.get(sm)
  const internals = sm as unknown as Internals
  if (!st?.failing || !st.file || st.file !== internals.sessionFile) return undefined
  const count = unsaved(internals, st)
  return count > 0 ? { count, file: st.file } : undefined
}

/**
 * Writes the whole session (header and every entry, the unsaved ones too) to a new file at `path`,
 * a session file of its own that `--session` opens: what a person quitting keeps when the real
 * file cannot be written. Throws what fails; never replaces an existing file.
 */
export function writeSessionCopy(sm: SessionManager, path: string): void {
  const internals = sm as unknown as Internals
  createWhole(path, internals.fileEntries.map((e) => `${JSON.stringify(e)}\n`).join(""))
}

/** At close: one more try; says how many entries were never saved (0 when all are on disk). */
export function endSessionWrites(sm: SessionManager): number {
  const st = states.get(sm)
  if (!st) return 0
  clearInterval(st.timer)
  st.timer = undefined
  if (!st.failing) return 0
  const internals = sm as unknown as Internals
  return tryWrite(internals, st) ? 0 : unsaved(internals, st)
}

function state(sm: Internals): WriterState {
  let st = states.get(sm)
  if (!st) {
    st = { pending: [], file: sm.sessionFile, failing: false, timer: undefined, report: () => {}, changed: () => {} }
    states.set(sm, st)
  }
  return st
}

function persist(sm: Internals, entry: unknown): void {
  if (!sm.persist || !sm.sessionFile) return
  const st = state(sm)
  followFile(sm, st)
  if (sm.flushed) st.pending.push(`${JSON.stringify(entry)}\n`)
  if (!tryWrite(sm, st)) st.changed()
}

/** Pi moved this manager to another file (its newSession): what the old one lacks cannot follow. */
function followFile(sm: Internals, st: WriterState): void {
  if (st.file === sm.sessionFile) return
  if (st.failing) st.report({ level: "error", text: `Entries that could not be saved to ${st.file} are lost` })
  clearInterval(st.timer)
  Object.assign(st, { pending: [], file: sm.sessionFile, failing: false, timer: undefined })
}

/**
 * A new file is written at its first message: the person's first prompt is on disk before the
 * model is asked (a host that dies then loses nothing typed), and opening and closing a session
 * leaves no file.
 */
function hasMessage(sm: Internals): boolean {
  return sm.fileEntries.some(
    (e) => e.type === "message" && (e.message?.role === "user" || e.message?.role === "assistant"),
  )
}

/** Writes what is missing from the file; true when nothing is. Never throws into Pi. */
function tryWrite(sm: Internals, st: WriterState): boolean {
  followFile(sm, st)
  const file = sm.sessionFile
  if (!sm.persist || !file) return true
  const count = unsaved(sm, st)
  try {
    if (!sm.flushed) {
      if (!hasMessage(sm)) return true
      createWhole(file, sm.fileEntries.map((e) => `${JSON.stringify(e)}\n`).join(""))
      sm.flushed = true
    } else if (st.pending.length) appendWhole(file, st.pending.join(""))
    st.pending = []
  } catch (err) {
    if (!st.failing) {
      st.failing = true
      st.report({
        level: "error",
        text:
          `${count === 1 ? "1 entry" : `${count} entries`} could not be saved to ${file}: ${describe(err)}. ` +
          "They are kept and written as soon as the file can be written; they are lost if the session ends first",
      })
      st.timer = setInterval(() => tryWrite(sm, st), RETRY_MS)
      st.timer.unref?.()
      st.changed()
    }
    return false
  }
  if (st.failing) {
    st.failing = false
    clearInterval(st.timer)
    st.timer = undefined
    st.report({ level: "info", text: `The session file can be written again: ${count} kept entries saved to ${file}` })
    st.changed()
  }
  return true
}

function unsaved(sm: Internals, st: WriterState): number {
  return sm.flushed ? st.pending.length : sm.fileEntries.length
}

/** A new file with all of `data`, or no file at all. */
function createWhole(path: string, data: string): void {
  const fd = openSync(path, "wx")
  try {
    writeAll(fd, Buffer.from(data))
  } catch (err) {
    closeSync(fd)
    try {
      unlinkSync(path) // made by this call a moment ago, so ours
    } catch {}
    throw err
  }
  closeSync(fd)
}

/** `path` holds all of `data` or stays as it was (a failed write leaves no temporary file). */
function replaceWhole(path: string, data: string): void {
  const temp = `${path}.${process.pid}.tmp`
  createWhole(temp, data)
  try {
    renameSync(temp, path)
  } catch (err) {
    unlinkSync(temp)
    throw err
  }
}

/** Appends all of `data` or nothing: a write cut short is cut back to where the file ended. */
function appendWhole(path: string, data: string): void {
  const fd = openSync(path, "a+")
  try {
    const end = fstatSync(fd).size
    // A file that does not end a line (cut back in vain, or cut by something else): start a new one.
    const last = Buffer.alloc(1)
    const torn = end > 0 && readSync(fd, last, 0, 1, end - 1) === 1 && last[0] !== 0x0a
    try {
      writeAll(fd, Buffer.from(torn ? `\n${data}` : data))
    } catch (err) {
      try {
        ftruncateSync(fd, end)
      } catch {}
      throw err
    }
  } finally {
    closeSync(fd)
  }
}

function writeAll(fd: number, buf: Buffer): void {
  for (let at = 0; at < buf.length;) at += writeSync(fd, buf, at)
}

/** "ENOSPC (no space left on device)" from Node's "ENOSPC: no space left on device, write". */
function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException
  const what = /^[A-Z]+: ([^,]+)/.exec(e?.message ?? "")?.[1]
  return e?.code ? `${e.code} (${what ?? e.message})` : String(e?.message ?? err)
}
