// Where a session's unsaved entries go when the person quits and keeps them elsewhere: the whole
// session as a file of its own (`xagent --session <path>` opens it), first under $XAGENT_HOME,
// else in a private folder of the temp dir (its file may sit on the same full disk). Never over
// an existing file; what fails in every place is thrown with each reason.
import { mkdirSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { xagentHome } from "../../util/daemon-paths"
import { errorText } from "../../util/error-text"
import type { LiveSession } from "../session/live-session"
import { writeSessionCopy } from "../patches/session-writes"

export function saveUnsavedCopy(live: LiveSession): { path: string } {
  const sm = live.session.sessionManager
  const name = `${Date.now()}-${basename(live.file ?? `${live.piSessionId}.jsonl`)}`
  const places: (() => string)[] = [
    () => {
      const dir = join(xagentHome(), "unsaved")
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      return dir
    },
    () => mkdtempSync(join(tmpdir(), "xagent-unsaved-")),
  ]
  const failures: string[] = []
  for (const place of places) {
    try {
      const path = join(place(), name)
      writeSessionCopy(sm, path)
      return { path }
    } catch (e) {
      failures.push(errorText(e))
    }
  }
  throw new Error(`The session could not be written anywhere: ${failures.join("; ")}`)
}
