// Entry point of the window: draws the shell at once, then connects and opens the session.
// Never imports Pi or the runtime; the terminal is restored on every way out.
import { createCliRenderer, type CliRenderer } from "@opentui/core"
import { render } from "@opentui/solid"
import type { Client } from "../client/client"
import { App, type ExitState } from "./app"
import { farewellLines, LIST_CEILING_MS, SIGNALLED_LIST_CEILING_MS } from "./farewell"
import type { TuiOptions, TuiResult } from "./run-options"
import { BUILTIN_THEMES } from "./theme"
import { createThemeControl, type ThemeControl } from "./theme-control"
import { colorFgBgAppearance, parseColorReplies } from "./util/terminal-background"
import { loadThemeCatalog } from "./util/theme-files"
import { terminalOut } from "./patches/terminal-out"
import { startMark } from "../util/start-trace"

/** OpenTUI spaces requested frames 1000 / maxFps ms apart: 1 ms is as good as none. */
const FRAME_ON_NEXT_TICK = 1000
import { interruptLent, terminalLent } from "./util/terminal-lend"

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

/**
 * The theme from the settings and flags, drawn at once with the COLORFGBG guess; the terminal's
 * OSC 11 reply (OpenTUI's renderer asks at start and on a light/dark switch) sets it right when it
 * comes, however late (Pi waits up to 100 ms before its first frame; the window never waits).
 */
function themeControl(renderer: CliRenderer, opts: TuiOptions): ThemeControl {
  const catalog = loadThemeCatalog({ builtins: Object.values(BUILTIN_THEMES), cwd: opts.cwd, flags: opts.themes })
  const control = createThemeControl({ catalog, guess: colorFgBgAppearance() })
  renderer.subscribeOsc((sequence) => {
    const colors = parseColorReplies(sequence)
    if (colors.background || colors.foreground) control.setTerminal(colors)
  })
  return control
}

export async function runTui(opts: TuiOptions): Promise<TuiResult> {
  const inline = opts.screen === "inline"
  const terminal = terminalOut()
  const renderer = await createCliRenderer({
    stdout: terminal.stream,
    // A custom stdout would otherwise be taken for a remote terminal: this one is local.
    remote: false,
    targetFps: 60,
    // A change paints on the next tick, not at the next 60 fps slot: a key typed just after a
    // frame waited up to 16 ms for its echo. Streams are paced before they reach the store
    // (context/event-queue.ts), so this adds frames only where something really changed.
    maxFps: FRAME_ON_NEXT_TICK,
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
  // Inline, a resize is taken at once (the committer spaces its rewrite); full screen after a run
  // of them, as OpenTUI does when it listens itself.
  terminal.follow(renderer, inline ? 0 : 100)

  let client: Client | undefined
  let state: ExitState | undefined
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
  // Ctrl+C while a `!` command has the terminal is that command's (the renderer is in cooked mode).
  // Ended by a signal: expected gone within moments (the farewell waits less on the daemon).
  let signalled = false
  const onSignal = (signal: OwnSignal) => () => {
    if (signal === "SIGINT" && terminalLent()) return void interruptLent()
    if (!finished) signalled = true
    finish(SIGNAL_CODES[signal])
  }
  const handlers = (Object.keys(SIGNAL_CODES) as OwnSignal[]).map((s) => [s, onSignal(s)] as const)
  for (const [s, h] of handlers) process.on(s, h)
  renderer.on("destroy", () => finish(1))

  const themes = themeControl(renderer, opts)
  const shown = firstFrame(renderer)
  void shown.then(() => startMark("window", "first frame"))
  // The session host is what takes longest (the daemon, a host process, Pi's import): it starts
  // now, beside the first frame, not after it.
  startMark("window", "renderer")
  const connecting = opts.connect()
  connecting.catch(() => {})
  await render(
    () => (
      <App
        cwd={opts.cwd}
        version={opts.version}
        target={opts.target}
        initialPrompt={opts.initialPrompt}
        initialImages={opts.initialImages}
        initialMessages={opts.initialMessages}
        screen={opts.screen}
        copyWithTool={opts.copyWithTool}
        worktrees={opts.worktrees}
        keybindings={opts.keybindings}
        firstFrame={shown}
        themes={themes}
        remoteControl={opts.remoteControl}
        onRestart={(cwd) => {
          restart = { cwd }
          finish(0)
        }}
        connect={async () => {
          client = await connecting
          return client
        }}
        onExit={finish}
        onState={(s) => (state = s)}
      />
    ),
    renderer,
  )

  const code = await exited
  for (const [s, h] of handlers) process.off(s, h)
  const daemon = client?.kind === "socket"
  const said = {
    piSessionId: state?.piSessionId(),
    // Only through the daemon does a reply go on once the window is gone.
    runningOn: daemon && !!state?.running() && !!state.sessionId(),
    background: daemon ? (state?.background() ?? []) : [],
    sessionDir: opts.target.kind === "attach" ? undefined : opts.target.params.pi?.sessionDir,
  }
  if (!renderer.isDestroyed) renderer.destroy()
  terminal.restore()
  // After SIGHUP the terminal is gone: there is nobody to tell (and writing to it fails).
  const farewell =
    code === SIGNAL_CODES.SIGHUP
      ? undefined
      : (message ??
        (client
          ? await farewellLines(client, said, signalled ? SIGNALLED_LIST_CEILING_MS : LIST_CEILING_MS).catch(
              () => undefined,
            )
          : undefined))
  await client?.close().catch(() => {})
  return { exitCode: code, farewell, restart }
}
