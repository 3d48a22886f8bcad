// The extensions' Pi components on the session page: where each slot draws, the keys of the
// focused one (sent as the terminal bytes pi-tui reads), and this window's size for the host to
// render at. The first window to press a key owns the keys; the others show the component and
// say so.
import { useKeyboard, usePaste, useTerminalDimensions } from "@opentui/solid"
import { createEffect, createMemo, createSignal, For, on, Show } from "solid-js"
import { unwrap } from "solid-js/store"
import { focusedComponent, type ComponentSlot, type ComponentView } from "../../../protocol"
import { overlayBox } from "../../../common/overlay-layout"
import { ComponentRows } from "../../component/extension-component"
import { useDialog } from "../../context/dialog"
import { useScreen } from "../../context/screen"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useKeymap } from "../../keys/keymap"
import { theme } from "../../theme"
import { useWindowRows } from "../../context/window-rows"

const ELSEWHERE = "Another window is using this; its keys go there"

/** The page's own keys, which stay the page's while an extension's editor is the composer. */
const PAGE_ACTIONS = [
  "tui.altScreen.pageUp",
  "tui.altScreen.pageDown",
  "tui.altScreen.top",
  "tui.altScreen.bottom",
  "app.thinking.toggle",
  "app.tools.expand",
  "app.model.cycleForward",
  "app.model.cycleBackward",
] as const

export function useExtensionComponents(opts: { focused: () => boolean }) {
  const sync = useSync()
  const session = useSession()
  const dialog = useDialog()
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  const keys = useKeymap()
  const views = () => sync.data.ui.components ?? []
  const focused = createMemo(() => focusedComponent(sync.data.ui.components))
  const elsewhere = (v: ComponentView | undefined) => !!v?.owner && v.owner !== session.windowId
  /** A component takes this window's keys (none is owned by another window). */
  const hasKeys = () => !!focused() && !elsewhere(focused())
  const screen = useScreen()
  // Inline, the page is only as tall as its content: an overlay has no screen to float over, so it
  // takes the composer's place as an inline component does.
  const slotOf = (v: ComponentView): ComponentSlot => (screen.inline && v.slot === "overlay" ? "inline" : v.slot)
  const of = (slot: ComponentSlot) => views().filter((v) => slotOf(v) === slot)

  // Transcript rows an extension draws (tool and message renderers) are rendered at this size too.
  // Watching the newest item (and every item once per snapshot) keeps this off long transcripts' path.
  const [drawsRows, setDrawsRows] = createSignal(false)
  const drawn = (i: unknown) => !!(i as { rendered?: unknown } | undefined)?.rendered
  createEffect(() => drawn(sync.data.items.at(-1)) && setDrawsRows(true))
  createEffect(
    on(
      () => sync.data.epoch,
      () => unwrap(sync.data.items).some(drawn) && setDrawsRows(true),
    ),
  )

  // The host renders at the size of the window that has the keys (else the last one to say): its
  // rows are what the window could give the component, not what the inline footer has now.
  let sent = ""
  createEffect(
    on([() => views().length > 0 || drawsRows(), () => dims().width, windowRows], ([any, width, height]) => {
      if (!any) return void (sent = "")
      const key = `${width}x${height}`
      if (key === sent) return
      sent = key
      void session.act("session.componentResize", { window: session.windowId, width, height })
    }),
  )

  const send = (data: string) => {
    const v = focused()
    if (!v) return
    void session.act("session.componentInput", { componentId: v.id, window: session.windowId, data })
  }
  const live = () => opts.focused() && !dialog.active() && hasKeys()

  useKeyboard((e) => {
    if (!live() || e.defaultPrevented || e.eventType === "release") return
    // An extension's editor is the composer: the page's own keys (scrolling, folds, models) stay the page's.
    if (focused()?.slot === "editor" && PAGE_ACTIONS.some((a) => keys.matches(a, e))) return
    const data = e.raw || e.sequence
    if (!data) return
    e.preventDefault()
    send(data)
  })
  usePaste((e) => {
    if (!live() || e.defaultPrevented) return
    e.preventDefault()
    send(`\x1b[200~${new TextDecoder().decode(e.bytes)}\x1b[201~`)
  })

  return {
    of,
    focused,
    hasKeys,
    /** The composer's place is taken: by custom() inline or the extension's editor. */
    replacesComposer: () => of("inline").length > 0 || of("editor").length > 0,
    noteFor: (v: ComponentView) => (v.focusable && elsewhere(v) ? ELSEWHERE : undefined),
  }
}

export type ExtensionComponents = ReturnType<typeof useExtensionComponents>

/** The rows of every component in `slot` (inline: only the newest, as Pi shows the top dialog). */
export function ComponentSlotView(props: {
  ext: ExtensionComponents
  slot: ComponentSlot
  placement?: "aboveEditor" | "belowEditor"
  maxRows?: number
}) {
  const views = () => {
    const all = props.ext.of(props.slot).filter((v) => !props.placement || v.placement === props.placement)
    return props.slot === "inline" || props.slot === "editor" ? all.slice(-1) : all
  }
  return (
    <For each={views()}>
      {(v) => <ComponentRows lines={v.lines} maxRows={props.maxRows} note={props.ext.noteFor(v)} />}
    </For>
  )
}

/** Overlays, placed on this window's screen as pi-tui places them, newest on top. */
export function ComponentOverlays(props: { ext: ExtensionComponents }) {
  const dims = useTerminalDimensions()
  return (
    <For each={props.ext.of("overlay")}>
      {(v, i) => {
        const box = () => overlayBox(v.overlay, v.lines.length, dims().width, dims().height)
        return (
          <Show when={v.lines.length > 0}>
            <box
              position="absolute"
              left={box().col}
              top={box().row}
              width={box().width}
              zIndex={100 + i()}
              flexDirection="column"
              // What is under the overlay must not show through its short rows.
              backgroundColor={theme.panel}
            >
              <ComponentRows lines={v.lines} maxRows={dims().height} note={props.ext.noteFor(v)} />
            </box>
          </Show>
        )
      }}
    </For>
  )
}
