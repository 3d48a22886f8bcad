// The window, prebuilt. Compiling its JSX at start (Bun plugin + Babel) costs about a second on
// this machine; a Bun.build bundle of src/tui loads in ~150 ms. Each bundle sits in
// dist/window/<stamp>/ with the list of files it was built from (Bun's metafile: the real import
// graph, src/util and src/protocol included), and the stamp hashes those files' sizes and mtimes,
// so a changed source is never run stale: startup finds no bundle whose inputs still match and runs
// from source.
//
// An installed package cannot make its own: `npm i -g` may run no install scripts, Bun applies
// neither tsconfig nor the Solid transform to files under node_modules at run time, and a build
// there makes a window whose Solid contexts do not match. So npm's `prepare` (run by `npm pack`,
// and when npm packs a git URL) leaves one more bundle, dist/window/packed/, whose stamp hashes
// the files' contents instead: an install keeps neither mtimes nor a lockfile, but the bytes it
// unpacks are the ones the bundle was built from.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { isAbsolute, join, relative, resolve } from "node:path"

export const PACKAGE_DIR = resolve(import.meta.dir, "../..")
const bundlesDir = (pkg: string) => join(pkg, "dist", "window")
const ENTRY = "src/tui/run.tsx"
/** Not in the import graph, but they change what a build makes: how it is built, and the dependencies. */
const BUILD_INPUTS = ["src/cli/window-bundle.ts", "node_modules/.package-lock.json", "package.json"]
const INPUTS_FILE = "inputs.json"
const KEEP = 3
const PACKED = "packed"
/** In the packed bundle: the quick stamp of sources whose contents were found to match. */
const CHECKED_FILE = "checked-stamp"

/** Hash of the files' paths, sizes and mtimes (about 1 ms for ~100 files), and the Bun version. */
function windowStamp(pkg: string, files: readonly string[]): string {
  const hash = createHash("sha256").update(Bun.version)
  for (const rel of files) hash.update(`${rel}\0${fileState(join(pkg, rel))}\n`)
  return hash.digest("hex").slice(0, 16)
}

function fileState(file: string): string {
  try {
    const s = statSync(file)
    return `${s.size}\0${s.mtimeMs}`
  } catch {
    return "missing"
  }
}

/**
 * The packed bundle's stamp: the files' bytes (about 3 ms for the window's sources), the pinned
 * dependencies and the Bun version. Not the lockfile: an installed package has none of its own, and
 * the bundle carries its dependencies inside it.
 */
function contentStamp(pkg: string, files: readonly string[]): string {
  const hash = createHash("sha256").update(Bun.version)
  hash.update(JSON.stringify(pinnedDependencies(pkg)))
  for (const rel of files) {
    hash.update(`\0${rel}\0`)
    try {
      hash.update(readFileSync(join(pkg, rel)))
    } catch {
      hash.update("\0missing")
    }
  }
  return hash.digest("hex").slice(0, 16)
}

function pinnedDependencies(pkg: string): unknown {
  try {
    return (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { dependencies?: unknown }).dependencies
  } catch {
    return undefined
  }
}

/** The files a packed bundle's stamp covers: its graph and how it was built, not package.json or the lockfile. */
const packedFiles = (files: readonly string[]) =>
  files.filter((f) => f !== "package.json" && f !== "node_modules/.package-lock.json")

/** The newest bundle whose inputs are all as they were when it was built, if any. */
export function freshWindowBundle(pkg = PACKAGE_DIR): string | undefined {
  const fresh = freshStampedBundle(pkg)
  return fresh ? join(fresh.dir, "run.js") : packedWindowBundle(pkg)
}

function freshStampedBundle(pkg: string): { dir: string; files: string[] } | undefined {
  const bundles = bundlesDir(pkg)
  if (!existsSync(bundles)) return undefined
  for (const { dir } of builtBundles(bundles)) {
    const entry = join(bundles, dir, "run.js")
    try {
      const { files } = JSON.parse(readFileSync(join(bundles, dir, INPUTS_FILE), "utf8")) as { files: string[] }
      if (windowStamp(pkg, files) === dir && existsSync(entry)) return { dir: join(bundles, dir), files }
    } catch {
      // A bundle from before inputs.json, or half deleted: not ours to trust.
    }
  }
  return undefined
}

/**
 * The bundle `npm pack` made, while the sources are byte for byte the ones it was built from. Reading
 * every source costs tens of milliseconds on a loaded machine, so a match is remembered by the
 * files' sizes and mtimes (as the other bundles are) where the package is writable.
 */
function packedWindowBundle(pkg: string): string | undefined {
  const dir = join(bundlesDir(pkg), PACKED)
  const entry = join(dir, "run.js")
  try {
    const { files, stamp } = JSON.parse(readFileSync(join(dir, INPUTS_FILE), "utf8")) as {
      files: string[]
      stamp: string
    }
    if (!existsSync(entry)) return undefined
    const quick = windowStamp(pkg, [...files, "package.json"])
    if (readText(join(dir, CHECKED_FILE)) === quick) return entry
    if (contentStamp(pkg, files) !== stamp) return undefined
    try {
      writeFileSync(join(dir, CHECKED_FILE), quick)
    } catch {
      // A read-only install checks the contents at every start.
    }
    return entry
  } catch {
    // None packed here, or not one this code can read.
  }
  return undefined
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8")
  } catch {
    return undefined
  }
}

