// A session file whose last line was cut short (a write that did not finish: a full disk, a crash
// mid-write) is repaired before Pi opens it. Pi would end the cut line with a newline and skip it,
// so it stays as garbage in the file; here it is moved to a file beside the session (never merged
// with the next entry, never deleted: it may be most of a long reply) and the file ends where its
// last whole line does.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeFileSync } from "node:fs"

const CHUNK = 64 * 1024

/** Repairs `path` if its last line is cut short; returns what to tell the person, or undefined. */
export function repairTornTail(path: string): string | undefined {
  let fd: number
  try {
    fd = openSync(path, "r+")
  } catch {
    // Read-only: Pi may still read it; its writes will say what fails (patches/session-writes.ts).
    return undefined
  }
  try {
    const size = fstatSync(fd).size
    const start = lastLineStart(fd, size)
    // No newline at all is a damaged header, which the session check refuses; an empty tail is whole.
    if (start === undefined || start === size) return undefined
    const tail = Buffer.alloc(size - start)
    readSync(fd, tail, 0, tail.length, start)
    const text = tail.toString("utf8")
    if (!text.trim() || parses(text)) return undefined // a whole entry, only its newline missing
    const aside = `${path}.torn-${new Date().toISOString().replace(/[:.]/g, "-")}`
    writeFileSync(aside, tail, { flag: "wx", mode: 0o600 })
    ftruncateSync(fd, start)
    return (
      `The last line of ${path} was cut short (${tail.length} bytes of an entry whose write did not finish); ` +
      `it was moved to ${aside} and the session opened without it`
    )
  } finally {
    closeSync(fd)
  }
}

/** The offset just past the file's last newline, or undefined when it has none. */
function lastLineStart(fd: number, size: number): number | undefined {
  const buf = Buffer.alloc(CHUNK)
  for (let end = size; end > 0;) {
    const from = Math.max(0, end - CHUNK)
    const n = readSync(fd, buf, 0, end - from, from)
    const nl = buf.subarray(0, n).lastIndexOf(0x0a)
    if (nl >= 0) return from + nl + 1
    end = from
  }
  return undefined
}

function parses(line: string): boolean {
  try {
    JSON.parse(line)
    return true
  } catch {
    return false
  }
}
