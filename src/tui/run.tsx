// Entry point of the window: draws the shell at once, then connects and opens the session.
// Never imports Pi or the runtime; the terminal is restored on every way out.
import { createCliRenderer, type CliRenderer } from "@opentui/core"
import { render } from "@opentui/solid"
import type { Client } from "../client/client"
import { App } from "./app"
import type { TuiOptions, TuiResult } from "./run-options"

const SIGNAL_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const
type OwnSignal = keyof typeof SIGNAL_CODES

/** Resolves after the first frame is on screen (or soon anyway, should no frame event come). */
function firstFrame(renderer: CliRenderer): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      renderer.off("frame", done)
      resolve()
    }
    const timer = setTimeout(done, 250)
    renderer.on("frame", done)
    renderer.requestRender()
  })
}

export async function runTui(opts: TuiOptions): Promise<TuiResult> {
  const inline = opts.screen === "inline"
  const renderer = await createCliRenderer({
    targetFps: 60,
    exitOnCtrlC: false,
    // Inline, the terminal keeps the mouse: its own selection and scrolling work on the scrollback.
    useMouse: !inline,
    useKittyKeyboard: {},
    ...(inline
      ? {
          screenMode: "split-footer" as const,
          // Stray writes to stdout go up into the scrollback instead of through the footer.
          externalOutputMode: "capture-stdout" as const,
          footerHeight: Math.min(12, process.stdout.rows || 12),
        }
      : {}),
    // These three are ours (they resolve with an exit code); the renderer keeps the rest.
    exitSignals: ["SIGQUIT", "SIGABRT", "SIGPIPE", "SIGBUS"],
  })

  let client: Client | undefined
  let sessionRunning = () => false
  let sessionId = () => undefined as string | undefined
  let settle!: (code: number) => void
  const exited = new Promise<number>((r) => (settle = r))
  let finished = false

  let message: string | undefined
  let restart: TuiResult["restart"]
  const finish = (code: number, said?: string) => {
    if (finished) return
    finished = true
    message = said
    settle(code)
  }
  const onSignal = (signal: OwnSignal) => () => finish(SIGNAL_CODES[signal])
  const handlers = (Object.keys(SIGNAL_CODES) as OwnSignal[]).map((s) => [s, onSignal(s)] as const)
  for (const [s, h] of handlers) process.on(s, h)
  renderer.on("destroy", () => finish(1))

  const shown = firstFrame(renderer)
  await render(
    () => (
      <App
        cwd={opts.cwd}
        version={opts.version}
        target={opts.target}
        initialPrompt={opts.initialPrompt}
        screen={opts.screen}
        copyWithTool={opts.copyWithTool}
        worktrees={opts.worktrees}
        onRestart={(cwd) => {
          restart = { cwd }
          finish(0)
        }}
        connect={async () => {
          await shown
          client = await opts.connect()
          return client
        }}
        onExit={finish}
        onState={(s) => {
          sessionRunning = s.running
          sessionId = s.sessionId
        }}
      />
    ),
    renderer,
  )

  const code = await exited
  for (const [s, h] of handlers) process.off(s, h)
  const running = sessionRunning()
  const id = sessionId()
  if (!renderer.isDestroyed) renderer.destroy()
  await client?.close().catch(() => {})
  // After SIGHUP the terminal is gone: there is nobody to tell (and writing to it fails).
  const farewell =
    code === SIGNAL_CODES.SIGHUP
      ? undefined
      : (message ??
        (running && id && client?.kind === "socket"
          ? `The reply is still running. Pick it up again with: xagent attach ${id}`
          : undefined))
  return { exitCode: code, farewell, restart }
}
