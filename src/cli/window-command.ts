// The root command with a window: connects (daemon or in-process Worker) while it loads and draws. A
// /worktree switch closes the window and opens it again in the chosen checkout, as a new session.
import type { Client } from "../client/client"
import type { Params } from "../protocol"
import type { TuiOptions } from "../tui/run-options"
import { copyWithTool } from "../util/clipboard-tool"
import type { ScreenSetting } from "../util/window-settings"
import { openEarly } from "../client/open-early"
import { chooseHost, connectClient } from "./connect-client"
import { loadWindow } from "./load-window"
import { out } from "./io"
import type { Prompts } from "./initial-message"
import type { RunPlan } from "./run-plan"
import { VERSION } from "./version"
import { windowWorktrees } from "./worktree-session"
import { readPiKeybindings } from "../util/pi-keybindings"
import { startMark } from "../util/start-trace"

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
    remoteControl?: TuiOptions["remoteControl"]
  },
): Promise<number> {
  startMark("window", "runWindows")
  // The session host is the longest step to a live session (the daemon, a host process, Pi's
  // import): the first window's connection (which starts the daemon) begins before the window's
  // own code loads, and runs beside it and the first frame. Not a Worker host (--no-daemon): it
  // would import Pi in this very process while the window loads (from source, its first frame
  // came 1.6× later); it starts beside the first frame, as before.
  let early = chooseHost(how.daemon).daemon ? connectClient({ daemon: how.daemon }) : undefined
  // Its session too, once the daemon answers: the open runs beside the window's loading (open-early.ts).
  const firstTarget = first.target
  if (early && firstTarget.kind === "open") early = early.then((c) => openEarly(c, firstTarget.params))
  early?.catch(() => {})
  const runTui = await loadWindow()
  startMark("window", "window loaded")
  let { cwd, target, prompts } = first
  for (;;) {
    const connecting: Promise<Client> | undefined = early
    early = undefined
    const result = await runTui({
      cwd,
      version: VERSION,
      connect: () => connecting ?? connectClient({ daemon: how.daemon }),
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
      remoteControl: how.remoteControl,
    })
    if (result.farewell) await out(`${result.farewell}\n`)
    if (!result.restart) return result.exitCode
    cwd = result.restart.cwd
    target = { kind: "open", params: { ...how.open, cwd, mode: { kind: "new" } } }
    prompts = undefined
  }
}
