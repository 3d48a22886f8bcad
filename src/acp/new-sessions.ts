// Sessions `session/new` handed out, by id and folder. Pi writes a session's file only with its
// first conversation, and the daemon ends a session nobody holds, so an id an editor was given
// but never prompted would otherwise be gone once its `xagent acp` exits. An editor keeps such ids
// (acpx's `sessions new`, then a later `prompt`): this record lets another `xagent acp` process
// list it and open it again, empty, under the same id. One small file per id, so concurrent
// agent processes never rewrite each other's entries.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

export interface NewSessionEntry {
  id: string
  cwd: string
  /** When session/new made it (ISO time). */
  created: string
}

/** An id that is also a safe file name (Pi's ids are UUIDs; an editor may send anything). */
const ID = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/
/** Records of sessions never prompted are dropped after this long. */
const KEEP_MS = 30 * 24 * 3600_000

export class NewSessions {
  constructor(private readonly dir: string) {}

  remember(id: string, cwd: string): void {
    if (!ID.test(id)) return
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    const entry: NewSessionEntry = { id, cwd, created: new Date().toISOString() }
    writeFileSync(this.file(id), `${JSON.stringify(entry)}\n`, { mode: 0o600 })
    this.prune()
  }

  recall(id: string): NewSessionEntry | undefined {
    if (!ID.test(id)) return undefined
    return read(this.file(id))
  }

  /** The session has its file now (or is gone for good): Pi's own store knows it from here on. */
  forget(id: string): void {
    if (ID.test(id)) rmSync(this.file(id), { force: true })
  }

  all(): NewSessionEntry[] {
    return this.names()
      .map((n) => read(join(this.dir, n)))
      .filter((e): e is NewSessionEntry => e !== undefined)
  }

  private prune(): void {
    const now = Date.now()
    for (const n of this.names()) {
      try {
        if (now - statSync(join(this.dir, n)).mtimeMs > KEEP_MS) rmSync(join(this.dir, n), { force: true })
      } catch {}
    }
  }

  private names(): string[] {
    try {
      return readdirSync(this.dir).filter((n) => n.endsWith(".json"))
    } catch {
      return []
    }
  }

  private file(id: string): string {
    return join(this.dir, `${id}.json`)
  }
}

function read(path: string): NewSessionEntry | undefined {
  try {
    const e = JSON.parse(readFileSync(path, "utf8")) as Partial<NewSessionEntry>
    if (typeof e.id === "string" && typeof e.cwd === "string" && typeof e.created === "string")
      return { id: e.id, cwd: e.cwd, created: e.created }
  } catch {}
  return undefined
}
