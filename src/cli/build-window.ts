// Builds the window bundle (see window-bundle.ts). Run by `npm install` (postinstall) and in the
// background by a start that found its bundle stale. Never fails an install: it only warns.
import { buildWindowBundle } from "./window-bundle"

try {
  const t0 = performance.now()
  const entry = await buildWindowBundle()
  if (process.argv.includes("--verbose"))
    console.log(`window bundle: ${entry} (${Math.round(performance.now() - t0)} ms)`)
} catch (e) {
  console.warn(
    `xagent: could not prebuild the window (it will compile at start instead): ${e instanceof Error ? e.message : e}`,
  )
}
