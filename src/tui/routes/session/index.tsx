// The session page: transcript (or the welcome), queued messages, the working line, extension
// widgets around the composer, and the status bar. While a feature's dock is open (its questions to
// the person: src/tui/slots) it takes the composer's place (the composer keeps its draft, hidden) and
// the status bar steps aside.
// Inline, a dialog does the same: there is no screen to float it over.
import { useKeyboard, useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createMemo, createSignal, For, Show } from "solid-js"
import { sessionThinkingLook, ThinkingLook } from "../../component/message/thinking-look"
import { paletteEntries, runCommand } from "../../commands"
import { QueueRows } from "../../component/prompt/queue-rows"
import { Composer } from "../../component/prompt/composer"
import { useFrames, useNow, useSpinner } from "../../component/spinner"
import { useClient } from "../../context/client"
import { DialogSlot, useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useRoute } from "../../context/route"
import { useSync } from "../../context/sync"
import { ToastRows, useToast } from "../../context/toast"
import { useScreen } from "../../context/screen"
import { useView } from "../../context/view"
import { theme } from "../../theme"
import { LiveArea } from "../../inline/live-area"
import type { VirtualListApi } from "../../ui/virtual-list"
import { useComposerInput } from "../../context/composer-input"
import { editInTerminal } from "../../util/editor"
import { gitBranch } from "../../../util/git-branch"
import type { AssistantItem, WorkingIndicator } from "../../../protocol"
import { DialogOutside } from "../../ui/dialog-outside"
import { useCommandActions } from "./actions"
import { useExtensionShortcuts } from "./extension-shortcuts"
import { ESC_TWICE_MS, useRewind } from "./rewind"
import { ComposerDock, useComposerDock } from "./composer-dock"
import { bannerText, ConnectionBanner } from "./connection-banner"
import { statusSegments, StatusBar } from "./status-bar"
import { Transcript } from "./transcript"
import { UiRequests } from "./ui-requests"
import { Welcome } from "./welcome"
import { Widgets } from "./widgets"
import { ComponentOverlays, ComponentSlotView, useExtensionComponents } from "./extension-components"
import { replyRate, WorkingLine } from "./working-line"
import { useKeymap } from "../../keys/keymap"
import { useWindowRows } from "../../context/window-rows"
import { useFeatureSessions } from "../../slots/session"

function Working(props: {
  startedAt?: number
  reply?: AssistantItem
  message?: string
  name?: string
  indicator?: WorkingIndicator
}) {
  const spinner = useSpinner()
  const frames = useFrames()
  const now = useNow()
  return (
    <WorkingLine
      spinner={props.indicator ? frames(props.indicator.frames, props.indicator.intervalMs) : spinner()}
      now={now()}
      startedAt={props.startedAt}
      reply={props.reply && replyRate(props.reply)}
      message={props.message}
      name={props.name}
    />
  )
}

