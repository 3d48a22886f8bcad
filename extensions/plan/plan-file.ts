// The plan as a Markdown file in the session's folder of plans (beside the session file), so the
// person can edit it before implementing; Implement reads it back.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"

/** `<session dir>/plans/<session file name>/` (a temp folder for a session that is not saved). */
export function plansDir(sessionFile: string | undefined, sessionId: string): string {
  if (!sessionFile) return join(tmpdir(), "xagent-plans", sessionId)
  return join(dirname(sessionFile), "plans", basename(sessionFile).replace(/\.jsonl$/, ""))
}

export function planMarkdown(title: string | undefined, plan: string): string {
  return `${title ? `# ${title}\n\n` : ""}${plan.replace(/\n*$/, "\n")}`
}

/** Writes a new file (never one that exists: each plan gets its own name). */
export function writePlanFile(dir: string, title: string | undefined, plan: string, now = Date.now()): string {
  mkdirSync(dir, { recursive: true })
  let path = join(dir, `plan-${now}.md`)
  for (let i = 2; existsSync(path); i++) path = join(dir, `plan-${now}-${i}.md`)
  writeFileSync(path, planMarkdown(title, plan), { flag: "wx" })
  return path
}

/** The plan text as the person left it: the file if it is still there, else what was submitted. */
export function readPlanFile(path: string | undefined, fallback: string): string {
  if (!path) return fallback
  try {
    return readFileSync(path, "utf8")
  } catch {
    return fallback
  }
}
