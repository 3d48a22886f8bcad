// Pi components (pi-tui) of a session's extensions, run here in the host where the extension
// lives: ctx.ui.custom() (inline and overlay), setWidget/setHeader/setFooter/setEditorComponent.
// Each one renders to ANSI lines at the width its window has; the lines go to the windows as
// `component` events, again whenever the component asks (requestRender, coalesced) or the width
// changes; a window's keys reach the focused one's handleInput. The first window that presses a
// key owns a component's keys until some window leaves (a detached window's successor takes over).
import { getKeybindings, type Component } from "@earendil-works/pi-tui"
import {
  focusedComponent,
  ProtocolError,
  type ComponentSlot,
  type ComponentView,
  type SessionEvent,
  type WidgetPlacement,
} from "../../protocol/index"
import { ctrlCOnEditor, makeEditor } from "./component-editor"
import { componentRows, sameLines, type OverlayOptionsOf } from "./component-rows"
import { createHeadlessTui, type HeadlessTuiHost } from "./headless-tui"
import { piTheme } from "./host-theme"
import { borrowTerminal, type WindowTerminal } from "./terminal-lend"

type Disposable = Component & { dispose?(): void; focused?: boolean }
type Factory = (...args: any[]) => Disposable | Promise<Disposable>

interface Entry {
  view: ComponentView
  component: Disposable
  options?: OverlayOptionsOf
  hidden?: boolean
  /** Takes keys by itself (not a nonCapturing overlay, which takes them only while focus()ed). */
  capturing: boolean
}

export interface ComponentHostDeps {
  emit(e: SessionEvent): void
  /** A custom editor's Enter: sends its text as the composer would. */
  submit(text: string): void
  /** A custom editor's Esc (Pi's app.interrupt): stops a running reply. */
  interrupt(): void
  /** The session's folder (a footer's git branch). */
  cwd(): string
  branch(): string | undefined
  log(msg: string): void
  /** The width components render at changed. */
  onResize?(): void
  /** The terminal of the window whose `!` command is running here, if it has one. */
  terminal?(): WindowTerminal | undefined
}

const DEFAULT_SIZE = { width: 80, height: 24 }

let nextId = 0

export type ComponentHost = ReturnType<typeof createComponentHost>

