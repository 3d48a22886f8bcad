// The session page: transcript (or the welcome), queued messages, the working line, extension
// widgets around the composer, and the status bar. While ask_user questions are open the question dock
// takes the composer's place (the composer keeps its draft, hidden) and the status bar steps aside.
import { useKeyboard, useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createMemo, Show } from "solid-js"
import { paletteEntries, runCommand } from "../../commands"
import { QueueRows } from "../../component/prompt/queue-rows"
import { Composer } from "../../component/prompt/composer"
import { useNow, useSpinner } from "../../component/spinner"
import { useClient } from "../../context/client"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useScreen } from "../../context/screen"
import { useView } from "../../context/view"
import { LiveArea } from "../../inline/live-area"
import type { VirtualListApi } from "../../ui/virtual-list"
import { fillComposer } from "../../util/composer-text"
import { gitBranch } from "../../../util/git-branch"
import { useCommandActions } from "./actions"
import { AskDock, useAskDock } from "./ask-dock"
import { bannerText, ConnectionBanner } from "./connection-banner"
import { statusSegments, StatusBar } from "./status-bar"
import { Transcript } from "./transcript"
import { UiRequests } from "./ui-requests"
import { Welcome } from "./welcome"
import { Widgets } from "./widgets"
import { WorkingLine } from "./working-line"

function Working(props: { startedAt?: number; chars: number; message?: string; name?: string }) {
  const spinner = useSpinner()
  const now = useNow()
  return (
    <WorkingLine
      spinner={spinner()}
      now={now()}
      startedAt={props.startedAt}
      chars={props.chars}
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
  const renderer = useRenderer()
  const actions = useCommandActions()
  const ask = useAskDock()
  const screen = useScreen()
  const data = sync.data
  let list: VirtualListApi | undefined

  const cwd = () => data.info?.cwd ?? props.cwd
  const branch = createMemo(() => gitBranch(cwd()))
  const commands = createMemo(() => paletteEntries(session.commands()))
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
    })

  useKeyboard((e) => {
    if (!props.focused || dialog.active() || e.defaultPrevented) return
    const handled = () => e.preventDefault()
    if (e.ctrl && e.name === "t") return (view.toggleThinking(), handled())
    if (e.ctrl && e.name === "o") return (view.toggleTools(), handled())
    // The dock scrolls its own body with these.
    if (ask.active()) return
    if (e.name === "pageup") return (list?.page(-1), handled())
    if (e.name === "pagedown") return (list?.page(1), handled())
    if (e.ctrl && e.name === "home") return (list?.toTop(), handled())
    if (e.ctrl && e.name === "end") return (list?.toBottom(), handled())
  })

  const welcome = () => (
    <Welcome
      version={props.version}
      hour={new Date().getHours()}
      model={data.info?.model ? `${data.info.model.provider}/${data.info.model.id}` : undefined}
      authHint={data.info?.authHint}
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
      <ConnectionBanner text={banner()?.text} color={banner()?.color} />
      <Show
        when={!screen.inline}
        fallback={<LiveArea items={data.items} isOpen={view.isOpen} onFlip={view.flip} empty={welcome()} />}
      >
        <Show when={data.items.length > 0} fallback={welcome()}>
          <Transcript
            items={data.items}
            epoch={data.epoch}
            isOpen={view.isOpen}
            onFlip={view.flip}
            apiRef={(api) => (list = api)}
          />
        </Show>
      </Show>
      <QueueRows queue={data.queue} />
      <Show when={data.running && data.ui.workingVisible}>
        <Working
          startedAt={data.runStartedAt}
          chars={data.runChars}
          message={data.ui.workingMessage}
          name={data.info?.name}
        />
      </Show>
      <Widgets widgets={data.ui.widgets} placement="aboveEditor" />
      <AskDock
        dock={ask}
        width={dims().width}
        rows={screen.inline ? screen.rows() : dims().height}
        focused={props.focused}
      />
      <box flexDirection="column" flexShrink={0} visible={!ask.active()}>
        <Composer
          cwd={cwd()}
          running={data.running}
          queue={data.queue}
          commands={commands()}
          focused={props.focused && !ask.active()}
          onSend={(text, how) => {
            // A prompt that could not be sent goes back into the (empty) composer rather than vanish.
            void session.send(text, how).then((r) => r === undefined && fillComposer(renderer, text))
          }}
          onBash={(command) => void session.bash(command)}
          onCommand={(name, args) => {
            if (!runCommand(actions, name, args)) actions.refuse(`Unknown command /${name}`)
          }}
          onInterrupt={() => void session.abort()}
          onDequeue={() => session.dequeue()}
        />
      </box>
      <Widgets widgets={data.ui.widgets} placement="belowEditor" />
      <Show when={!ask.active()}>
        <StatusBar segments={segments()} width={dims().width} />
      </Show>
      <UiRequests />
    </box>
  )
}
