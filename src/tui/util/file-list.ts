// Files under a folder for `@` completion: ripgrep, fd or git when present (they honour
// .gitignore), else a bounded walk that skips the usual build and dependency folders.
import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { safeGitFlags, SAFE_GIT_ENV } from "../../util/safe-git"

export const FILE_LIST_LIMIT = 20_000
const CACHE_MS = 15_000
const SKIP = new Set([
  ...[".git", "node_modules", "dist", "build", "out", "target"],
  ...[".next", ".venv", "__pycache__", ".cache"],
])

// --no-require-git: a folder that is not a repository still has its .gitignore honoured.
// Debian names fd `fdfind`.
const fd = ["--type", "f", "--hidden", "--no-require-git", "--exclude", ".git", "--strip-cwd-prefix"]
const LISTERS = [
  ["rg", "--files", "--hidden", "--no-require-git", "--glob", "!.git"],
  ["fd", ...fd],
  ["fdfind", ...fd],
  // Outside any sandbox: no program the repository's config names may run (util/safe-git.ts).
  ["git", ...safeGitFlags(), "ls-files", "--cached", "--others", "--exclude-standard"],
]

const cache = new Map<string, { at: number; files: Promise<string[]> }>()

/** Relative paths of files (and their folders, with a trailing `/`), cached briefly per folder. */
export function listFiles(cwd: string): Promise<string[]> {
  const hit = cache.get(cwd)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.files
  const files = collect(cwd).then(withFolders)
  cache.set(cwd, { at: Date.now(), files })
  return files
}

async function collect(cwd: string): Promise<string[]> {
  for (const cmd of LISTERS) {
    const lines = await run(cmd, cwd)
    if (lines) return lines
  }
  return walk(cwd)
}

/** Lines of a command's output (stopping at the limit), or undefined when it is missing or fails. */
async function run(cmd: string[], cwd: string): Promise<string[] | undefined> {
  if (!Bun.which(cmd[0]!)) return undefined
  const env = { ...process.env, ...SAFE_GIT_ENV }
  const proc = Bun.spawn(cmd, { cwd, env, stdout: "pipe", stderr: "ignore", stdin: "ignore" })
  const lines: string[] = []
  let rest = ""
  const decoder = new TextDecoder()
  for await (const chunk of proc.stdout) {
    const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n")
    rest = parts.pop() ?? ""
    for (const p of parts) if (p) lines.push(p)
    if (lines.length >= FILE_LIST_LIMIT) {
      proc.kill()
      return lines.slice(0, FILE_LIST_LIMIT)
    }
  }
  if (rest) lines.push(rest)
  const code = await proc.exited
  if (code !== 0) return undefined
  return lines
}

async function walk(root: string): Promise<string[]> {
  const ignored = await gitignoreNames(root)
  const out: string[] = []
  const queue: string[] = [""]
  while (queue.length && out.length < FILE_LIST_LIMIT) {
    const rel = queue.shift()!
    const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (SKIP.has(entry.name) || ignored.some((g) => g.match(entry.name))) continue
      const path = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) queue.push(path)
      else if (entry.isFile()) out.push(path)
      if (out.length >= FILE_LIST_LIMIT) break
    }
  }
  return out
}

/** The name patterns of the top-level .gitignore (enough for the fallback walk). */
async function gitignoreNames(root: string): Promise<Bun.Glob[]> {
  const text = await readFile(join(root, ".gitignore"), "utf8").catch(() => "")
  return text
    .split("\n")
    .map((l) => l.trim().replace(/^\/+|\/+$/g, ""))
    .filter((l) => l && !l.startsWith("#") && !l.startsWith("!") && !l.includes("/"))
    .map((l) => new Bun.Glob(l))
}

function withFolders(files: string[]): string[] {
  const folders = new Set<string>()
  for (const f of files) {
    for (let i = f.indexOf("/"); i !== -1; i = f.indexOf("/", i + 1)) folders.add(f.slice(0, i + 1))
  }
  return [...folders, ...files]
}
