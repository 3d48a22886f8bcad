// The window, prebuilt. Compiling its JSX at start (Bun plugin + Babel) costs about a second on
// this machine; a Bun.build bundle of src/tui loads in ~150 ms. The bundle sits in
// dist/window/<stamp>/, the stamp a hash of everything it was built from, so a changed source
// is never run stale: startup finds no bundle for the current stamp and runs from source.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"

export const PACKAGE_DIR = resolve(import.meta.dir, "../..")
const bundlesDir = (pkg: string) => join(pkg, "dist", "window")
/** Sources inlined into the bundle, how it is built, and the installed dependencies it was built against. */
const INPUT_DIRS = ["src/tui", "src/protocol"]
const INPUT_FILES = [
  "src/client/client.ts",
  "src/util/patch-switch.ts",
  "src/cli/window-bundle.ts",
  "node_modules/.package-lock.json",
  "package.json",
]
const KEEP = 3

function files(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .sort()
}

/** Hash of the inputs' paths, sizes and mtimes (about 1 ms for ~100 files), and the Bun version. */
export function windowStamp(pkg = PACKAGE_DIR): string {
  const hash = createHash("sha256").update(Bun.version)
  const inputs = [...INPUT_DIRS.flatMap((d) => files(join(pkg, d))), ...INPUT_FILES.map((f) => join(pkg, f))]
  for (const f of inputs) {
    try {
      const s = statSync(f)
      if (s.isFile()) hash.update(`${f}\0${s.size}\0${s.mtimeMs}\n`)
    } catch {
      hash.update(`${f}\0missing\n`)
    }
  }
  return hash.digest("hex").slice(0, 16)
}

/** The bundle's entry for the sources as they are now, if one was built. */
export function freshWindowBundle(pkg = PACKAGE_DIR): string | undefined {
  const entry = join(bundlesDir(pkg), windowStamp(pkg), "run.js")
  return existsSync(entry) ? entry : undefined
}

/** Builds the bundle for the current sources; returns its entry. Concurrent builds are harmless. */
export async function buildWindowBundle(pkg = PACKAGE_DIR): Promise<string> {
  const stamp = windowStamp(pkg)
  const bundles = bundlesDir(pkg)
  const dir = join(bundles, stamp)
  const tmp = join(bundles, `.tmp-${stamp}-${process.pid}`)
  const { default: solidPlugin } = await import("@opentui/solid/bun-plugin")
  const result = await Bun.build({
    entrypoints: [join(pkg, "src", "tui", "run.tsx")],
    outdir: tmp,
    target: "bun",
    plugins: [solidPlugin],
    // OpenTUI's native library packages resolve at run time from node_modules.
    external: ["@opentui/core-*"],
    sourcemap: "linked",
    minify: true,
  })
  if (!result.success) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(`window bundle failed: ${result.logs.map((l) => l.message).join("; ")}`)
  }
  writeFileSync(join(tmp, "stamp"), `${stamp}\n`)
  try {
    renameSync(tmp, dir)
  } catch {
    // Another build of the same stamp won; its output is the same.
    rmSync(tmp, { recursive: true, force: true })
  }
  prune(bundles, stamp)
  return join(dir, "run.js")
}

/** Keeps the newest few bundles: a window still running from an older one may load its assets late. */
function prune(bundles: string, current: string) {
  const dirs = readdirSync(bundles)
    .filter((d) => d !== current && !d.startsWith("."))
    .map((d) => ({ d, t: statSync(join(bundles, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  for (const { d } of dirs.slice(KEEP - 1)) rmSync(join(bundles, d), { recursive: true, force: true })
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
