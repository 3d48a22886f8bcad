// Builds the window bundle (see window-bundle.ts). Run by `npm install` (postinstall) and in the
// background by a start that found its bundle stale: those never fail, they only warn (the window
// then compiles at start). With --packed it is npm's `prepare`: under `npm pack` it fails, since a
// package without its window would install a window that cannot open; under `npm install` in a
// clone (which runs `prepare` too) it only warns, as the postinstall does.
import { buildRemoteApp } from "./remote-app-bundle"
import { buildPackedWindowBundle, buildWindowBundle, freshWindowBundle } from "./window-bundle"

const packed = process.argv.includes("--packed")
try {
  const t0 = performance.now()
  // An installed package came with its window (it could not build one under node_modules anyway).
  const entry = packed ? await buildPackedWindowBundle() : (freshWindowBundle() ?? (await buildWindowBundle()))
  if (process.argv.includes("--verbose"))
    console.log(`window bundle: ${entry} (${Math.round(performance.now() - t0)} ms)`)
} catch (e) {
  const why = e instanceof Error ? e.message : String(e)
  if (packed && process.env.npm_command !== "install" && process.env.npm_command !== "ci") {
    console.error(`xagent: could not build the window for the package: ${why}`)
    process.exit(1)
  }
  console.warn(`xagent: could not prebuild the window (it will compile at start instead): ${why}`)
}

// Remote control's web app, which the daemon serves as files: built apart from the window, so
// either failing leaves the other. An installed package came with it built (and without its sources).
if (packed || !import.meta.dir.includes("/node_modules/"))
  await buildRemoteApp().catch((e) => {
    const why = e instanceof Error ? e.message : String(e)
    if (packed && process.env.npm_command !== "install" && process.env.npm_command !== "ci") {
      console.error(`xagent: could not build the remote-control web app for the package: ${why}`)
      process.exit(1)
    }
    console.warn(`xagent: could not build the remote-control web app (remote control will say so): ${why}`)
  })
