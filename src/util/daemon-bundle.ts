// The daemon, prebuilt (prebuilt-bundle.ts): its imports from source (the server, the host pool,
// the protocol's TypeBox schemas: TypeBox alone is hundreds of small modules) cost 90–150 ms of a
// cold start's CPU, while the window draws its first frame and the spare host imports Pi; from
// one file, about half. Everything is bundled, TypeBox too: the daemon loads no Pi and shares no
// module with anything. The session hosts it spawns run from source (util/package-dir.ts finds them).
import { join } from "node:path"
import { PACKAGE_ROOT } from "./package-dir"
import {
  buildBundle,
  buildPackedBundle,
  freshBundle,
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

/**
 * What `bun <entry>` starts the daemon with: its bundle while that matches the sources, else the
 * sources (with XAGENT_DAEMON_SOURCE set, always; in a checkout, a build in the background for the
 * next start).
 */
export function daemonEntry(pkg = PACKAGE_ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const source = join(pkg, DAEMON_BUNDLE.entry)
  if (env.XAGENT_DAEMON_SOURCE) return source
  const bundle = freshBundle(DAEMON_BUNDLE, pkg)
  if (bundle) return bundle
  rebuildInBackground(pkg)
  return source
}

export const buildDaemonBundle = (pkg = PACKAGE_ROOT) => buildBundle(DAEMON_BUNDLE, pkg)
export const buildPackedDaemonBundle = (pkg = PACKAGE_ROOT) => buildPackedBundle(DAEMON_BUNDLE, pkg)
