// Builds remote control's web app (web/remote) into dist/remote: its script bundled for browsers
// (the protocol's reducer and question rules included), beside its page, style and icon. Run with
// the window's build at install (build-prebuilt.ts), so the daemon serves files and builds nothing.
import { copyFileSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { join } from "node:path"
import { PACKAGE_ROOT } from "../util/package-dir"

export const REMOTE_APP_SOURCE = join(PACKAGE_ROOT, "web", "remote")
export const REMOTE_APP_DIR = join(PACKAGE_ROOT, "dist", "remote")
const STATIC_FILES = ["index.html", "app.css", "icon.svg"]

/** Builds into `outDir` (replaced whole, so a failed build leaves the old one). */
export async function buildRemoteApp(outDir = REMOTE_APP_DIR): Promise<string> {
  const tmp = `${outDir}.${process.pid}.tmp`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  const result = await Bun.build({
    entrypoints: [join(REMOTE_APP_SOURCE, "src", "main.ts")],
    outdir: tmp,
    naming: "app.js",
    target: "browser",
    format: "esm",
    minify: true,
  })
  if (!result.success) {
    rmSync(tmp, { recursive: true, force: true })
    throw new Error(result.logs.map((l) => String(l)).join("\n") || "the web app did not build")
  }
  for (const f of STATIC_FILES) copyFileSync(join(REMOTE_APP_SOURCE, f), join(tmp, f))
  rmSync(outDir, { recursive: true, force: true })
  renameSync(tmp, outDir)
  return outDir
}
