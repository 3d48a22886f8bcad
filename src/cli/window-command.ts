// The root command with a window: draws first, then connects (daemon or in-process Worker).
import type { TuiOptions } from "../tui/run-options"
import { copyWithTool } from "../util/clipboard-tool"
import { connectClient } from "./connect-client"
import { loadWindow } from "./load-window"
import { out } from "./io"
import type { RunPlan } from "./run-plan"
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
    screen: plan.screen,
    copyWithTool: (text) => copyWithTool(text),
  })
  if (result.farewell) await out(`${result.farewell}\n`)
  return result.exitCode
}
