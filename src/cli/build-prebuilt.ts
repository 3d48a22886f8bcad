// Builds the prebuilt code (util/prebuilt-bundle.ts): the window, the daemon, and remote control's
// web app. Run by `npm install` (postinstall) and in the background by a start that found a bundle
// stale: those never fail, they only warn (that code then runs from source). With --packed it is
// npm's `prepare`: under `npm pack` it fails, since a package without its window would install a
// window that cannot open; under `npm install` in a clone (which runs `prepare` too) it only warns,
// as the postinstall does. Each part is built apart, so one failing leaves the others.
import { buildDaemonBundle, buildPackedDaemonBundle, DAEMON_BUNDLE } from "../util/daemon-bundle"
import { PACKAGE_ROOT } from "../util/package-dir"
import { freshBundle, isInstalled } from "../util/prebuilt-bundle"
import { buildRemoteApp } from "./remote-app-bundle"
import { buildPackedWindowBundle, buildWindowBundle, freshWindowBundle } from "./window-bundle"

const packed = process.argv.includes("--packed")
const verbose = process.argv.includes("--verbose")
const failsThePack = packed && process.env.npm_command !== "install" && process.env.npm_command !== "ci"

async function part(what: string, build: () => string | Promise<string>, without = "it will run from source instead") {
  try {
    const t0 = performance.now()
    const entry = await build()
    if (verbose) console.log(`${what}: ${entry ?? "built"} (${Math.round(performance.now() - t0)} ms)`)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    if (failsThePack) {
      console.error(`xagent: could not build the ${what} for the package: ${why}`)
      process.exit(1)
    }
    console.warn(`xagent: could not prebuild the ${what} (${without}): ${why}`)
  }
}

// An installed package came with its bundles (it could not build the window under node_modules anyway).
await part("window", () => (packed ? buildPackedWindowBundle() : (freshWindowBundle() ?? buildWindowBundle())))
await part("daemon", () => (packed ? buildPackedDaemonBundle() : (freshBundle(DAEMON_BUNDLE) ?? buildDaemonBundle())))
// Remote control's web app, which the daemon serves as files. An installed package came with it
// built (and without its sources).
if (packed || !isInstalled(PACKAGE_ROOT))
  await part("remote-control web app", () => buildRemoteApp(), "remote control will say so")
