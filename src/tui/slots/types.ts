// What a bundled feature's window part (extensions/<name>/window/) can put in the window: the slots.
// A feature is one object the window's feature list holds (src/tui/features.ts); the window reads
// only these slots, so it names no feature. Parts that need the live session (its clock, its keys,
// its composer mode) come from `session`, which the session page runs once in its own scope.
import type { JSX } from "solid-js"
import type { CustomItem, Params, SessionInfo, ToolItem, TranscriptItem, UiRequest } from "../../protocol"

/** One status-line segment; a lower rank survives longer when space runs out. */
export interface StatusSegment {
  text: string
  color: string
  rank: number
}

/** A tool's row, as the transcript hands it to a card. */
export interface ToolCardProps {
  item: ToolItem
  open: boolean
  onToggle: () => void
}

/** A custom message's card; undefined when its details are not the card's (the plain row then). */
export type CustomCardView = (props: { item: CustomItem }) => JSX.Element | undefined

/** A full-screen page of the feature's own, reached from the window's routes; `tabs` are switched with Tab. */
export interface PageSlot {
  /** The route's name: `{ name: "feature", page }` shows it. */
  page: string
  title: string
  tabs?: { title: string; view: () => JSX.Element }[]
  view?: () => JSX.Element
  /** The window's own slash command that opens it (`/subagents`): in the palette and /help as a built-in. */
  command?: { name: string; description: string }
}

/**
 * What the prompt looks like while a composer mode is on (plan's "the next message is a plan
 * request"), and what sending in it does to the text.
 */
export interface ComposerMode {
  /** The glyph before the editor, two columns wide. */
  prompt: string
  color: string
  placeholder(width: number): string
  /** The text sent for `text`; `/commands` and `!commands` are never passed here. */
  send(text: string): string
}

/** What a feature's session part reads from the live session, and the few ways it acts on it. */
export interface SessionSlotContext {
  info(): SessionInfo | undefined
  /** The feature's own state in the session's info (`info.extensions[name]`), as its host part set it. */
  state(): unknown
  items(): readonly TranscriptItem[]
  /** The requests the host holds for the person (dialogs, a dock's questions), oldest first. */
  pending(): readonly UiRequest[]
  running(): boolean
  /** The names of the session's commands (an extension's command is there only while it is loaded). */
  commandNames(): readonly string[]
  /** Sends as the person's prompt. */
  send(text: string): void
  bash(command: string, quiet?: boolean): void
  toast(level: "info" | "warning" | "error", message: string): void
  /** Shows one of the feature's pages (PageSlot) in place of the session page. */
  openPage(page: string): void
  /** Opens a file in the person's $EDITOR on the window's terminal; resolves to an error text, if any. */
  editFile(path: string): Promise<string | undefined>
}

/**
 * Alt+`letter` pressed in the composer while no reply runs (so typing a message never sets off a
 * feature's action); true when the feature used it.
 */
export type AltKeySlot = (letter: string) => boolean

/** What a dock is handed: the request it answers, its room, and the way its answer goes back. */
export interface DockProps {
  request: UiRequest
  width: number
  /** The rows it may take (most of a small window; the transcript keeps a few). */
  height: number
  focused: boolean
  respond(response: Params<"session.uiRespond">["response"]): void
}

/**
 * A kind of the host's pending requests (a bundled extension's own dialog, `BundledHost.request`)
 * that the feature answers in the composer's place. While one is open the composer (keeping its
 * draft) and the status line step aside, the page's scroll keys and Esc are the dock's, and
 * Ctrl+D does not quit. Requests of other kinds stay dialogs.
 */
export interface DockSlot {
  view(props: DockProps): JSX.Element
  /** The working line's text while it is open. */
  waiting: string
  /** What Esc does while it is open, for Ctrl+C's hint. */
  escape: string
}

/**
 * A row the feature draws in the page: above the composer, or under the status line (in both
 * screen modes; hidden, with the status line, while a dock or an inline dialog is open).
 */
export interface RowSlot {
  placement: "aboveComposer" | "belowStatus"
  view: () => JSX.Element
}

/** The live parts of one feature in one session page; every member is optional. */
export interface FeatureSession {
  /** Segments of the feature's own, read from its state (reactive). */
  status?(): StatusSegment[]
  altKeys?: AltKeySlot
  /** A mode of the composer the person turns on and off with Shift+Tab. */
  composerMode?: {
    /** Offered now (plan's: while the session has the plan command). */
    available(): boolean
    toggle(): void
    /** The mode while it is on. */
    current(): ComposerMode | undefined
  }
  rows?: RowSlot[]
  /** A `!command` the feature holds back (true) rather than run now. */
  holdBash?(command: string, quiet: boolean): boolean
  /** Wraps the transcript: a context its cards read (the plan card's live actions). */
  provide?(children: () => JSX.Element): JSX.Element
}

export interface WindowFeature {
  /** The bundled extension's name: its folder, and its key in `SessionInfo.extensions`. */
  name: string
  /** Cards by custom message type. */
  cards?: Record<string, CustomCardView>
  /** Cards by tool name: they win over an extension's own rows for that tool. */
  toolCards?: Record<string, (props: ToolCardProps) => JSX.Element>
  /** Rows by tool name, drawn when the tool's extension renders none of its own. */
  toolRows?: Record<string, (props: ToolCardProps) => JSX.Element>
  /** Segments for the extension's `setStatus(key, text)`: the colour and rank the feature gives them. */
  statusKeys?: Record<string, (text: string) => StatusSegment>
  /** A guess at a tool row's height before it is drawn (full screen's list; measured heights replace it). */
  toolRowRows?: Record<string, (item: ToolItem) => number>
  /** Docks by request kind: they replace the composer while such a request is open. */
  docks?: Record<string, DockSlot>
  /** An item the inline scrollback holds back while it is still live (drawn in the footer). */
  holdItem?(items: readonly TranscriptItem[]): string | undefined
  pages?: PageSlot[]
  /** Runs once in each session page, inside its reactive scope. */
  session?(ctx: SessionSlotContext): FeatureSession
}
