// Is this file a Pi session? Pi's SessionManager.open rewrites any file without a valid header
// as a fresh session (and migrates old ones in place), so a mistyped `--session` path would
// destroy the file. Everything that hands a path to Pi asks here first; this only reads.
import { closeSync, openSync, readSync, statSync } from "node:fs"

/** The session format this Pi writes (Pi's CURRENT_SESSION_VERSION; a test holds them equal). */
export const SESSION_FORMAT_VERSION = 3

/** How much of the file is read to judge it: the header and the first entries. */
const SAMPLE_BYTES = 256 * 1024

/** The whole refusal for a file that is not a session, or undefined when it is one. */
export function notASessionMessage(path: string): string | undefined {
  const problem = sessionFileProblem(path)
  return problem && `${path} is not a Pi session file: ${problem}. It was left as it is`
}

/** Why `path` is not a Pi session file Pi can open safely, or undefined when it is one. */
export function sessionFileProblem(path: string): string | undefined {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return "there is no file there"
  }
  if (stat.isDirectory()) return "it is a folder"
  if (!stat.isFile()) return "it is not a regular file"
  if (stat.size === 0) return "it is empty"
  let sample: Buffer
  try {
    sample = readStart(path, Math.min(stat.size, SAMPLE_BYTES))
  } catch (err) {
    return `it could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`
  }
  if (sample.includes(0)) return "it is binary, not JSON lines"
  const text = sample.toString("utf8")
  // A sample that stops mid-file may cut its last line: judge only whole lines.
  const lines = text.split("\n")
  if (sample.length < stat.size && lines.length > 1) lines.pop()
  const first = lines.findIndex((l) => l.trim())
  if (first < 0) return "it holds only blank lines"
  const header = parseJson(lines[first]!)
  if (header === undefined) {
    const rest = lines.slice(first + 1).some((l) => isObject(parseJson(l)))
    return rest
      ? "its first line (the session header) is damaged: it is not JSON"
      : "its first line is not JSON, and a session file is JSON lines"
  }
  if (!isObject(header) || header.type !== "session" || typeof header.id !== "string") {
    const more = lines.slice(first + 1).some((l) => isSessionHeader(parseJson(l)))
    return more
      ? "its first line (the session header) is damaged: it is not a session header"
      : `its first line is not a session header ({"type":"session","id":…}) but ${describe(header)}`
  }
  const version = header.version ?? 1
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return `its header has no valid session version (${JSON.stringify(header.version)})`
  if (version > SESSION_FORMAT_VERSION)
    return `its header has session version ${version}, newer than the version ${SESSION_FORMAT_VERSION} this Pi reads`
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i]!.trim()
    // Pi skips lines that are not JSON (a write cut short); a JSON line that is not an object breaks it.
    if (!line) continue
    const value = parseJson(line)
    if (value === undefined) continue
    if (!isObject(value)) return `line ${i + 1} is ${describe(value)}, not a session entry`
    const shape = entryShapeProblem(value)
    if (shape) return `line ${i + 1} is ${shape}`
  }
  return undefined
}

/**
 * What is wrong with a session entry that Pi would trip over (its error would be a raw TypeError
 * such as "message.content.filter is not a function"), or undefined. Only message entries are
 * checked: the other kinds Pi reads defensively.
 */
export function entryShapeProblem(entry: Record<string, unknown>): string | undefined {
  if (entry.type !== "message") return undefined
  const m = entry.message
  if (!isObject(m)) return `a message entry without a message (${describe(m ?? null)})`
  if (typeof m.role !== "string") return "a message entry whose message has no role"
  if (!["user", "assistant", "toolResult"].includes(m.role) && m.content === undefined) return undefined
  const c = m.content
  if (typeof c === "string" && m.role !== "assistant") return undefined
  if (!Array.isArray(c))
    return `a message entry whose content is ${describe(c ?? null)}, not ${m.role === "assistant" ? "" : "text or "}a list of blocks`
  const bad = c.find((b) => !isObject(b) || typeof b.type !== "string")
  if (bad !== undefined) return `a message entry whose content holds ${describe(bad)}, not a block`
  return undefined
}

function readStart(path: string, bytes: number): Buffer {
  const fd = openSync(path, "r")
  try {
    const buf = Buffer.alloc(bytes)
    let got = 0
    while (got < bytes) {
      const n = readSync(fd, buf, got, bytes - got, got)
      if (n === 0) break
      got += n
    }
    return buf.subarray(0, got)
  } finally {
    closeSync(fd)
  }
}

/** The JSON value of one line, or undefined when it is not JSON. */
export function parseJson(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}

function isSessionHeader(v: unknown): boolean {
  return isObject(v) && v.type === "session" && typeof v.id === "string"
}

function describe(v: unknown): string {
  if (v === null) return "null"
  if (Array.isArray(v)) return "a JSON array"
  if (isObject(v))
    return typeof v.type === "string" ? `an object of type "${v.type.slice(0, 40)}"` : "another JSON object"
  return `a JSON ${typeof v}`
}
