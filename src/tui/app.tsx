// The provider tree and the page switch, shared by runTui and the tests (which hand it a fake
// client). Global keys live here: Ctrl+C twice or Ctrl+D on an empty prompt quits, Ctrl+S lets
// the terminal have the mouse, and a finished mouse selection is copied (OSC 52).
import type { Selection } from "@opentui/core"
import { useKeyboard, useRenderer, useSelectionHandler } from "@opentui/solid"
import { createEffect, Match, onCleanup, Switch } from "solid-js"
import type { Client } from "../client/client"
import { isNotification } from "../common/terminal-notify"
import { terminalLine } from "../common/terminal-text"
import { keepQueued } from "./util/kept-queue"
import type { BackgroundReply } from "./context/background-replies"
import { ClientProvider, useClient } from "./context/client"
import { ClipboardProvider } from "./context/clipboard"
import { ComposerInputProvider } from "./context/composer-input"
import { DialogProvider, useDialog } from "./context/dialog"
import { ExitProvider, useExit } from "./context/exit"
import { RouteProvider, useRoute, type ContextTab } from "./context/route"
import { ScreenProvider, useScreen, type ScreenMode } from "./context/screen"
import { useStopGuard } from "./context/stop-guard"
import { SyncProvider, useSync } from "./context/sync"
import { SessionProvider, useSession } from "./context/session"
import { focusedComponent } from "../protocol/component"
import { ToastProvider, useToast } from "./context/toast"
import { useView, ViewProvider } from "./context/view"
import { SessionPage } from "./routes/session"
import { SessionsPage } from "./routes/sessions"
import { PackagesPage } from "./routes/packages"
import { ContextPage } from "./routes/context"
import { DoctorPage } from "./routes/doctor"
import { RemotePage } from "./routes/remote"
import { RemoteProvider } from "./context/remote"
import { FollowUpPage } from "./routes/follow-up"
import { TreePage } from "./routes/tree"
import { WorktreePage } from "./routes/worktree"
import { FeaturePage } from "./slots/page"
import { featurePage } from "./slots/registry"
import type { PageSlot } from "./slots/types"
import { WorktreesProvider } from "./context/worktrees"
import { Keymap, KeymapProvider, useKeymap } from "./keys/keymap"
import type { TuiOptions } from "./run-options"
import type { ThemeControl } from "./theme-control"
import { ThemesProvider, useThemeSync } from "./context/themes"
import { dockFor } from "./slots/registry"

/** What the window knows at exit that the farewell needs. */
export interface ExitState {
  running: () => boolean
  sessionId: () => string | undefined
  piSessionId: () => string | undefined
  background: () => BackgroundReply[]
}

export interface AppProps {
  cwd: string
  version: string
  connect: () => Promise<Client>
  target: TuiOptions["target"]
  initialPrompt?: string
  initialImages?: TuiOptions["initialImages"]
  initialMessages?: string[]
  onExit: (code: number, message?: string) => void
  /** Lets the caller read live state at exit (the farewell needs it). */
  onState?: (state: ExitState) => void
  flushInterval?: number
  /** Full screen (the default here) or inline, the transcript in the terminal's scrollback. */
  screen?: ScreenMode
  copyWithTool?: TuiOptions["copyWithTool"]
  worktrees?: TuiOptions["worktrees"]
  /** Close the window to open it again in `cwd` (a /worktree switch). */
  onRestart?: (cwd: string) => void
  /** Where extensions' notification sequences go (default this process's stdout: the terminal). */
  writeTerminal?: (sequence: string) => void
  keybindings?: TuiOptions["keybindings"]
  /** Resolves once the first frame is on screen (work that may wait for it does). */
  firstFrame?: Promise<void>
  /** The theme control (run.tsx builds it from the settings and the terminal); default: the built-ins. */
  themes?: ThemeControl
  /** `--rc`: remote control turned on once the session is open, and its page shown. */
  remoteControl?: TuiOptions["remoteControl"]
}

/** Exit code of a window whose daemon went away. */
const EXIT_LOST = 75

/** How long the first Ctrl+C stays armed for the second. */
const QUIT_WINDOW_MS = 2000

