// The conversation's part of the session page: the welcome until there is something to show, then
// the transcript (full screen: a scrolled list that fetches a long history's older part as the
// person scrolls up to it; inline: the footer's live part, the rest in the terminal's scrollback).
import { useTerminalDimensions } from "@opentui/solid"
import { createSignal, Show } from "solid-js"
import { sessionThinkingLook, ThinkingLook } from "../../component/message/thinking-look"
import { useScreen } from "../../context/screen"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useView } from "../../context/view"
import { LiveArea } from "../../inline/live-area"
import type { FeatureSessions } from "../../slots/session"
import { theme } from "../../theme"
import type { VirtualListApi } from "../../ui/virtual-list"
import { Transcript } from "./transcript"
import { Welcome } from "./welcome"

export function TranscriptArea(props: {
  version: string
  features: FeatureSessions
  apiRef: (api: VirtualListApi) => void
}) {
  const sync = useSync()
  const session = useSession()
  const view = useView()
  const screen = useScreen()
  const dims = useTerminalDimensions()
  const data = sync.data
  const [newBelow, setNewBelow] = createSignal(false)
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
  // The greeting's hour, read once the first frame is out: a process's first local time loads
  // ICU's time zones, 8–15 ms (33 on a busy machine) the first frame need not wait for.
  const [hour, setHour] = createSignal<number>()
  void session.firstFrame.then(() => setHour(new Date().getHours()))
  const welcome = () => (
    <Welcome
      version={props.version}
      hour={hour()}
      width={dims().width}
      model={data.info?.model ? `${data.info.model.provider}/${data.info.model.id}` : undefined}
      authHint={data.info?.authHint}
      quiet={data.info?.quietStartup === true}
    />
  )
  return (
    <ThinkingLook.Provider value={sessionThinkingLook(data)}>
      <Show
        when={!screen.inline}
        fallback={props.features.provide(() => (
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
          {props.features.provide(() => (
            <Transcript
              items={data.items}
              epoch={data.epoch}
              isOpen={view.isOpen}
              onFlip={view.flip}
              clickable={view.mouse()}
              apiRef={props.apiRef}
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
  )
}
