// Reads the window features' slots (types.ts) for the window's generic parts: the transcript asks
// for a card by custom type or tool name, the status line for a status key's look, the inline
// scrollback for what to hold back, the session page for the dock of a pending request. The list
// itself is src/tui/features.ts.
import type { ToolItem, TranscriptItem } from "../../protocol"
import { WINDOW_FEATURES } from "../features"
import type { CustomCardView, DockSlot, PageSlot, StatusSegment, ToolCardProps, WindowFeature } from "./types"
import type { JSX } from "solid-js"

export function windowFeatures(): readonly WindowFeature[] {
  return WINDOW_FEATURES
}

function lookup<T>(pick: (f: WindowFeature) => Record<string, T> | undefined, key: string): T | undefined {
  for (const f of windowFeatures()) {
    const table = pick(f)
    if (table && Object.hasOwn(table, key)) return table[key]
  }
  return undefined
}

export const customCard = (customType: string): CustomCardView | undefined => lookup((f) => f.cards, customType)

type ToolView = (props: ToolCardProps) => JSX.Element
export const toolCard = (tool: string): ToolView | undefined => lookup((f) => f.toolCards, tool)
export const toolRow = (tool: string): ToolView | undefined => lookup((f) => f.toolRows, tool)

/** A feature's look for an extension status key, if one claims it. */
export function statusKeySegment(key: string, text: string): StatusSegment | undefined {
  return lookup((f) => f.statusKeys, key)?.(text)
}

/** The first item a feature holds back from the inline scrollback while it is live. */
export function heldItem(items: readonly TranscriptItem[]): string | undefined {
  for (const f of windowFeatures()) {
    const id = f.holdItem?.(items)
    if (id) return id
  }
  return undefined
}

export function featurePage(page: string): PageSlot | undefined {
  for (const f of windowFeatures()) for (const p of f.pages ?? []) if (p.page === page) return p
  return undefined
}

/** The page a feature's slash command opens (`PageSlot.command`), if `name` is one. */
export function pageForCommand(name: string): PageSlot | undefined {
  for (const f of windowFeatures()) for (const p of f.pages ?? []) if (p.command?.name === name) return p
  return undefined
}

/** The features' page commands, as the palette lists its built-ins. */
export function pageCommands(): { name: string; description: string }[] {
  return windowFeatures().flatMap((f) => (f.pages ?? []).flatMap((p) => (p.command ? [p.command] : [])))
}

/** A feature's guess at a tool row's height, if one gives it. */
export const toolRowRows = (item: ToolItem): number | undefined => lookup((f) => f.toolRowRows, item.name)?.(item)

/** The dock that answers requests of `kind` in the composer's place, if a feature has one. */
export const dockFor = (kind: string): DockSlot | undefined => lookup((f) => f.docks, kind)
