// The root command with a window: draws first, then connects (daemon or in-process Worker).
import type { TuiOptions, TuiResult } from "../tui/run-options"
import { connectClient } from "./connect-client"
import { out } from "./io"
import type { RunPlan } from "./plan"
import { VERSION } from "./version"

export async function runWindow(plan: RunPlan): Promise<number> {
  const runTui = await loadWindow()
  const target: TuiOptions["target"] =
    plan.session.kind === "pick"
      ? { kind: "pick", params: plan.open }
      : { kind: "open", params: { ...plan.open, mode: plan.session } }
  const result = await runTui({
    cwd: plan.cwd,
    version: VERSION,
    connect: () => connectClient({ daemon: plan.daemon }),
    target,
    initialPrompt: plan.prompt,
  })
  if (result.farewell) await out(`${result.farewell}\n`)
  return result.exitCode
}

/** The window's code: the prebuilt bundle when it matches the sources, else the sources themselves. */
async function loadWindow(): Promise<RunTui> {
  const { freshWindowBundle, rebuildInBackground } = await import("./window-bundle")
  const bundle = process.env.XAGENT_WINDOW_SOURCE ? undefined : freshWindowBundle()
  if (bundle) return ((await import(bundle)) as { runTui: RunTui }).runTui
  if (!process.env.XAGENT_WINDOW_SOURCE) rebuildInBackground()
  // bin/xagent runs Bun without the repo's bunfig preload, so the JSX transform is registered
  // here, only on the way to a window (it loads Babel).
  const { ensureSolidTransformPlugin } = await import("@opentui/solid/bun-plugin")
  ensureSolidTransformPlugin()
  const { runTui } = await import("../tui/run")
  return runTui
}

type RunTui = (opts: TuiOptions) => Promise<TuiResult>
