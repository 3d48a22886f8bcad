// Worktree names: one folder name and the tail of a branch (`xagent/<name>`), so a short word of
// letters, digits, `.`, `_` and `-`.
import { randomBytes } from "node:crypto"
import { WorktreeError } from "./git"

export const BRANCH_PREFIX = "xagent/"
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,47}$/

export function checkName(name: string): string {
  const n = name.trim()
  if (!NAME.test(n) || n.includes("..") || n.endsWith(".lock") || n.endsWith("."))
    throw new WorktreeError(
      `'${name}' is not a worktree name: use up to 48 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    )
  return n
}

/** A fresh name when none is given: `wt-` and six random letters or digits. */
export function generatedName(taken: (name: string) => boolean): string {
  for (;;) {
    const n = `wt-${randomBytes(4).readUInt32BE(0).toString(36).padStart(6, "0").slice(-6)}`
    if (!taken(n)) return n
  }
}