function Shell(props: {
  version: string
  cwd: string
  onState?: AppProps["onState"]
  writeTerminal?: AppProps["writeTerminal"]
}) {
  const route = useRoute()
  const renderer = useRenderer()
  const dialog = useDialog()
  const toast = useToast()
  const sync = useSync()
  const view = useView()
  const exit = useExit()
  const client = useClient()
  const guard = useStopGuard()
  const session = useSession()
  const screen = useScreen()
  // An extension's component with this window's keys gets Ctrl+D and Ctrl+S too (an editor, a game).
  const componentKeys = () => {
    const v = route.route().name === "session" ? focusedComponent(sync.data.ui.components) : undefined
    return !!v && (!v.owner || v.owner === session.windowId)
  }
  let armedUntil = 0
  const keys = useKeymap()
  // A keybindings file that could not be used in full: said once, and long enough to read.
  if (keys.notice) toast.show({ level: "warning", message: keys.notice, durationMs: 12_000 })

  onCleanup(sync.onNotify((n) => toast.show(n)))
  useThemeSync()
  // Checked again here: only a notification, never another sequence, reaches the terminal.
  const writeTerminal = props.writeTerminal ?? ((seq: string) => void process.stdout.write(seq))
  onCleanup(sync.onTerminal((seq) => isNotification(seq) && writeTerminal(seq)))
  // A daemon that is gone (its process ended, or reconnects failed) will not come back by itself:
  // close cleanly and say how to pick the session up again, rather than hang. One that is only
  // not answering (stopped, busy) is `degraded`: the banner says so and the window waits.
  onCleanup(
    client.onConnection((c) => {
      if (c.state !== "lost") return
      const resume = sync.data.sessionId ? "xagent -c resumes the session from its file" : "run xagent again"
      exit.exit(EXIT_LOST, `xagent: the connection to the daemon was lost (${c.reason}). ${resume}.${queuedAtLoss()}`)
    }),
  )
  /** Messages queued behind the reply died with the daemon's host: said, and kept for the next window. */
  const queuedAtLoss = () => {
    const texts = [...sync.data.queue.steering, ...sync.data.queue.followUp]
    if (!texts.length) return ""
    const pi = sync.data.info?.piSessionId
    const kept = pi ? keepQueued(pi, texts) : undefined
    const where = kept
      ? `They are kept in ${terminalLine(kept)} and come back in the prompt when this session is opened again.`
      : "They could not be kept in a file: copy them from here."
    const list = texts.map((t) => `  ${terminalLine(t)}`).join("\n")
    return `\n${texts.length === 1 ? "A queued message was" : `${texts.length} queued messages were`} not sent:\n${list}\n${where}`
  }
  props.onState?.({
    running: () => sync.data.running,
    sessionId: () => sync.data.sessionId,
    piSessionId: () => sync.data.info?.piSessionId,
    background: () => sync.backgroundReplies(),
  })

  createEffect(() => {
    // An extension's setTitle() is the terminal's title as it wrote it, as in Pi (titlebar-spinner),
    // but without controls: a BEL or ESC in it would end the title and write what follows raw.
    const name = sync.data.info?.name
    renderer.setTerminalTitle(terminalLine(sync.data.ui.title ?? (name ? `xagent · ${name}` : "xagent")))
  })

  useSelectionHandler((selection: Selection) => {
    if (selection.isDragging) return
    const text = selection.getSelectedText()
    if (!text.trim()) return
    if (renderer.copyToClipboardOSC52(text)) toast.show({ level: "info", message: `Copied ${text.length} characters` })
  })

  /** The dock of a pending request, if one is open (a feature's, src/tui/slots). */
  const openDock = () => {
    for (const r of sync.data.ui.pending) {
      const slot = dockFor(r.kind)
      if (slot) return slot
    }
    return undefined
  }

  const armQuit = () => {
    armedUntil = Date.now() + QUIT_WINDOW_MS
    // With a dock up, Esc is the dock's: it does what the dock says, not stop the reply.
    const docked = route.route().name === "session" ? openDock() : undefined
    const hint = docked
      ? `${docked.escape} · Ctrl+C again quits`
      : sync.data.running
        ? "Esc stops the reply · Ctrl+C again quits"
        : "Press Ctrl+C again to quit"
    toast.show({ level: "info", message: hint, durationMs: QUIT_WINDOW_MS })
  }

  useKeyboard((e) => {
    // Anything done between two Ctrl+C (a message sent, a key) means the person is not leaving.
    const clear = keys.matches("app.clear", e)
    if (!clear) armedUntil = 0
    if (e.defaultPrevented) return
    const editor = renderer.currentFocusedEditor as { plainText: string; setText(t: string): void } | null
    if (clear) {
      const custom = !dialog.active() && componentKeys() ? focusedComponent(sync.data.ui.components) : undefined
      // In Pi a focused component (a game, an overlay) reads Ctrl+C itself ("close all"): it is
      // handed on to it (extension-components.tsx), not taken as quitting.
      if (custom && custom.slot !== "editor") return
      e.preventDefault()
      if (!dialog.active() && editor?.plainText) return editor.setText("")
      if (Date.now() < armedUntil) return ((armedUntil = 0), guard.quit())
      // An extension's editor holds its text in the host: it empties there first, as Pi's does.
      if (custom?.slot === "editor")
        return void session
          .act("session.componentInput", { componentId: custom.id, window: session.windowId, data: "\x03" })
          .then((r) => r?.cleared || armQuit())
      return armQuit()
    }
    if (dialog.active() || componentKeys()) return
    // With a dock up there is no prompt to be empty: Ctrl+D must not quit from under it.
    if (keys.matches("app.exit", e) && route.route().name === "session" && !editor?.plainText && !openDock()) {
      e.preventDefault()
      return guard.quit()
    }
    if (e.ctrl && e.name === "s") {
      e.preventDefault()
      const on = !view.mouse()
      renderer.useMouse = on
      view.setMouse(on)
      toast.show({
        level: "info",
        message: on
          ? "Mouse on: the window scrolls and selects"
          : "Mouse off: the terminal selects text (Ctrl+S again to undo)",
      })
    }
  })

  return (
    // Inline, the session page sits on the footer's bottom: in the one frame drawn before the footer
    // follows a change of its height, what does not fit is the top (the live area's oldest rows, a
    // toast), never the composer and status line.
    <box
      width="100%"
      height="100%"
      justifyContent={screen.inline && route.route().name === "session" ? "flex-end" : "flex-start"}
    >
      <Switch>
        <Match when={route.route().name === "sessions"}>
          <SessionsPage initial={(route.route() as { initial?: boolean }).initial} />
        </Match>
        <Match when={route.route().name === "tree"}>
          <TreePage />
        </Match>
        <Match when={route.route().name === "worktree"}>
          <WorktreePage cwd={props.cwd} />
        </Match>
        <Match when={route.route().name === "packages"}>
          <PackagesPage />
        </Match>
        <Match when={route.route().name === "doctor"}>
          <DoctorPage />
        </Match>
        <Match when={route.route().name === "remote"}>
          <RemotePage />
        </Match>
        <Match when={route.route().name === "follow-up"}>
          <FollowUpPage />
        </Match>
        <Match when={route.route().name === "context"}>
          <ContextPage tab={(route.route() as { tab?: ContextTab }).tab} />
        </Match>
        <Match when={route.route().name === "feature" && featurePage((route.route() as { page: string }).page)}>
          {(page: () => PageSlot) => (
            <FeaturePage page={page()} focused={!dialog.active()} onBack={() => route.navigate({ name: "session" })} />
          )}
        </Match>
        <Match when={route.route().name === "session" || route.route().name === "feature"}>
          <SessionPage version={props.version} cwd={props.cwd} focused={!dialog.active()} />
        </Match>
      </Switch>
    </box>
  )
}

