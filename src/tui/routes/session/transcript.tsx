// The conversation, virtualised: only rows near the viewport are mounted.
import { Show, type JSX } from "solid-js"
import type { TranscriptItem } from "../../../protocol"
import { ItemView, type FoldKind } from "../../component/message/item-view"
import { theme } from "../../theme"
import { VirtualList, type VirtualListApi } from "../../ui/virtual-list"
import { toolRowRows } from "../../slots/registry"

function rows(text: string, width: number): number {
  let n = 0
  for (const line of text.split("\n")) n += Math.max(1, Math.ceil(line.length / width))
  return n
}

/** A guess at an item's height before it is drawn; measured heights replace it. */
export function estimateItem(item: TranscriptItem, width: number): number {
  const w = Math.max(10, width - 4)
  switch (item.kind) {
    case "user":
      return 1 + rows(item.text, w)
    case "assistant": {
      let n = 0
      for (const b of item.blocks) {
        if (!b) continue
        if (b.type === "text" && b.text.trim()) n += rows(b.text, w) + 1
        else if (b.type === "thinking" && b.text.trim()) n += 1
        else if (b.type === "image") n += 1
      }
      if (item.stopReason === "error" || item.stopReason === "aborted" || item.stopReason === "length") n += 1
      return n === 0 ? 0 : n + 1
    }
    case "tool":
      return toolRowRows(item) ?? 2 + Math.min(4, (item.output ?? "").split("\n").length)
    case "bash":
      return 2 + Math.min(6, item.output.split("\n").length)
    case "custom":
      return 2 + rows(item.text, w)
    default:
      return 2
  }
}

export function Transcript(props: {
  items: readonly TranscriptItem[]
  epoch: number
  isOpen: (kind: FoldKind, id: string) => boolean
  onFlip: (kind: FoldKind, id: string) => void
  apiRef?: (api: VirtualListApi) => void
  onNewBelow?: (unseen: boolean) => void
  clickable?: boolean
  /** Items of the session before the first one here, not loaded yet (a long history). */
  earlier?: number | "some"
  /** Asked when the view nears the top while `earlier` is above. */
  onLoadEarlier?: () => void
  /** Drawn above the first row (the welcome, while the transcript holds only notices). */
  intro?: () => JSX.Element
}) {
  return (
    <VirtualList
      id="transcript"
      items={props.items}
      key={(item) => item.id}
      estimate={estimateItem}
      epoch={props.epoch}
      apiRef={props.apiRef}
      onNewBelow={props.onNewBelow}
      onNearTop={() => props.earlier && props.onLoadEarlier?.()}
      header={() => (
        <>
          {props.intro?.()}
          <Show when={props.earlier}>
            <text fg={theme.dim} flexShrink={0}>
              {props.earlier === "some"
                ? "  ⋯ earlier entries · shown once the session has opened"
                : `  ⋯ ${props.earlier!.toLocaleString("en-US")} earlier entries · loading as you scroll up`}
            </text>
          </Show>
        </>
      )}
    >
      {(item) => <ItemView item={item} isOpen={props.isOpen} onFlip={props.onFlip} clickable={props.clickable} />}
    </VirtualList>
  )
}
