// The root command with a window: draws first, then connects (daemon or in-process Worker). A
// /worktree switch closes the window and opens it again in the chosen checkout, as a new session.
import type { Params } from "../protocol"
import type { TuiOptions } from "../tui/run-options"
import { copyWithTool } from "../util/clipboard-tool"
import type { ScreenSetting } from "../util/window-settings"
import { connectClient } from "./connect-client"
import { loadWindow } from "./load-window"
import { out } from "./io"
import type { Prompts } from "./initial-message"
import type { RunPlan } from "./run-plan"
import { VERSION } from "./version"
import { windowWorktrees } from "./worktree-session"
import { readPiKeybindings } from "../util/pi-keybindings"

export function runWindow(plan: RunPlan, prompts: Prompts = { rest: [] }): Promise<number> {
  const target: TuiOptions["target"] =
    plan.session.kind === "pick"
      ? { kind: "pick", params: plan.open }
      : { kind: "open", params: { ...plan.open, mode: plan.session } }
  return runWindows({ cwd: plan.cwd, target, prompts }, plan)
}

/** Windows one after another: the first as asked, then one per /worktree switch. */
export async function runWindows(
  first: { cwd: string; target: TuiOptions["target"]; prompts?: Prompts },
  how: {
    daemon: boolean
    screen: ScreenSetting
    open?: Omit<Params<"session.open">, "mode">
    themes?: TuiOptions["themes"]
  },
): Promise<number> {
  const runTui = await loadWindow()
  let { cwd, target, prompts } = first
  for (;;) {
    const result = await runTui({
      cwd,
      version: VERSION,
      connect: () => connectClient({ daemon: how.daemon }),
      target,
      initialPrompt: prompts?.first?.text,
      initialImages: prompts?.first?.images,
      initialMessages: prompts?.rest,
      screen: how.screen,
      copyWithTool: (text) => copyWithTool(text),
      worktrees: windowWorktrees(cwd),
      // Read at each opening, as Pi reads it at startup and on /reload.
      keybindings: readPiKeybindings(),
      themes: how.themes,
    })
    if (result.farewell) await out(`${result.farewell}\n`)
    if (!result.restart) return result.exitCode
    cwd = result.restart.cwd
    target = { kind: "open", params: { ...how.open, cwd, mode: { kind: "new" } } }
    prompts = undefined
  }
}
