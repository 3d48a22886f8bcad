// The root command with a window: draws first, then connects (daemon or in-process Worker). A
// /worktree switch closes the window and opens it again in the chosen checkout, as a new session.
import type { TuiOptions } from "../tui/run-options"
import { copyWithTool } from "../util/clipboard-tool"
import { connectClient } from "./connect-client"
import { loadWindow } from "./load-window"
import { out } from "./io"
import type { RunPlan } from "./run-plan"
import { VERSION } from "./version"
import { windowWorktrees } from "./worktree-session"

export async function runWindow(plan: RunPlan): Promise<number> {
  const runTui = await loadWindow()
  let cwd = plan.cwd
  let target: TuiOptions["target"] =
    plan.session.kind === "pick"
      ? { kind: "pick", params: plan.open }
      : { kind: "open", params: { ...plan.open, mode: plan.session } }
  let prompt = plan.prompt
  for (;;) {
    const result = await runTui({
      cwd,
      version: VERSION,
      connect: () => connectClient({ daemon: plan.daemon }),
      target,
      initialPrompt: prompt,
      screen: plan.screen,
      copyWithTool: (text) => copyWithTool(text),
      worktrees: await windowWorktrees(cwd),
    })
    if (result.farewell) await out(`${result.farewell}\n`)
    if (!result.restart) return result.exitCode
    cwd = result.restart.cwd
    target = { kind: "open", params: { ...plan.open, cwd, mode: { kind: "new" } } }
    prompt = undefined
  }
}
