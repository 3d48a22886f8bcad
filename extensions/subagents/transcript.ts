// A child's transcript on disk: a Pi session file (format v3) beside its parent's, in a folder named
// after it (`<parent>.subagents/<call id>.jsonl`), one entry a message, written as each message
// ends. The /subagents roster opens it (read-only, live while the child runs); Pi opens it as any
// session file, and its session listings skip it (they read `.jsonl` files of a folder, not the
// folders in it). It is written apart from Pi's SessionManager, which writes nothing until the
// first reply has ended: the task shows at once. A file that cannot be written costs the child
// nothing: the transcript is then not kept, and the roster says why.
import { randomUUID } from "node:crypto"
import { appendFileSync, mkdirSync, openSync, closeSync, writeSync } from "node:fs"
import { basename, dirname, join } from "node:path"

/** The folder of a parent session's children's transcripts. */
export function transcriptFolder(parentFile: string): string {
  return join(dirname(parentFile), `${basename(parentFile).replace(/\.jsonl$/, "")}.subagents`)
}

/**
 * How deep a session is as a subagent, by where its file is: in a parent's subagents folder 1, in
 * its child's 2 (a child in a host of its own knows its depth so, with nothing passed to it).
 */
export function subagentDepth(sessionFile: string | undefined): number {
  if (!sessionFile) return 0
  return dirname(sessionFile)
    .split(/[\\/]/)
    .filter((part) => part.endsWith(".subagents")).length
}

/** The file of the child of call `callId` (the call id as a file name: other characters are dropped). */
export function transcriptPath(parentFile: string, callId: string): string {
  const name = callId.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 120) || "child"
  return join(transcriptFolder(parentFile), `${name}.jsonl`)
}

export interface ChildTranscript {
  /** Where it is written; undefined once a write failed (`problem` says why). */
  readonly path: string | undefined
  readonly problem: string | undefined
  /** One message of the child's (user, assistant or tool result), as Pi's session entry. */
  append(message: unknown): void
}

/** How many other names are tried when a call id's file is there already. */
const OTHER_NAMES = 50

/**
 * Starts the transcript at `path` with its header. Never writes over a file: one already there is
 * another child's (a model that reuses call ids across turns), and `<id>-2.jsonl`, `-3`… is tried.
 */
export function openTranscript(wanted: string, cwd: string, parentFile: string): ChildTranscript {
  let problem: string | undefined
  let leaf: string | null = null
  let path = wanted
  const ids = new Set<string>()
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    const header = {
      type: "session",
      version: 3,
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      cwd,
      parentSession: parentFile,
    }
    // `wx`: made here or refused; 0600 as Pi's own session files are.
    let fd: number | undefined
    for (let n = 1; fd === undefined; n++) {
      path = n === 1 ? wanted : wanted.replace(/\.jsonl$/, `-${n}.jsonl`)
      try {
        fd = openSync(path, "wx", 0o600)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || n > OTHER_NAMES) throw e
      }
    }
    try {
      writeSync(fd, `${JSON.stringify(header)}\n`)
    } finally {
      closeSync(fd)
    }
  } catch (e) {
    problem = `it could not be written at ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`
  }
  return {
    get path() {
      return problem ? undefined : path
    },
    get problem() {
      return problem
    },
    append(message) {
      if (problem) return
      let id = randomUUID().slice(0, 8)
      while (ids.has(id)) id = randomUUID().slice(0, 8)
      ids.add(id)
      const entry = { type: "message", id, parentId: leaf, timestamp: new Date().toISOString(), message }
      try {
        appendFileSync(path, `${JSON.stringify(entry)}\n`)
        leaf = id
      } catch (e) {
        problem = `a write to ${path} failed: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`
      }
    },
  }
}