export function App(props: AppProps) {
  // A dozen views follow the terminal's size (a count that stays put: no view leaks one), past the
  // emitter's default warning mark of 10; a runtime warning on stderr lands on the screen. Set here,
  // so every renderer the window draws on has it (the tests' too: 1,600 warnings in a suite's log).
  useRenderer().setMaxListeners(64)
  return (
    <ExitProvider onExit={props.onExit}>
      <KeymapProvider value={new Keymap(props.keybindings)}>
        <ToastProvider>
          <ClipboardProvider tool={props.copyWithTool}>
            <DialogProvider>
              <ClientProvider connect={props.connect}>
                <ComposerInputProvider>
                  <SyncProvider flushInterval={props.flushInterval}>
                    <RouteProvider>
                      <SessionProvider
                        target={props.target}
                        initialPrompt={props.initialPrompt}
                        firstFrame={props.firstFrame}
                        initialImages={props.initialImages}
                        initialMessages={props.initialMessages}
                      >
                        <RemoteProvider atStart={props.remoteControl}>
                          <WorktreesProvider service={props.worktrees} onRestart={props.onRestart}>
                            {/* Inline, the terminal selects text: the window takes no mouse until Ctrl+S. */}
                            <ViewProvider mouse={props.screen !== "inline"}>
                              <ScreenProvider mode={props.screen}>
                                <ThemesProvider control={props.themes}>
                                  <Shell
                                    version={props.version}
                                    cwd={props.cwd}
                                    onState={props.onState}
                                    writeTerminal={props.writeTerminal}
                                  />
                                </ThemesProvider>
                              </ScreenProvider>
                            </ViewProvider>
                          </WorktreesProvider>
                        </RemoteProvider>
                      </SessionProvider>
                    </RouteProvider>
                  </SyncProvider>
                </ComposerInputProvider>
              </ClientProvider>
            </DialogProvider>
          </ClipboardProvider>
        </ToastProvider>
      </KeymapProvider>
    </ExitProvider>
  )
}
