// Which repository a folder belongs to, its main checkout, and where xagent keeps that
// repository's managed worktrees: outside every working tree, under $XAGENT_HOME, so none of them
// ever shows in `git status`.
import { createHash } from "node:crypto"
import { realpathSync } from "node:fs"
import { basename, dirname, join, relative, resolve, sep } from "node:path"
import { xagentHome } from "../util/daemon-paths"
import { checkGit, gitRun, WorktreeError } from "./git"

export interface Repo {
  /** The main checkout (the repository's own working tree). */
  main: string
  /** The shared git dir (`.git` of the main checkout). */
  commonDir: string
  /** The working tree `cwd` is in (the main checkout or a linked worktree). */
  top: string
  /** Short, stable, file-name-safe: the folder's name and a hash of the shared git dir. */
  id: string
  /** $XAGENT_HOME/worktrees/<id> */
  home: string
}

export async function findRepo(cwd: string, home = xagentHome()): Promise<Repo> {
  await checkGit()
  const here = real(cwd)
  const r = await gitRun(here, ["rev-parse", "--is-bare-repository", "--git-common-dir"])
  if (r.code !== 0) {
    if (/not a git repository/i.test(r.stderr))
      throw new WorktreeError(`${here} is not in a git repository: worktrees need one (run git init, or cd into one)`)
    throw new WorktreeError(`git could not read ${here}: ${r.stderr.trim()}`)
  }
  const [bare, common] = r.stdout.trim().split("\n")
  if (bare === "true")
    throw new WorktreeError(
      `${here} is a bare repository: it has no checkout to branch worktrees from (clone it, or run xagent in a checkout of it)`,
    )
  const t = await gitRun(here, ["rev-parse", "--show-toplevel"])
  const top = t.stdout.trim()
  if (t.code !== 0 || !top || !common)
    throw new WorktreeError(
      `${here} is not in a working tree of its repository (it may be inside .git): cd into the checkout`,
    )
  const commonDir = real(resolve(here, common))
  // The shared git dir of an ordinary repository is its main checkout's .git.
  const main = basename(commonDir) === ".git" ? dirname(commonDir) : real(top)
  const id = repoId(main, commonDir)
  const repoHome = join(real(home), "worktrees", id)
  if (inside(real(home), main))
    throw new WorktreeError(`$XAGENT_HOME (${home}) is inside the repository ${main}: move it out to use worktrees`)
  return { main, commonDir, top: real(top), id, home: repoHome }
}

export function repoId(main: string, commonDir: string): string {
  const name = basename(main)
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
  const tag = createHash("sha256").update(commonDir).digest("hex").slice(0, 8)
  return `${name.slice(0, 40) || "repo"}-${tag}`
}

/** `cwd`'s place inside `top`, to start at the same subfolder of a worktree. */
export function subfolder(top: string, cwd: string): string {
  const rel = relative(top, real(cwd))
  return rel.startsWith("..") ? "" : rel
}

export function real(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}

export function inside(dir: string, p: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep)
}
