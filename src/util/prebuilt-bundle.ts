// Code prebuilt with Bun.build, used only while it matches its sources: the window (compiling its
// JSX at start costs about a second; cli/window-bundle.ts) and the daemon (its imports, TypeBox's
// hundreds of small modules among them, load in about half the time from one file;
// util/daemon-bundle.ts). Each bundle sits in dist/<kind>/<stamp>/ with the list of files it was
// built from (Bun's metafile: the real import graph), and the stamp hashes those files' sizes and
// mtimes, so a changed source is never run stale: a start finds no bundle whose inputs still
// match and runs from source.
//
// An installed package cannot make its own: `npm i -g` may run no install scripts, and Bun applies
// neither tsconfig nor the Solid transform to files under node_modules at run time. So npm's
// `prepare` (run by `npm pack`, and when npm packs a git URL) leaves one more bundle of each kind,
// dist/<kind>/packed/, whose stamp hashes the files' contents instead: an install keeps neither
// mtimes nor a lockfile, but the bytes it unpacks are the ones the bundle was built from.
import type { BuildConfig } from "bun"
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
import { isAbsolute, join, relative, resolve, sep } from "node:path"
import { PACKAGE_ROOT } from "./package-dir"

/**
 * An installed package (under node_modules): it runs the bundles it came with, never builds its own
 * (Bun applies no tsconfig or Solid transform there, and the folder may be read-only).
 */
export const isInstalled = (pkg: string) => pkg.split(sep).includes("node_modules")

export interface BundleKind {
  /** its folder under dist/ */
  name: string
  /** the entry, relative to the package */
  entry: string
  /** the entry's file in the bundle's folder */
  out: string
  /** the file that says how this kind is built: a change to it makes every bundle of it stale */
  definedIn: string
  /** Bun.build options beyond the entry, the folder and the metafile */
  options(): Promise<Omit<BuildConfig, "entrypoints" | "outdir" | "metafile">>
}

/** Not in the import graph, but they change what a build makes: how it is built, and the dependencies. */
const buildInputs = (kind: BundleKind) => [
  kind.definedIn,
  "src/util/prebuilt-bundle.ts",
  "node_modules/.package-lock.json",
  "package.json",
]
const INPUTS_FILE = "inputs.json"
const KEEP = 3
const PACKED = "packed"
/** In the packed bundle: the quick stamp of sources whose contents were found to match. */
const CHECKED_FILE = "checked-stamp"
/** Set in every bundle's code: util/package-dir.ts finds the package from dist/<kind>/<stamp>/ with it. */
export const PREBUILT_DEFINE = { XAGENT_PREBUILT: "true" }

const bundlesDir = (pkg: string, kind: BundleKind) => join(pkg, "dist", kind.name)

