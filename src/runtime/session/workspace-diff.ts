// `session.diff`: what changed in the session's folder, read with xagent's own git (which runs no
// program the repository names: no external diff, no textconv, no filter, no fsmonitor). The
// counts come first (`--numstat`), so the patch asked for covers only files a window can show.
import { lstat, open, readlink } from "node:fs/promises"
import { join } from "node:path"
import {
  WORKSPACE_DIFF_LINES,
  WORKSPACE_FILE_LINES,
  WORKSPACE_UNTRACKED_FILES,
  type WorkspaceDiff,
  type WorkspaceFileDiff,
  type WorkspaceFileStatus,
} from "../../protocol/index"
import { safeGitRun } from "../../util/git-run"

/** git's empty tree: the base in a repository with no commit yet. */
const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
/** Flags every diff here gets: nothing the repository configures runs or changes the output's form. */
const PLAIN = ["--no-ext-diff", "--no-textconv", "--no-color", "--no-renames", "--src-prefix=a/", "--dst-prefix=b/"]
/** An untracked file bigger than this is listed by size, not read. */
const UNTRACKED_READ_BYTES = 512 * 1024

export async function workspaceDiff(cwd: string): Promise<WorkspaceDiff> {
  const top = await safeGitRun(cwd, ["rev-parse", "--show-toplevel"])
  if (top.code !== 0) return { repo: false }
  const root = top.stdout.trim()
  const head = await safeGitRun(root, ["rev-parse", "--verify", "--quiet", "HEAD"])
  const base = head.code === 0 ? "HEAD" : EMPTY_TREE
  const tracked = await trackedChanges(root, base)
  const untracked = await untrackedFiles(root)
  let budget = WORKSPACE_DIFF_LINES - tracked.reduce((n, f) => n + (f.diff ? f.added + f.removed : 0), 0)
  const listed: WorkspaceFileDiff[] = []
  for (const path of untracked.slice(0, WORKSPACE_UNTRACKED_FILES)) {
    const file = await untrackedFile(root, path, budget)
    if (file.diff) budget -= file.added
    listed.push(file)
  }
  return {
    repo: true,
    root,
    base: base === "HEAD" ? "HEAD" : "none",
    files: [...tracked, ...listed],
    moreUntracked: Math.max(0, untracked.length - WORKSPACE_UNTRACKED_FILES),
  }
}

/** Tracked files that differ from `base` in the work tree, with the hunks of those that fit. */
async function trackedChanges(root: string, base: string): Promise<WorkspaceFileDiff[]> {
  const [numstat, status] = await Promise.all([
    gitOut(root, ["diff", ...PLAIN, "--numstat", "-z", base]),
    gitOut(root, ["diff", ...PLAIN, "--name-status", "-z", base]),
  ])
  const statusOf = new Map<string, WorkspaceFileStatus>()
  const fields = status.split("\0")
  for (let i = 0; i + 1 < fields.length; i += 2) statusOf.set(fields[i + 1]!, statusLetter(fields[i]!))
  const files: WorkspaceFileDiff[] = []
  for (const record of numstat.split("\0")) {
    const m = /^(-|\d+)\t(-|\d+)\t([\s\S]*)$/.exec(record)
    if (!m) continue
    const path = m[3]!
    const binary = m[1] === "-"
    files.push({
      path,
      status: statusOf.get(path) ?? "modified",
      added: binary ? 0 : Number(m[1]),
      removed: binary ? 0 : Number(m[2]),
      ...(binary ? { note: "binary file" } : {}),
    })
  }
  // The files that fit, in git's order; one git for all of them.
  let budget = WORKSPACE_DIFF_LINES
  const shown = files.filter((f) => {
    if (f.note) return false
    const lines = f.added + f.removed
    if (lines > WORKSPACE_FILE_LINES || lines > budget) {
      f.note = `${lines} changed lines: more than this view shows (run git diff)`
      return false
    }
    budget -= lines
    return true
  })
  if (shown.length === 0) return files
  const patch = await gitOut(root, ["diff", ...PLAIN, base, "--", ...shown.map((f) => `:(literal)${f.path}`)])
  const blocks = patch.split(/^(?=diff --git )/m).filter((b) => b.startsWith("diff --git "))
  // git prints the files in the order --numstat did; a count that differs means a file changed
  // between the two calls, and no hunk is given rather than one under the wrong name.
  if (blocks.length !== shown.length) {
    for (const f of shown) f.note = "changed while being read: open /diff again"
    return files
  }
  shown.forEach((f, i) => (f.diff = hunksOf(blocks[i]!)))
  return files
}

/** Untracked files, as `git status` lists them (ignored files left out). */
async function untrackedFiles(root: string): Promise<string[]> {
  const out = await gitOut(root, ["ls-files", "--others", "--exclude-standard", "-z"])
  return out.split("\0").filter(Boolean)
}

/** An untracked file as an added one: every line a `+` line, read here (never through a link). */
async function untrackedFile(root: string, path: string, budget: number): Promise<WorkspaceFileDiff> {
  const file: WorkspaceFileDiff = { path, status: "untracked", added: 0, removed: 0 }
  const full = join(root, path)
  const st = await lstat(full).catch(() => undefined)
  if (!st) return { ...file, note: "gone" }
  if (st.isSymbolicLink()) {
    const target = await readlink(full).catch(() => "?")
    return { ...file, added: 1, note: `symbolic link to ${target}` }
  }
  if (!st.isFile()) return { ...file, note: "not a regular file" }
  if (st.size > UNTRACKED_READ_BYTES) return { ...file, note: `${st.size} bytes: more than this view shows` }
  const bytes = await readAtMost(full, UNTRACKED_READ_BYTES)
  if (bytes.includes(0)) return { ...file, note: "binary file" }
  const text = bytes.toString("utf8")
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n")
  file.added = lines.length
  if (lines.length > WORKSPACE_FILE_LINES || lines.length > budget)
    return { ...file, note: `${lines.length} lines: more than this view shows` }
  if (lines.length === 0) return { ...file, note: "empty file" }
  return { ...file, diff: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join("\n") }
}

async function readAtMost(path: string, max: number): Promise<Buffer> {
  const fh = await open(path, "r")
  try {
    const buf = Buffer.alloc(max)
    const { bytesRead } = await fh.read(buf, 0, max, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

/** A file's block of `git diff` from its first hunk on (the header lines say nothing new here). */
function hunksOf(block: string): string {
  const at = block.search(/^@@/m)
  return (at < 0 ? "" : block.slice(at)).replace(/\n$/, "")
}

function statusLetter(letter: string): WorkspaceFileStatus {
  if (letter.startsWith("A")) return "added"
  if (letter.startsWith("D")) return "deleted"
  return "modified"
}

async function gitOut(cwd: string, args: string[]): Promise<string> {
  const r = await safeGitRun(cwd, args)
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${(r.stderr || r.stdout).trim().split("\n")[0]}`)
  return r.stdout
}
