// The write boundary of the file tools (write, edit): the real target must lie inside one of
// the workspace roots. Symlinks are followed and each hop checked, a file with other hard links
// is refused (one of its names may be outside), and the write replaces the file atomically.
import { randomBytes } from "node:crypto"
import { constants } from "node:fs"
import { access, lstat, mkdir, open, readlink, realpath, rename, rm, stat } from "node:fs/promises"
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
  const mode = (await stat(target).catch(() => undefined))?.mode
  const temp = join(dirname(target), `.${basename(target)}.xagent-${randomBytes(4).toString("hex")}`)
  const fh = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
  try {
    await fh.writeFile(content, "utf8")
    if (mode !== undefined) await fh.chmod(mode & 0o7777)
    await fh.sync()
  } finally {
    await fh.close()
  }
  try {
    // Checked again: the folder may have been swapped for a link while we wrote.
    if ((await writeTarget(roots, path)) !== target) throw new WriteRefused(`Refused: ${path} changed while writing`)
    await rename(temp, target)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
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