/** Hash of the files' paths, sizes and mtimes (about 1 ms for ~100 files), and the Bun version. */
function quickStamp(pkg: string, files: readonly string[]): string {
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
  hash.update(JSON.stringify(pinnedDependencies(pkg) ?? null))
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

/** The newest bundle of `kind` whose inputs are all as they were when it was built (else the packed one), if any. */
export function freshBundle(kind: BundleKind, pkg = PACKAGE_ROOT): string | undefined {
  const fresh = freshStampedBundle(kind, pkg)
  return fresh ? join(fresh.dir, kind.out) : packedBundle(kind, pkg)
}

function freshStampedBundle(kind: BundleKind, pkg: string): { dir: string; files: string[] } | undefined {
  const bundles = bundlesDir(pkg, kind)
  if (!existsSync(bundles)) return undefined
  for (const { dir } of builtBundles(bundles)) {
    const entry = join(bundles, dir, kind.out)
    try {
      const { files } = JSON.parse(readFileSync(join(bundles, dir, INPUTS_FILE), "utf8")) as { files: string[] }
      if (quickStamp(pkg, files) === dir && existsSync(entry)) return { dir: join(bundles, dir), files }
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
function packedBundle(kind: BundleKind, pkg: string): string | undefined {
  const dir = join(bundlesDir(pkg, kind), PACKED)
  const entry = join(dir, kind.out)
  try {
    const { files, stamp } = JSON.parse(readFileSync(join(dir, INPUTS_FILE), "utf8")) as {
      files: string[]
      stamp: string
    }
    if (!existsSync(entry)) return undefined
    const quick = quickStamp(pkg, [...files, "package.json"])
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

/** Builds the bundle of `kind` for the current sources; returns its entry. Concurrent builds are harmless. */
export async function buildBundle(kind: BundleKind, pkg = PACKAGE_ROOT): Promise<string> {
  const bundles = bundlesDir(pkg, kind)
  const { tmp, files } = await buildInto(kind, pkg, join(bundles, `.tmp-${process.pid}-${Date.now()}`))
  const stamp = quickStamp(pkg, files)
  const dir = join(bundles, stamp)
  writeFileSync(join(tmp, INPUTS_FILE), JSON.stringify({ files }, null, 1) + "\n")
  try {
    renameSync(tmp, dir)
  } catch {
    // Another build of the same stamp won; its output is the same.
    rmSync(tmp, { recursive: true, force: true })
  }
  prune(bundles, stamp)
  return join(dir, kind.out)
}

/**
 * Makes dist/<kind>/packed/ for a published package (npm's `prepare`); replaces the one before. A
 * fresh bundle of the current sources is copied (`npm install` has just built one), else one is built.
 */
export async function buildPackedBundle(kind: BundleKind, pkg = PACKAGE_ROOT): Promise<string> {
  const bundles = bundlesDir(pkg, kind)
  const tmp = join(bundles, `.tmp-${process.pid}-${Date.now()}`)
  const fresh = freshStampedBundle(kind, pkg)
  let files: string[]
  if (fresh) {
    cpSync(fresh.dir, tmp, { recursive: true })
    files = fresh.files
  } else files = (await buildInto(kind, pkg, tmp)).files
  const own = packedFiles(files)
  writeFileSync(join(tmp, INPUTS_FILE), JSON.stringify({ files: own, stamp: contentStamp(pkg, own) }, null, 1) + "\n")
  const dir = join(bundles, PACKED)
  rmSync(dir, { recursive: true, force: true })
  renameSync(tmp, dir)
  return join(dir, kind.out)
}

/** Bundles `kind` into `tmp`; the package files it was built from. Removes `tmp` on failure. */
async function buildInto(kind: BundleKind, pkg: string, tmp: string): Promise<{ tmp: string; files: string[] }> {
  // Every source the build might read, as it was before: the graph is known only afterwards.
  const before = new Map(
    [...sourceFiles(pkg), ...buildInputs(kind)].map((rel) => [rel, fileState(join(pkg, rel))] as const),
  )
  const result = await Bun.build({
    ...(await kind.options()),
    entrypoints: [join(pkg, kind.entry)],
    outdir: tmp,
    metafile: true,
  })
  if (!result.success || !result.metafile) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(`${kind.name} bundle failed: ${result.logs.map((l) => l.message).join("; ") || "no metafile"}`)
  }
  const files = graphFiles(kind, pkg, Object.keys(result.metafile.inputs))
  // A file saved while the build read it may be in the bundle in either version: publish nothing.
  const edited = files.find((f) => before.has(f) && before.get(f) !== fileState(join(pkg, f)))
  if (edited) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(`${edited} changed during the build; the next start builds again`)
  }
  return { tmp, files }
}

/** The package's own files among the build's inputs (paths are relative to the cwd), plus the build's. */
function graphFiles(kind: BundleKind, pkg: string, inputs: string[]): string[] {
  const own = inputs
    .map((f) => relative(pkg, isAbsolute(f) ? f : resolve(process.cwd(), f)))
    .filter((f) => !f.startsWith("..") && !f.split("/").includes("node_modules"))
  return [...new Set([...own, ...buildInputs(kind)])].sort()
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

/** How long one background build keeps others from starting (longer than a build takes; a test run starts hundreds of daemons). */
const REBUILD_QUIET_MS = 30_000

/**
 * Starts a detached build of every bundle (cli/build-prebuilt.ts) for next time; this start goes
 * on from source. At most one per REBUILD_QUIET_MS: each stale start would otherwise start its own.
 */
export function rebuildInBackground(pkg = PACKAGE_ROOT): void {
  if (isInstalled(pkg)) return
  try {
    const dist = join(pkg, "dist")
    mkdirSync(dist, { recursive: true })
    const marker = join(dist, ".rebuild-started")
    try {
      if (Date.now() - statSync(marker).mtimeMs < REBUILD_QUIET_MS) return
    } catch {
      // never started here
    }
    writeFileSync(marker, "")
    const child = spawn(
      process.execPath,
      [`--config=${join(pkg, "bin", "launch.bunfig.toml")}`, join(pkg, "src", "cli", "build-prebuilt.ts")],
      { cwd: pkg, detached: true, stdio: "ignore" },
    )
    child.on("error", () => {})
    child.unref()
  } catch {
    // A read-only checkout: every start runs from source, which still works.
  }
}
