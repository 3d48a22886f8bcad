// The daemon, prebuilt (prebuilt-bundle.ts): its imports from source (the server, the host pool,
// the protocol's TypeBox schemas: TypeBox alone is hundreds of small modules) cost 90–150 ms of a
// cold start's CPU, while the window draws its first frame and the spare host imports Pi; from
// one file, about half. Everything is bundled, TypeBox too: the daemon loads no Pi and shares no
// module with anything. The session hosts it spawns run from source (util/package-dir.ts finds them).
import { existsSync } from "node:fs"
import { join } from "node:path"
import {
  buildBundle,
  buildPackedBundle,
  freshBundle,
  PACKAGE_DIR,
  PREBUILT_DEFINE,
  rebuildInBackground,
  type BundleKind,
} from "./prebuilt-bundle"

export const DAEMON_BUNDLE: BundleKind = {
  name: "daemon",
  entry: "src/daemon/main.ts",
  out: "main.js",
  definedIn: "src/util/daemon-bundle.ts",
  async options() {
    return { target: "bun", sourcemap: "linked", minify: true, define: PREBUILT_DEFINE }
  },
}

/** The daemon's sources: what runs when no bundle matches them, or with XAGENT_DAEMON_SOURCE set. */
export const DAEMON_SOURCE = join(PACKAGE_DIR, DAEMON_BUNDLE.entry)

/**
 * What `bun <entry>` starts the daemon with: its bundle while that matches the sources, else the
 * sources (and, in a checkout, a build in the background for the next start).
 */
export function daemonEntry(pkg = PACKAGE_DIR, env: NodeJS.ProcessEnv = process.env): string {
  const source = join(pkg, DAEMON_BUNDLE.entry)
  if (env.XAGENT_DAEMON_SOURCE) return source
  const bundle = freshBundle(DAEMON_BUNDLE, pkg)
  if (bundle) return bundle
  if (existsSync(source) && !pkg.split("/").includes("node_modules")) rebuildInBackground(pkg)
  return source
}

export const buildDaemonBundle = (pkg = PACKAGE_DIR) => buildBundle(DAEMON_BUNDLE, pkg)
export const buildPackedDaemonBundle = (pkg = PACKAGE_DIR) => buildPackedBundle(DAEMON_BUNDLE, pkg)
