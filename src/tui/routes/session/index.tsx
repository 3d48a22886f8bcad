// The session page: transcript (or the welcome), queued messages, the working line, extension
// widgets around the composer, and the status bar. While ask_user questions are open the question dock
// takes the composer's place (the composer keeps its draft, hidden) and the status bar steps aside.
import { useKeyboard, useRenderer, useTerminalDimensions } from "@opentui/solid"
import { createEffect, createMemo, createSignal, on, Show } from "solid-js"
import { isPlanningStatus, PLAN_STATUS_KEY } from "../../../protocol"
import { PlanCards, type PlanCardsApi } from "../../component/message/custom-cards"
import { PLAN_ACTIONS, type PlanAction } from "../../component/message/plan-card"
import { PlanPanel } from "../../component/plan-panel"
import { planView } from "../../util/plan-view"
import { paletteEntries, runCommand } from "../../commands"
import { QueueRows } from "../../component/prompt/queue-rows"
import { Composer } from "../../component/prompt/composer"
import { useNow, useSpinner } from "../../component/spinner"
import { useClient } from "../../context/client"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useView } from "../../context/view"
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
import { theme } from "../../theme"

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

  // Plan mode: Shift+Tab makes the next message a plan request; the open plan card's actions run
  // the plan extension's commands; a `!command` typed during a plan request waits for its end.
  const hasPlan = createMemo(() => session.commands().some((c) => c.name === "plan"))
  const [planMode, setPlanMode] = createSignal(false)
  const [panelCollapsed, setPanelCollapsed] = createSignal(false)
  const [heldBash, setHeldBash] = createSignal<string[]>([])
  const plan = createMemo(() => planView(data.items))
  const planning = () => isPlanningStatus(data.ui.status[PLAN_STATUS_KEY])
  const planActions: PlanCardsApi = {
    openId: () => (data.running ? undefined : plan().openCardId),
    act: (a: PlanAction) => {
      if (a === "keep") return setPlanMode(true)
      const text = a === "implement" ? "/plan implement" : a === "auto" ? "/plan implement --auto" : "/plan edit"
      void session.send(text, "prompt")
    },
  }
  const send = (text: string, how: Parameters<typeof session.send>[1]) => {
    const asPlan = planMode() && !text.startsWith("/")
    if (asPlan) setPlanMode(false)
    const out = asPlan ? `/plan ${text}` : text
    void session.send(out, how).then((r) => r === undefined && fillComposer(renderer, text))
  }
  createEffect(
    on(planning, (now) => {
      if (now || !heldBash().length) return
      const held = heldBash()
      setHeldBash([])
      for (const c of held) void session.bash(c)
    }),
  )

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

  return (
    <box flexDirection="column" width="100%" height="100%">
      <ConnectionBanner text={banner()?.text} color={banner()?.color} />
      <Show
        when={data.items.length > 0}
        fallback={
          <Welcome
            version={props.version}
            hour={new Date().getHours()}
            model={data.info?.model ? `${data.info.model.provider}/${data.info.model.id}` : undefined}
            authHint={data.info?.authHint}
          />
        }
      >
        <PlanCards.Provider value={planActions}>
          <Transcript
            items={data.items}
            epoch={data.epoch}
            isOpen={view.isOpen}
            onFlip={view.flip}
            apiRef={(api) => (list = api)}
          />
        </PlanCards.Provider>
      </Show>
      <QueueRows queue={data.queue} />
      <Show when={heldBash().length > 0}>
        <box flexShrink={0} paddingX={1}>
          <text
            fg={theme.muted}
            wrapMode="none"
            truncate
          >{`! ${heldBash().join(" · ")} (runs after the plan request)`}</text>
        </box>
      </Show>
      <Show when={data.running && plan().implementing}>
        <PlanPanel
          title={plan().implementing!.title}
          steps={plan().implementing!.steps}
          todos={plan().implementing!.todos}
          change={plan().implementing!.change}
          collapsed={panelCollapsed()}
          onToggle={() => setPanelCollapsed((c) => !c)}
        />
      </Show>
      <Show when={data.running && data.ui.workingVisible}>
        <Working
          startedAt={data.runStartedAt}
          chars={data.runChars}
          message={data.ui.workingMessage}
          name={data.info?.name}
        />
      </Show>
      <Widgets widgets={data.ui.widgets} placement="aboveEditor" />
      <AskDock dock={ask} width={dims().width} rows={dims().height} focused={props.focused} />
      <box flexDirection="column" flexShrink={0} visible={!ask.active()}>
        <Composer
          planMode={planMode()}
          onTogglePlan={hasPlan() ? () => setPlanMode((m) => !m) : undefined}
          onAltKey={(k) => {
            const a = plan().openCardId && !data.running ? PLAN_ACTIONS.find((x) => x.key === k) : undefined
            if (a) planActions.act(a.action)
            return !!a
          }}
          cwd={cwd()}
          running={data.running}
          queue={data.queue}
          commands={commands()}
          focused={props.focused && !ask.active()}
          // A prompt that could not be sent goes back into the (empty) composer rather than vanish.
          onSend={send}
          onBash={(command) => (planning() ? setHeldBash((h) => [...h, command]) : void session.bash(command))}
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
