// Follow-ups queued behind a running reply wait in the session's host (Pi's queue) until the reply
// ends: a daemon that dies takes them along, and they were in no file. The window holds them too
// (its queue rows), so when its daemon is lost it keeps them in $XAGENT_HOME/queued/<Pi session
// id>.json (private), and the next window on that session takes them back into its composer.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { xagentHome } from "../../util/daemon-paths"

/** Pi's ids are UUIDs: anything else never names a file. */
const SAFE_ID = /^[\w-]{1,128}$/

function fileOf(piSessionId: string, home: string): string | undefined {
  return SAFE_ID.test(piSessionId) ? join(home, "queued", `${piSessionId}.json`) : undefined
}

/** Adds `texts` to what is kept for the session; the file's path, or undefined when it could not be written. */
export function keepQueued(piSessionId: string, texts: string[], home = xagentHome()): string | undefined {
  const file = fileOf(piSessionId, home)
  if (!file || texts.length === 0) return undefined
  try {
    mkdirSync(join(home, "queued"), { recursive: true, mode: 0o700 })
    const before = readKept(file)
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify({ texts: [...before, ...texts] }), { mode: 0o600, flag: "w" })
    renameSync(temp, file)
    return file
  } catch {
    return undefined
  }
}

/** What was kept for the session, taken out of its file (which goes); [] when nothing was. */
export function takeQueued(piSessionId: string, home = xagentHome()): string[] {
  const file = fileOf(piSessionId, home)
  if (!file) return []
  const texts = readKept(file)
  if (texts.length)
    try {
      unlinkSync(file)
    } catch {
      return [] // another window took them first
    }
  return texts
}

function readKept(file: string): string[] {
  try {
    const texts = (JSON.parse(readFileSync(file, "utf8")) as { texts?: unknown }).texts
    return Array.isArray(texts) ? texts.filter((t): t is string => typeof t === "string") : []
  } catch {
    return []
  }
}
