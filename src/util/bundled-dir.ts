// Where the bundled extensions live (extensions/<name>/index.ts in this package) and which names
// are there. XAGENT_BUNDLED_DIR points the slot at another folder: for developing an extension
// and for tests, which must not write into the package.
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { PACKAGE_ROOT } from "./package-dir"

export const PACKAGE_BUNDLED_DIR = join(PACKAGE_ROOT, "extensions")

export function bundledDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.XAGENT_BUNDLED_DIR || PACKAGE_BUNDLED_DIR
}

/** The entry file of one bundled extension. */
export const bundledEntry = (dir: string, name: string) => join(dir, name, "index.ts")

/** Folder names that hold an index.ts, sorted (the load order). A missing folder holds none. */
export function bundledNames(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => (d.isDirectory() || d.isSymbolicLink()) && existsSync(bundledEntry(dir, d.name)))
    .map((d) => d.name)
    .sort()
}

/** Names as XAGENT_NO_BUNDLED and `--no-bundled` take them: commas or spaces between. */
export function nameList(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter(Boolean)
}