/** Builds the bundle for the current sources; returns its entry. Concurrent builds are harmless. */
export async function buildWindowBundle(pkg = PACKAGE_DIR): Promise<string> {
  const bundles = bundlesDir(pkg)
  const { tmp, files } = await buildInto(pkg, join(bundles, `.tmp-${process.pid}-${Date.now()}`))
  const stamp = windowStamp(pkg, files)
  const dir = join(bundles, stamp)
  writeFileSync(join(tmp, INPUTS_FILE), JSON.stringify({ files }, null, 1) + "\n")
  try {
    renameSync(tmp, dir)
  } catch {
    // Another build of the same stamp won; its output is the same.
    rmSync(tmp, { recursive: true, force: true })
  }
  prune(bundles, stamp)
  return join(dir, "run.js")
}

/**
 * Makes dist/window/packed/ for a published package (npm's `prepare`); replaces the one before. A
 * fresh bundle of the current sources is copied (`npm install` has just built one), else one is built.
 */
export async function buildPackedWindowBundle(pkg = PACKAGE_DIR): Promise<string> {
  const bundles = bundlesDir(pkg)
  const tmp = join(bundles, `.tmp-${process.pid}-${Date.now()}`)
  const fresh = freshStampedBundle(pkg)
  let files: string[]
  if (fresh) {
    cpSync(fresh.dir, tmp, { recursive: true })
    files = fresh.files
  } else files = (await buildInto(pkg, tmp)).files
  const own = packedFiles(files)
  writeFileSync(join(tmp, INPUTS_FILE), JSON.stringify({ files: own, stamp: contentStamp(pkg, own) }, null, 1) + "\n")
  const dir = join(bundles, PACKED)
  rmSync(dir, { recursive: true, force: true })
  renameSync(tmp, dir)
  return join(dir, "run.js")
}

/** Bundles the window into `tmp`; the package files it was built from. Removes `tmp` on failure. */
async function buildInto(pkg: string, tmp: string): Promise<{ tmp: string; files: string[] }> {
  // Every source the build might read, as it was before: the graph is known only afterwards.
  const before = new Map([...sourceFiles(pkg), ...BUILD_INPUTS].map((rel) => [rel, fileState(join(pkg, rel))] as const))
  const { default: solidPlugin } = await import("@opentui/solid/bun-plugin")
  const result = await Bun.build({
    entrypoints: [join(pkg, ENTRY)],
    outdir: tmp,
    target: "bun",
    plugins: [solidPlugin],
    // OpenTUI's native library packages resolve at run time from node_modules.
    external: ["@opentui/core-*"],
    sourcemap: "linked",
    minify: true,
    metafile: true,
  })
  if (!result.success || !result.metafile) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(`window bundle failed: ${result.logs.map((l) => l.message).join("; ") || "no metafile"}`)
  }
  const files = graphFiles(pkg, Object.keys(result.metafile.inputs))
  // A file saved while the build read it may be in the bundle in either version: publish nothing.
  const edited = files.find((f) => before.has(f) && before.get(f) !== fileState(join(pkg, f)))
  if (edited) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(`${edited} changed during the build; the next start builds again`)
  }
  return { tmp, files }
}

/** The package's own files among the build's inputs (paths are relative to the cwd), plus the build's. */
function graphFiles(pkg: string, inputs: string[]): string[] {
  const own = inputs
    .map((f) => relative(pkg, isAbsolute(f) ? f : resolve(process.cwd(), f)))
    .filter((f) => !f.startsWith("..") && !f.split("/").includes("node_modules"))
  return [...new Set([...own, ...BUILD_INPUTS])].sort()
}

function sourceFiles(pkg: string): string[] {
  const src = join(pkg, "src")
  if (!existsSync(src)) return []
  return readdirSync(src, { recursive: true, encoding: "utf8" }).map((f) => join("src", f))
}

function builtBundles(bundles: string) {
  return readdirSync(bundles)
    .filter((d) => !d.startsWith(".") && d !== PACKED)
    .map((dir) => ({ dir, t: statSync(join(bundles, dir)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
}

/** Keeps the newest few bundles: a window still running from an older one may load its assets late. */
function prune(bundles: string, current: string) {
  const older = builtBundles(bundles).filter((b) => b.dir !== current)
  for (const { dir } of older.slice(KEEP - 1)) rmSync(join(bundles, dir), { recursive: true, force: true })
}

/** Starts a detached build for next time; this start goes on from source. */
export function rebuildInBackground(): void {
  try {
    mkdirSync(bundlesDir(PACKAGE_DIR), { recursive: true })
    const child = spawn(
      process.execPath,
      [
        `--config=${join(PACKAGE_DIR, "bin", "launch.bunfig.toml")}`,
        join(PACKAGE_DIR, "src", "cli", "build-window.ts"),
      ],
      { cwd: PACKAGE_DIR, detached: true, stdio: "ignore" },
    )
    child.on("error", () => {})
    child.unref()
  } catch {
    // A read-only install: every start runs from source, which still works.
  }
}
