// A repository's setup script for new worktrees (`.xagent/worktree-setup`, say one that installs
// dependencies). It is code from the repository, so it runs only once the person trusted it:
// trust is recorded per repository by the script's SHA-256, and a changed script asks again.
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import type { SetupOutcome } from "../common/worktree"
import { WorktreeError } from "./git"

export const SETUP_SCRIPT = ".xagent/worktree-setup"

export interface SetupScript {
  path: string
  text: string
  hash: string
}

export function findSetupScript(checkout: string): SetupScript | undefined {
  const path = join(checkout, SETUP_SCRIPT)
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    return undefined
  }
  return { path, text, hash: createHash("sha256").update(text).digest("hex") }
}

function trustFile(worktreesHome: string): string {
  return join(worktreesHome, "setup-trust.json")
}

function readTrust(file: string): Record<string, string> {
  try {
    const t = JSON.parse(readFileSync(file, "utf8"))
    return t && typeof t === "object" ? t : {}
  } catch {
    return {}
  }
}

/** `worktreesHome`: $XAGENT_HOME/worktrees (the parent of every repository's folder). */
export function isTrusted(worktreesHome: string, repoId: string, hash: string): boolean {
  return readTrust(trustFile(worktreesHome))[repoId] === hash
}

export function trust(worktreesHome: string, repoId: string, hash: string): void {
  const file = trustFile(worktreesHome)
  const all = readTrust(file)
  all[repoId] = hash
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  writeFileSync(`${file}.tmp`, JSON.stringify(all, null, 2) + "\n", { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
}

/** Runs the script in the new worktree when trusted; otherwise says it waits for trust. */
export async function runSetupIfTrusted(
  worktreesHome: string,
  repoId: string,
  worktree: string,
  main: string,
): Promise<SetupOutcome> {
  const script = findSetupScript(worktree)
  if (!script) return { kind: "none" }
  if (!isTrusted(worktreesHome, repoId, script.hash))
    return { kind: "untrusted", script: SETUP_SCRIPT, hash: script.hash, text: script.text }
  return runScript(script, worktree, main)
}

/** Tail of the script's output kept for the person. */
const OUTPUT_TAIL = 4000

function runScript(script: SetupScript, worktree: string, main: string): Promise<SetupOutcome> {
  return new Promise((resolve) => {
    execFile(
      "/bin/sh",
      [script.path],
      {
        cwd: worktree,
        env: { ...process.env, XAGENT_WORKTREE: worktree, XAGENT_MAIN_CHECKOUT: main },
        maxBuffer: 64 * 1024 * 1024,
        encoding: "utf8",
      },
      (err, stdout, stderr) => {
        const output = (stdout + stderr).slice(-OUTPUT_TAIL)
        resolve({ kind: "ran", script: SETUP_SCRIPT, ok: !err, output })
      },
    )
  })
}

/** Trusts the script of `worktree` as it is now (its hash must be the one the person saw). */
export function trustScript(worktreesHome: string, repoId: string, worktree: string, hash: string): void {
  const script = findSetupScript(worktree)
  if (!script) throw new WorktreeError(`${worktree} has no ${SETUP_SCRIPT} to trust`)
  if (script.hash !== hash)
    throw new WorktreeError(`${SETUP_SCRIPT} changed since it was shown: look at it again before trusting it`)
  trust(worktreesHome, repoId, hash)
}