export function createComponentHost(deps: ComponentHostDeps) {
  const entries: Entry[] = []
  const sizes = new Map<string, { width: number; height: number }>()
  let lastWindow: string | undefined
  let owner: string | undefined
  let pending = false
  const statuses = new Map<string, string>()
  const theme = piTheme()
  let giveBack: (() => void) | undefined

  /** The size components render at: the owning window's, else the last one to report. */
  const size = () => sizes.get(owner ?? "") ?? sizes.get(lastWindow ?? "") ?? DEFAULT_SIZE

  const tuiHost: HeadlessTuiHost = {
    size,
    requestRender: () => schedule(),
    showOverlay: (component, options) =>
      handleOf(add("overlay", component as Disposable, { options: options ?? undefined })),
    stop: () => void (giveBack ??= borrowTerminal(deps.terminal?.())),
    start: () => {
      const g = giveBack
      giveBack = undefined
      g?.()
    },
  }

  /** pi-tui's OverlayHandle for an entry. */
  const handleOf = (e: Entry) => ({
    hide: () => close(e),
    setHidden: (hidden: boolean) => setHidden(e, hidden),
    isHidden: () => !!e.hidden,
    focus: () => focus(e),
    unfocus: () => unfocus(e),
    isFocused: () => focusedEntry() === e,
    getBounds: () => undefined,
  })

  /** The entry that gets the keys: the one the windows send them to (see focusedComponent). */
  const focusedEntry = () => {
    const view = focusedComponent(entries.filter((e) => !e.hidden).map((e) => e.view))
    return entries.find((e) => e.view === view)
  }

  /** As pi-tui's: only the focused component is `focused` (its cursor shows, its input is live). */
  function refocus() {
    const now = focusedEntry()
    let changed = false
    for (const e of entries) {
      if (!("focused" in e.component) || e.component.focused === (e === now)) continue
      e.component.focused = e === now
      changed = true
    }
    if (changed) schedule()
  }

  /** handle.focus(): the overlay takes the keys (nonCapturing too) and draws on top. */
  function focus(e: Entry) {
    if (!entries.includes(e) || e.hidden || focusedEntry() === e) return
    e.view.focusable = true
    // The windows' order is the stack: last is on top and, being focusable, gets the keys.
    entries.splice(entries.indexOf(e), 1)
    entries.push(e)
    deps.emit({ type: "component_closed", id: e.view.id })
    render(e, true)
    refocus()
  }

  /** handle.unfocus(): a nonCapturing overlay gives the keys back to what had them before. */
  function unfocus(e: Entry) {
    if (e.capturing || !e.view.focusable || !entries.includes(e)) return
    e.view.focusable = false
    if (!e.hidden) render(e, true)
    refocus()
  }
  const tui = createHeadlessTui(tuiHost)

  // As pi-tui's: every requestRender of one turn of the event loop (a key and what it set off, a
  // game's tick) is one render, right after it.
  function schedule() {
    if (pending) return
    pending = true
    queueMicrotask(() => {
      pending = false
      for (const e of entries) render(e, false)
    })
  }

  /** Renders and sends what changed: the rows alone, or the whole view when its layout moved. */
  function render(e: Entry, full: boolean) {
    if (e.hidden) return
    const next = componentRows(e.component, e.view.slot, e.options, size(), deps.log)
    const v = e.view
    const layoutChanged = JSON.stringify(next.overlay) !== JSON.stringify(v.overlay)
    if (!full && !layoutChanged && next.width === v.width && sameLines(next.lines, v.lines)) return
    v.lines = next.lines
    v.width = next.width
    if (next.overlay) v.overlay = next.overlay
    if (full || layoutChanged) deps.emit({ type: "component", component: v })
    else deps.emit({ type: "component_lines", id: v.id, lines: v.lines, width: v.width })
  }

  function add(
    slot: ComponentSlot,
    component: Disposable,
    extra: { key?: string; placement?: WidgetPlacement; options?: Entry["options"] } = {},
  ): Entry {
    const nonCapturing = typeof extra.options === "object" && extra.options?.nonCapturing
    const focusable = (slot === "inline" || slot === "overlay" || slot === "editor") && !nonCapturing
    const view: ComponentView = { id: `c${++nextId}`, slot, lines: [], width: 0, focusable }
    if (extra.key !== undefined) view.key = extra.key
    if (extra.placement) view.placement = extra.placement
    if (owner) view.owner = owner
    const entry: Entry = { view, component, options: extra.options, capturing: focusable }
    entries.push(entry)
    refocus()
    render(entry, true)
    return entry
  }

  function close(e: Entry) {
    const at = entries.indexOf(e)
    if (at === -1) return
    entries.splice(at, 1)
    refocus()
    if (!e.hidden) deps.emit({ type: "component_closed", id: e.view.id })
    try {
      e.component.dispose?.()
    } catch (err) {
      deps.log(`a component's dispose failed: ${String(err)}`)
    }
  }

  function setHidden(e: Entry, hidden: boolean) {
    if (!!e.hidden === hidden || !entries.includes(e)) return
    e.hidden = hidden
    if (hidden) deps.emit({ type: "component_closed", id: e.view.id })
    else render(e, true)
    refocus()
  }

  const slotEntry = (slot: ComponentSlot, key?: string) =>
    entries.find((e) => e.view.slot === slot && (key === undefined || e.view.key === key))

  /** Replaces the one component of a slot (a widget's key) with what `make` builds, or removes it. */
  function replace(
    slot: ComponentSlot,
    make: (() => Disposable) | undefined,
    key?: string,
    placement?: WidgetPlacement,
  ) {
    const old = slotEntry(slot, key)
    if (old) close(old)
    if (!make) return undefined
    try {
      return add(slot, make(), { key, placement })
    } catch (err) {
      deps.log(`an extension's ${slot} failed: ${String(err)}`)
      return undefined
    }
  }

  const footerData = {
    getGitBranch: () => deps.branch() ?? null,
    getExtensionStatuses: () => statuses as ReadonlyMap<string, string>,
    onBranchChange: () => () => {},
    getAvailableProviderCount: () => 1,
  }

  return {
    /** The width components (and extensions' transcript rows) render at. */
    width: () => size().width,
    /** ctx.ui.custom(): resolves with done()'s result; the component goes when done() is called. */
    custom<T>(
      factory: Factory,
      options?: { overlay?: boolean; overlayOptions?: Entry["options"]; onHandle?: (h: unknown) => void },
    ): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let entry: Entry | undefined
        let closed = false
        const done = (result: T) => {
          if (closed) return
          closed = true
          if (entry) close(entry)
          resolve(result)
        }
        Promise.resolve(factory(tui, theme, getKeybindings(), done)).then(
          (c) => {
            if (closed) return void c.dispose?.()
            entry = add(options?.overlay ? "overlay" : "inline", c, { options: options?.overlayOptions })
            options?.onHandle?.(handleOf(entry))
          },
          (err) => {
            if (!closed) reject(err)
          },
        )
      })
    },
    setWidget(key: string, factory: Factory | undefined, placement: WidgetPlacement) {
      replace("widget", factory && (() => factory(tui, theme) as Disposable), key, placement)
    },
    setHeader(factory: Factory | undefined) {
      replace("header", factory && (() => factory(tui, theme) as Disposable))
    },
    setFooter(factory: Factory | undefined) {
      replace("footer", factory && (() => factory(tui, theme, footerData) as Disposable))
    },
    setEditor(factory: Factory | undefined) {
      return (
        replace("editor", factory && (() => makeEditor(factory as () => Disposable, tui, theme, deps))) !== undefined
      )
    },
    setStatus(key: string, text: string | undefined) {
      if (text === undefined) statuses.delete(key)
      else statuses.set(key, text)
      if (slotEntry("footer")) schedule()
    },
    /** A window's key for component `id`. */
    input(id: string, window: string, data: string): { cleared?: boolean } {
      const e = entries.find((x) => x.view.id === id && !x.hidden)
      if (!e || !e.view.focusable) throw new ProtocolError("not_found", `Component ${id} is no longer shown`)
      if (owner && owner !== window)
        throw new ProtocolError("failed", "Another window is using this component; it takes that window's keys")
      if (!owner) {
        owner = window
        for (const x of entries) {
          x.view.owner = window
          if (!x.hidden) deps.emit({ type: "component", component: x.view })
        }
      }
      const clear = e.view.slot === "editor" ? ctrlCOnEditor(e.component, data) : undefined
      if (clear) {
        if (clear.cleared) schedule()
        return clear
      }
      try {
        e.component.handleInput?.(data)
      } catch (err) {
        deps.log(`a component's handleInput failed: ${String(err)}`)
      }
      // pi-tui renders after every key.
      schedule()
      return {}
    },
    resize(window: string, width: number, height: number) {
      const before = size()
      sizes.set(window, { width, height })
      lastWindow = window
      const now = size()
      if (now.width === before.width && now.height === before.height) return
      if (!entries.length) return void (now.width !== before.width && deps.onResize?.())
      for (const e of entries) e.component.invalidate?.()
      for (const e of entries) render(e, false)
      if (now.width !== before.width) deps.onResize?.()
    },
    /** The theme changed: every component renders again in its colours. */
    rerender() {
      for (const e of entries) e.component.invalidate?.()
      for (const e of entries) render(e, false)
    },
    /** A window left: the next one to press a key owns the components' keys. */
    windowLeft() {
      if (!owner) return
      sizes.delete(owner)
      owner = undefined
      for (const e of entries) {
        delete e.view.owner
        if (!e.hidden) deps.emit({ type: "component", component: e.view })
      }
    },
    /** Components the extension waits on the person for (custom(), inline or overlay): like open questions, they keep an unwatched session alive. */
    waiting: () => entries.filter((e) => e.view.slot === "inline" || e.view.slot === "overlay").length,
    /** The session changed (counts, model): renders again what is shown, sends what differs. */
    refresh: () => void (entries.length > 0 && schedule()),
    /**
     * The session was replaced (/new, /resume, /reload): every component goes, as in Pi's
     * resetExtensionUI; the new snapshot has none (`announce`: windows are told, the session is closing).
     * custom() promises stay pending, as in Pi.
     */
    reset(opts: { announce: boolean }) {
      for (const e of [...entries].reverse()) {
        if (!opts.announce) e.hidden = true
        close(e)
      }
      statuses.clear()
    },
  }
}
