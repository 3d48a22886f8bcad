// Loads the window lazily, off the CLI's fast path (--version, --help, -p never pay for it).
import type { TuiOptions, TuiResult } from "../tui/run-options"
import { PACKAGE_ROOT } from "../util/package-dir"
import { isInstalled, rebuildInBackground } from "../util/prebuilt-bundle"

/** The window's code: the prebuilt bundle when it matches the sources, else the sources themselves. */
export async function loadWindow(): Promise<RunTui> {
  const { freshWindowBundle } = await import("./window-bundle")
  const bundle = process.env.XAGENT_WINDOW_SOURCE ? undefined : freshWindowBundle()
  if (bundle) return ((await import(bundle)) as { runTui: RunTui }).runTui
  // Under node_modules Bun compiles no JSX at run time: the sources would fail on a missing 'react'.
  if (isInstalled(PACKAGE_ROOT))
    throw new Error(
      "this install has no prebuilt window (dist/window/packed/ is missing or its sources changed): " +
        "install the package `npm pack` makes (README, Install)",
    )
  if (!process.env.XAGENT_WINDOW_SOURCE) rebuildInBackground()
  // bin/xagent runs Bun without the repo's bunfig preload, so the JSX transform is registered
  // here, only on the way to a window (it loads Babel).
  const { ensureSolidTransformPlugin } = await import("@opentui/solid/bun-plugin")
  ensureSolidTransformPlugin()
  const { runTui } = await import("../tui/run")
  return runTui
}

export type RunTui = (opts: TuiOptions) => Promise<TuiResult>