export function SessionPage(props: { version: string; cwd: string; focused: boolean }) {
  const sync = useSync()
  const session = useSession()
  const client = useClient()
  const view = useView()
  const dialog = useDialog()
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const renderer = useRenderer()
  const composer = useComposerInput()
  const actions = useCommandActions()
  const dock = useComposerDock()
  const rewind = useRewind()
  const toast = useToast()
  const route = useRoute()
  const screen = useScreen()
  const data = sync.data
  // A long history comes newest part first; full screen fetches the rest a page at a time as the
  // person scrolls up to it (inline, the scrollback holds only what came: a row says so).
  let loadingEarlier = false
  const loadEarlier = () => {
    const first = data.items[0]
    if (loadingEarlier || !data.earlier || !first || data.phase !== "ready") return
    loadingEarlier = true
    void session
      .act("session.earlier", { before: first.id })
      .then((page) => page && sync.prependEarlier(page, first.id))
      .finally(() => (loadingEarlier = false))
  }
  const dialogHere = () => screen.inline && dialog.inPlace()
  // Before the page's own keys: a focused extension component takes them first.
  const ext = useExtensionComponents({ focused: () => props.focused && !dock.active() })
  let list: VirtualListApi | undefined
  const [newBelow, setNewBelow] = createSignal(false)
  // The rate is the streaming reply's own: the same for every window, whenever it attached.
  const streamingReply = () => {
    const last = data.items.at(-1)
    return last?.kind === "assistant" && last.streaming ? last : undefined
  }
  // What the person sends, and the reply to it, are at the bottom: go there (and follow again).
  const toBottom = () => list?.toBottom()

  const cwd = () => data.info?.cwd ?? props.cwd
  const branch = createMemo(() => gitBranch(cwd()))
  const commands = createMemo(() => paletteEntries(session.commands()))
  // Only one `!command` runs at a time, so the latest one says whether one is running.
  const bashRunning = createMemo(() => {
    for (let i = data.items.length - 1; i >= 0; i--) {
      const item = data.items[i]!
      if (item.kind === "bash") return item.status === "running"
    }
    return false
  })
  // The bundled features' window parts (src/tui/slots): their state, keys, rows and composer modes.
  const features = useFeatureSessions((name) => ({
    info: () => data.info,
    state: () => data.info?.extensions?.[name],
    items: () => data.items,
    pending: () => data.ui.pending,
    running: () => data.running,
    commandNames: () => session.commands().map((c) => c.name),
    send: (text) => void session.send(text, "prompt"),
    bash: (command, quiet) => void session.bash(command, quiet),
    toast: (level, message) => toast.show({ level, message }),
    editFile: (path) => editInTerminal(renderer, path),
    openPage: (page) => route.navigate({ name: "feature", page }),
  }))
  const banner = () =>
    bannerText({ connection: client.connection(), closedReason: data.closedReason, failure: session.failure() })
  const segments = () =>
    statusSegments({
      cwd: cwd(),
      branch: branch(),
      info: data.info,
      stats: data.stats,
      extra: data.ui.status,
      mouse: view.mouse(),
      features: features.status(),
    })

  // A prompt that could not be sent goes back into the (empty) composer rather than vanish.
  const send = (text: string, how: Parameters<typeof session.send>[1], images?: Parameters<typeof session.send>[2]) => {
    // A feature's composer mode rewrites what is sent in it (never a `/command`).
    const mode = text.startsWith("/") ? undefined : features.composerMode()
    const out = mode ? mode.send(text) : text
    void session.send(out, how, images).then((r) => r === undefined && composer.restore(text))
  }
  // Before the page's own keys, whose checks are looser (Ctrl+P is taken whatever else is held):
  // a forwarded key is one the window does not bind.
  useExtensionShortcuts(() => props.focused && !dialog.active())
  const thinkingLook = sessionThinkingLook(data)
  const keys = useKeymap()
  // Inline, a fold key writes the whole transcript again (the scrollback's rows cannot change in
  // place): a line says what the screen just did, as pi's does.
  const foldNotice = (what: string, open: boolean) =>
    screen.inline && toast.show({ level: "info", message: `${what}: ${open ? "expanded" : "collapsed"}` })
  useKeyboard((e) => {
    if (!props.focused || dialog.active() || e.defaultPrevented) return
    const handled = () => e.preventDefault()
    if (keys.matches("app.thinking.toggle", e)) {
      view.toggleThinking()
      return (foldNotice("Thinking", view.thinkingOpen()), handled())
    }
    if (keys.matches("app.tools.expand", e)) {
      view.toggleTools()
      return (foldNotice("Tool output", view.toolsOpen()), handled())
    }
    if (keys.matches("app.model.cycleForward", e)) return (actions.cycleModel("forward"), handled())
    if (keys.matches("app.model.cycleBackward", e)) return (actions.cycleModel("backward"), handled())
    if (keys.matches("app.model.select", e)) return (actions.pickModel(""), handled())
    // No key by default, as in Pi: the person's keybindings file may give it one.
    if (keys.matches("app.session.new", e)) return (actions.newSession(), handled())
    // The dock scrolls its own body with these.
    if (dock.active()) return
    if (keys.matches("tui.altScreen.pageUp", e)) return (list?.page(-1), handled())
    if (keys.matches("tui.altScreen.pageDown", e)) return (list?.page(1), handled())
    if (keys.matches("tui.altScreen.top", e)) return (list?.toTop(), handled())
    if (keys.matches("tui.altScreen.bottom", e)) return (list?.toBottom(), handled())
  })

  const welcome = () => (
    <Welcome
      version={props.version}
      hour={new Date().getHours()}
      width={dims().width}
      model={data.info?.model ? `${data.info.model.provider}/${data.info.model.id}` : undefined}
      authHint={data.info?.authHint}
      quiet={data.info?.quietStartup === true}
    />
  )

  return (
    <box
      flexDirection="column"
      width="100%"
      // Inline, the page is as tall as its content: the footer is sized from what it measures.
      height={screen.inline ? undefined : "100%"}
      flexShrink={0}
      onSizeChange={function (this: { height: number }) {
        if (screen.inline) screen.sized("page", this)
      }}
    >
      {/* Inline, the footer's top rows are the toasts' own: drawn over it, they would cover the composer. */}
      <Show when={screen.inline && route.route().name === "session"}>
        <ToastRows width={dims().width} />
      </Show>
      <ConnectionBanner text={banner()?.text} color={banner()?.color} />
      <ComponentSlotView ext={ext} slot="header" />
      <ThinkingLook.Provider value={thinkingLook}>
        <Show
          when={!screen.inline}
          fallback={features.provide(() => (
            <LiveArea
              items={data.items}
              isOpen={view.isOpen}
              onFlip={view.flip}
              empty={welcome()}
              clickable={view.mouse()}
            />
          ))}
        >
          <Show when={data.items.length > 0} fallback={welcome()}>
            {features.provide(() => (
              <Transcript
                items={data.items}
                epoch={data.epoch}
                isOpen={view.isOpen}
                onFlip={view.flip}
                clickable={view.mouse()}
                apiRef={(api) => (list = api)}
                onNewBelow={setNewBelow}
                earlier={data.earlierUnknown ? "some" : data.earlier}
                onLoadEarlier={loadEarlier}
                // Notices alone (an extension's lines at start) go under the welcome: it stays, as Pi's header.
                intro={data.items.every((i) => i.kind === "notice") ? welcome : undefined}
              />
            ))}
          </Show>
          <Show when={newBelow() && data.items.length > 0}>
            <text fg={theme.accent} flexShrink={0}>
              {" ↓ new output below · Ctrl+End"}
            </text>
          </Show>
        </Show>
      </ThinkingLook.Provider>
      <QueueRows queue={data.queue} />
      <For each={features.rows("aboveComposer")}>{(row) => row.view()}</For>
      <Show when={data.running && data.ui.workingVisible}>
        <Working
          startedAt={data.runStartedAt}
          reply={streamingReply()}
          message={dock.slot()?.waiting ?? data.ui.workingMessage}
          name={data.info?.name}
          indicator={data.ui.workingIndicator}
        />
      </Show>
      <Widgets widgets={data.ui.widgets} placement="aboveEditor" />
      <ComponentSlotView ext={ext} slot="widget" placement="aboveEditor" />
      <ComposerDock
        dock={dock}
        width={dims().width}
        rows={screen.inline ? screen.rows() : dims().height}
        focused={props.focused}
      />
      <Show when={screen.inline}>
        <DialogSlot />
      </Show>
      <Show when={!dock.active() && !dialogHere()}>
        <Show when={ext.of("inline").length > 0} fallback={<ComponentSlotView ext={ext} slot="editor" />}>
          <ComponentSlotView ext={ext} slot="inline" maxRows={windowRows() - 2} />
        </Show>
      </Show>
      <box flexDirection="column" flexShrink={0} visible={!dock.active() && !ext.replacesComposer() && !dialogHere()}>
        <Composer
          mode={features.composerMode()}
          onToggleMode={features.toggleMode()}
          onAltKey={(k) => features.altKey(k)}
          complete={
            data.info?.autocomplete
              ? async (text, cursor) => (await session.act("session.complete", { text, cursor }))?.items ?? []
              : undefined
          }
          cwd={cwd()}
          running={data.running}
          queue={data.queue}
          commands={commands()}
          commandsKnown={session.commandsKnown()}
          focused={props.focused && !dock.active() && !ext.replacesComposer()}
          onSend={(text, how, images) => {
            toBottom()
            send(text, how, images)
          }}
          onImageError={(message) => toast.show({ level: "warning", message })}
          bashRunning={bashRunning()}
          onBash={(command, quiet) => {
            toBottom()
            const outside = /^outside(?:\s+([\s\S]*))?$/.exec(command)
            if (!outside) {
              // A feature may hold it back (one typed during a plan request waits for its end).
              if (features.holdBash(command, quiet)) return
              return void session.bash(command, quiet)
            }
            const exact = outside[1]?.trim()
            if (!exact) return actions.refuse("!outside needs a command: !outside <command>")
            dialog.show(() => (
              <DialogOutside
                command={exact}
                onAnswer={(approved, why) => {
                  if (approved) void session.act("session.bashOutside", { command: exact })
                  else if (why === "tooSmall")
                    actions.refuse("The terminal is too small to show the command with its choices: not run")
                }}
              />
            ))
          }}
          onCommand={(name, args) => {
            if (!runCommand(actions, name, args))
              actions.refuse(`Unknown command /${name}: /help lists them (start with // to send it as text)`)
          }}
          onInterrupt={() => void session.abort()}
          onDequeue={() => session.dequeue()}
          onRewind={() => void rewind()}
          escTwiceMs={ESC_TWICE_MS}
        />
      </box>
      <Widgets widgets={data.ui.widgets} placement="belowEditor" />
      <ComponentSlotView ext={ext} slot="widget" placement="belowEditor" />
      <Show when={!dock.active() && !dialogHere()}>
        <Show when={ext.of("footer").length > 0} fallback={<StatusBar segments={segments()} width={dims().width} />}>
          <ComponentSlotView ext={ext} slot="footer" />
        </Show>
        <For each={features.rows("belowStatus")}>{(row) => row.view()}</For>
      </Show>
      <ComponentOverlays ext={ext} />
      <UiRequests />
    </box>
  )
}
