// The footer's part of the transcript in inline mode: the items not yet in the scrollback (the
// streaming reply's unfinished block, running tools), or the welcome before there are any. Anchored to its bottom, so
// when the footer cannot hold it all the newest rows stay in view and the oldest are cut.
import type { BoxRenderable } from "@opentui/core"
import { createMemo, For, Show, type JSX } from "solid-js"
import type { AssistantItem, TranscriptItem } from "../../protocol"
import { ItemView, type FoldKind } from "../component/message/item-view"
import { useScreen } from "../context/screen"
import { tailView } from "./reply-cut"

export function LiveArea(props: {
  items: readonly TranscriptItem[]
  isOpen: (kind: FoldKind, id: string) => boolean
  onFlip: (kind: FoldKind, id: string) => void
  /** Shown while the transcript is empty. */
  empty: JSX.Element
  clickable?: boolean
}) {
  const screen = useScreen()
  // Never more items than the terminal has rows: an item draws a row or more (an empty reply, the
  // one that draws none, is no history), and the footer, anchored to its bottom, shows no more rows. A resume's whole history is handed to this list before
  // the committer moves it up (its effect runs after this one's), and drawing 2,000 items here to
  // throw them away cost a long resume 1.8 s of the window's time before its first batch went up.
  const live = createMemo(() => props.items.slice(Math.max(screen.liveFrom(), props.items.length - screen.rows())))
  // A reply whose finished blocks are up already: only the rest is drawn here.
  const shown = (item: TranscriptItem) => {
    const part = screen.liveCut()
    return part?.id === item.id ? tailView(item as AssistantItem, part.cut) : item
  }
  return (
    <box
      id="live"
      height={screen.liveHeight()}
      flexShrink={0}
      overflow="hidden"
      onSizeChange={function (this: BoxRenderable) {
        screen.sized("live", this)
      }}
    >
      <box
        position="absolute"
        left={0}
        right={0}
        bottom={0}
        flexDirection="column"
        onSizeChange={function (this: BoxRenderable) {
          screen.sized("content", this)
        }}
      >
        {/* Notices alone (an extension's lines at start) go up above it: the welcome stays, as Pi's header. */}
        <Show when={props.items.some((i) => i.kind !== "notice")} fallback={props.empty}>
          <For each={live()}>
            {(item) => (
              <ItemView item={shown(item)} isOpen={props.isOpen} onFlip={props.onFlip} clickable={props.clickable} />
            )}
          </For>
        </Show>
      </box>
    </box>
  )
}
