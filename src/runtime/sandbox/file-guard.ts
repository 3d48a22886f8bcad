// The write boundary of the file tools (write, edit): the real target must lie inside one of
// the workspace roots. Symlinks are followed and each hop checked, a file with other hard links
// is refused (one of its names may be outside), and the write replaces the file atomically, in
// a folder held open and checked by what was opened (see openVerifiedDir).
import { randomBytes } from "node:crypto"
import { constants, existsSync } from "node:fs"
import { access, lstat, mkdir, open, readlink, realpath, rename, rm } from "node:fs/promises"
import { basename, dirname, join, resolve } from "node:path"
import { inside } from "./policy"

/** A refusal the model reads as the tool's error. */
export class WriteRefused extends Error {}

const MAX_HOPS = 40

/** The real path a write to `path` would change, once it is known to be inside a root. */
export async function writeTarget(roots: readonly string[], path: string, folder = false): Promise<string> {
  const realRoots = await Promise.all(roots.map((r) => realpath(r).catch(() => resolve(r))))
  const within = (p: string) => realRoots.some((r) => inside(p, r))
  const where = realRoots.join(", ") || "none: this session may not write files"
  let target = await realParent(resolve(path))
  for (let hop = 0; ; hop++) {
    if (!within(target))
      throw new WriteRefused(
        target === resolve(path)
          ? `Refused: ${path} is outside the workspace (${where}); the file tools write only inside it.`
          : `Refused: ${path} leads to ${target}, outside the workspace (${where}); the file tools write only inside it.`,
      )
    const st = await lstat(target).catch(() => undefined)
    if (!st) return target
    if (st.isSymbolicLink()) {
      if (hop >= MAX_HOPS) throw new WriteRefused(`Refused: ${path}: too many symbolic links`)
      target = await realParent(resolve(dirname(target), await readlink(target)))
      continue
    }
    if (folder && st.isDirectory()) return target
    if (!st.isFile()) throw new WriteRefused(`Refused: ${path} is not a regular file`)
    if (st.nlink > 1)
      throw new WriteRefused(
        `Refused: ${path} has ${st.nlink} hard links; another name of this file may be outside the workspace, so it is left unchanged.`,
      )
    return target
  }
}

/** The real path of `p`'s folder (as far as it exists) with `p`'s own name, not followed. */
async function realParent(p: string): Promise<string> {
  const rest: string[] = [basename(p)]
  let dir = dirname(p)
  for (;;) {
    const real = await realpath(dir).catch(() => undefined)
    if (real) return join(real, ...rest)
    if (dirname(dir) === dir) return p
    rest.unshift(basename(dir))
    dir = dirname(dir)
  }
}

/** Writes `content` to `path` inside the roots: a new file beside the target, then renamed over it. */
export async function guardedWrite(roots: readonly string[], path: string, content: string): Promise<void> {
  const target = await writeTarget(roots, path)
  const dir = await openVerifiedDir(roots, dirname(target), path)
  try {
    await dir.replace(basename(target), content)
  } finally {
    await dir.close()
  }
}

/** A folder held open after its real path was checked: names in it cannot be redirected. */
export interface VerifiedDir {
  /** Writes `name` in this folder: a new file, then a rename over the old one (links replaced, not followed). */
  replace(name: string, content: string): Promise<void>
  close(): Promise<void>
}

const PROC_FD = "/proc/self/fd"

/**
 * Opens `dir` and checks the folder actually opened (not the path) against the roots. Later
 * paths go through /proc/self/fd/<fd>, which names that same folder even if the path is swapped
 * for a link meanwhile: the check and the rename see one folder, so no race redirects the write.
 * Without /proc (not Linux) the path itself is used, checked again just before the rename.
 */
export async function openVerifiedDir(roots: readonly string[], dir: string, asked = dir): Promise<VerifiedDir> {
  const realRoots = await Promise.all(roots.map((r) => realpath(r).catch(() => resolve(r))))
  const refuse = (where: string) =>
    new WriteRefused(`Refused: ${asked} leads to ${where}, outside the workspace; the file tools write only inside it.`)
  if (!existsSync(PROC_FD)) return pathDir(roots, dir, asked)
  const fh = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY)
  const base = join(PROC_FD, String(fh.fd))
  try {
    const real = await readlink(base)
    if (!realRoots.some((r) => inside(real, r))) throw refuse(real)
  } catch (err) {
    await fh.close()
    throw err
  }
  return { replace: (name, content) => replaceIn(base, name, content), close: () => fh.close() }
}

async function replaceIn(base: string, name: string, content: string, recheck?: () => Promise<void>): Promise<void> {
  const mode = (await lstat(join(base, name)).catch(() => undefined))?.mode
  const temp = join(base, `.${name}.xagent-${randomBytes(4).toString("hex")}`)
  const fh = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
  try {
    await fh.writeFile(content, "utf8")
    if (mode !== undefined && (mode & constants.S_IFMT) === constants.S_IFREG) await fh.chmod(mode & 0o7777)
    await fh.sync()
  } finally {
    await fh.close()
  }
  try {
    await recheck?.()
    await rename(temp, join(base, name))
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}

/** The fallback: the folder by path, its target checked again before the rename. */
function pathDir(roots: readonly string[], dir: string, asked: string): VerifiedDir {
  return {
    replace: (name, content) =>
      replaceIn(dir, name, content, async () => {
        const again = await writeTarget(roots, join(dir, name))
        if (again !== join(dir, name)) throw new WriteRefused(`Refused: ${asked} changed while writing`)
      }),
    close: async () => {},
  }
}

/** `mkdir -p` for a folder that must be inside the roots. */
export async function guardedMkdir(roots: readonly string[], dir: string): Promise<void> {
  const target = await writeTarget(roots, dir, true)
  await mkdir(target, { recursive: true })
}

/** Edit's access check: readable, writable, and inside the roots. */
export async function guardedAccess(roots: readonly string[], path: string): Promise<void> {
  await writeTarget(roots, path)
  await access(path, constants.R_OK | constants.W_OK)
}
