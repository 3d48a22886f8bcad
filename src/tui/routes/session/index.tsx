// The session page: transcript (or the welcome), queued messages, the working line, extension
// widgets around the composer, a side question's answer (/btw) above it, and the status bar. While a feature's dock is open (its questions to
// the person: src/tui/slots) it takes the composer's place (the composer keeps its draft, hidden) and
// the status bar steps aside.
// Inline, a dialog does the same: there is no screen to float it over. Its parts: the conversation
// (transcript-area.tsx), the composer's wiring (session-composer.tsx), the page's keys (page-keys.ts).
import { useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createMemo, For, Show } from "solid-js"
import { QueueRows } from "../../component/prompt/queue-rows"
import { useFrames, useNow, useSpinner } from "../../component/spinner"
import { useClient } from "../../context/client"
import { DialogSlot, useDialog } from "../../context/dialog"
import { useRemote } from "../../context/remote"
import { useSession } from "../../context/session"
import { useRoute } from "../../context/route"
import { useSync } from "../../context/sync"
import { ToastRows, useToast } from "../../context/toast"
import { useScreen } from "../../context/screen"
import { useView } from "../../context/view"
import type { VirtualListApi } from "../../ui/virtual-list"
import { editInTerminal } from "../../util/editor"
import { gitBranch } from "../../../util/git-branch"
import type { AssistantItem, WorkingIndicator } from "../../../protocol"
import { useCommandActions } from "./actions"
import { useExtensionShortcuts } from "./extension-shortcuts"
import { ComposerDock, useComposerDock } from "./composer-dock"
import { bannerText, ConnectionBanner } from "./connection-banner"
import { usePageKeys } from "./page-keys"
import { SessionComposer } from "./session-composer"
import { remoteSegments, statusSegments, StatusBar } from "./status-bar"
import { TranscriptArea } from "./transcript-area"
import { UiRequests } from "./ui-requests"
import { Widgets } from "./widgets"
import { ComponentOverlays, ComponentSlotView, useExtensionComponents } from "./extension-components"
import { replyRate, WorkingLine } from "./working-line"
import { SideDock } from "./side-dock"
import type { SideAnswer } from "../../context/side-answer"
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
  const actions = useCommandActions()
  const dock = useComposerDock()
  const toast = useToast()
  const remote = useRemote()
  const route = useRoute()
  const screen = useScreen()
  const data = sync.data
  const dialogHere = () => screen.inline && dialog.inPlace()
  // Before the page's own keys: a focused extension component takes them first.
  const ext = useExtensionComponents({ focused: () => props.focused && !dock.active() })
  let list: VirtualListApi | undefined
  // The rate is the streaming reply's own: the same for every window, whenever it attached.
  const streamingReply = () => {
    const last = data.items.at(-1)
    return last?.kind === "assistant" && last.streaming ? last : undefined
  }
  const cwd = () => data.info?.cwd ?? props.cwd
  const branch = createMemo(() => gitBranch(cwd()))
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
      features: [...features.status(), ...remoteSegments(remote.status())],
    })
  // Before the page's own keys, whose checks are looser (Ctrl+P is taken whatever else is held):
  // a forwarded key is one the window does not bind.
  useExtensionShortcuts(() => props.focused && !dialog.active())
  // An open side answer (/btw) takes the paging keys, as a dock does.
  const side = sync.side.current
  usePageKeys({
    focused: () => props.focused,
    dockActive: () => dock.active() || !!side(),
    actions,
    list: () => list,
    queued: () => data.queue.steering.length + data.queue.followUp.length > 0,
  })

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
      <TranscriptArea version={props.version} features={features} apiRef={(api) => (list = api)} />
      <QueueRows queue={data.queue} onOpen={() => actions.openFollowUp()} />
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
      <Show when={side()}>
        {(s: () => SideAnswer) => (
          <SideDock
            side={s()}
            width={dims().width}
            rows={screen.inline ? screen.rows() : dims().height}
            focused={props.focused && !dock.active() && !dialog.active()}
            onDismiss={() => sync.side.dismiss()}
          />
        )}
      </Show>
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
        <SessionComposer
          focused={props.focused && !dock.active() && !ext.replacesComposer()}
          cwd={cwd()}
          features={features}
          actions={actions}
          onSent={() => list?.toBottom()}
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
