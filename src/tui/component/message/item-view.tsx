// Picks the row for one transcript item. Pure: what is open comes in through `isOpen`.
import { Match, Show, Switch } from "solid-js"
import type {
  AssistantItem,
  BashItem,
  CompactionItem,
  CustomItem,
  NoticeItem,
  RenderedRows,
  ToolItem,
  TranscriptItem,
  UserItem,
} from "../../../protocol"
import { AssistantMessage } from "./assistant-message"
import { CustomCard } from "./custom-cards"
import { BashRunRow, NoticeRow, SummaryRow } from "./notice-rows"
import { BashToolRow, EditToolRow, ReadToolRow, SearchToolRow, WriteToolRow, type ToolRowProps } from "./tool-rows"
import { UserMessage } from "./user-message"
import { ExtensionRows, PlainToolRow } from "./extension-rows"
import { customCard, toolCard, toolRow } from "../../slots/registry"

export type FoldKind = "think" | "tool"

export interface ItemViewProps {
  item: TranscriptItem
  isOpen: (kind: FoldKind, id: string) => boolean
  onFlip: (kind: FoldKind, id: string) => void
  /** A click reaches the row (the mouse is captured, and the row is the window's, not the scrollback's). */
  clickable?: boolean
}

const toolRows: Record<string, (p: ToolRowProps) => unknown> = {
  bash: BashToolRow,
  read: ReadToolRow,
  edit: EditToolRow,
  write: WriteToolRow,
  grep: SearchToolRow,
  find: SearchToolRow,
  ls: SearchToolRow,
}

function ToolRow(props: { item: ToolItem; open: boolean; onToggle: () => void }) {
  // A feature's card wins (it falls back to the extension's rows, then to the plain row);
  // otherwise an extension's rows win over the window's row for a tool of the same name.
  const Card = toolCard(props.item.name) as ((p: ToolRowProps) => any) | undefined
  if (Card) return <Card item={props.item} open={props.open} onToggle={props.onToggle} />
  const Row = (toolRow(props.item.name) ?? toolRows[props.item.name] ?? PlainToolRow) as (p: ToolRowProps) => any
  return (
    <Show when={props.item.rendered} fallback={<Row item={props.item} open={props.open} onToggle={props.onToggle} />}>
      {(rows: () => RenderedRows) => <ExtensionRows rows={rows()} open={props.open} onToggle={props.onToggle} tool />}
    </Show>
  )
}

/** A feature's card for the custom type (src/tui/slots), else the window's own. */
function FeatureCard(props: { item: CustomItem }) {
  const card = customCard(props.item.customType)
  return (card && card({ item: props.item })) ?? <CustomCard item={props.item} />
}

export function ItemView(props: ItemViewProps) {
  const open = (kind: FoldKind) => props.isOpen(kind, props.item.id)
  const flip = (kind: FoldKind) => () => props.onFlip(kind, props.item.id)
  return (
    <Switch>
      <Match when={props.item.kind === "user"}>
        <UserMessage
          item={props.item as UserItem}
          open={open("tool")}
          onToggle={flip("tool")}
          clickable={props.clickable}
        />
      </Match>
      <Match when={props.item.kind === "assistant"}>
        <AssistantMessage
          item={props.item as AssistantItem}
          thinkingOpen={open("think")}
          onToggleThinking={flip("think")}
        />
      </Match>
      <Match when={props.item.kind === "tool"}>
        <ToolRow item={props.item as ToolItem} open={open("tool")} onToggle={flip("tool")} />
      </Match>
      <Match when={props.item.kind === "bash"}>
        <BashRunRow item={props.item as BashItem} open={open("tool")} onToggle={flip("tool")} />
      </Match>
      <Match when={props.item.kind === "compaction" || props.item.kind === "branch_summary"}>
        <SummaryRow item={props.item as CompactionItem} open={open("tool")} onToggle={flip("tool")} />
      </Match>
      <Match when={props.item.kind === "notice"}>
        <NoticeRow item={props.item as NoticeItem} />
      </Match>
      <Match when={props.item.kind === "custom"}>
        <Show
          when={(props.item as CustomItem).rendered}
          fallback={(props.item as CustomItem).entry ? undefined : <FeatureCard item={props.item as CustomItem} />}
        >
          {(rows: () => RenderedRows) => <ExtensionRows rows={rows()} open={open("tool")} onToggle={flip("tool")} />}
        </Show>
      </Match>
    </Switch>
  )
}
