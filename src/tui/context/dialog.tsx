// A stack of modal dialogs drawn centred over the window. Only the top one is mounted and gets
// keys; Esc closes it and calls its cancel. A dialog component answers through its own props and
// then dismisses its frame, so callers need not close it (closing it again is harmless).
// Inline there is no screen to float over: the footer's rows are the composer's and the status
// line's, and a box centred over them left their edges showing at both sides. A page that mounts
// a `DialogSlot` has the top dialog drawn there, in the footer's flow, instead.
import { createContext, createSignal, onCleanup, Show, useContext, type JSX, type ParentProps } from "solid-js"
import { useKeyboard, useTerminalDimensions } from "@opentui/solid"
import { theme } from "../theme"
import { useWindowRows } from "./window-rows"

export interface DialogHandle {
  /** Removes this dialog wherever it is in the stack (no cancel call); a no-op once gone. */
  close(): void
}

export interface DialogApi {
  /** Pushes a dialog; `onCancel` runs when Esc closes it (as does any cancel the dialog registers). */
  show(render: () => JSX.Element, options?: { onCancel?: () => void }): DialogHandle
  /** Removes the top dialog without calling its cancel. */
  close(): void
  active: () => boolean
  /** A dialog is up and drawn in a page's `DialogSlot` rather than over the window. */
  inPlace: () => boolean
}

/** What a mounted dialog knows about its place in the stack. */
export interface DialogFrame {
  /** Runs `fn` when Esc closes this dialog (one per dialog; the latest wins). */
  onCancel(fn: () => void): void
  /** Removes this dialog (after it answered). */
  dismiss(): void
}

interface Entry {
  id: number
  render: () => JSX.Element
  onCancel?: () => void
  /** Set by the mounted dialog component; replaced when it mounts again. */
  dialogCancel?: () => void
}

const DialogContext = createContext<DialogApi>()
const FrameContext = createContext<DialogFrame>()
type ViewProps = { width: number | "100%"; maxHeight: number }
interface SlotApi {
  claim: () => () => void
  view: (props: ViewProps) => JSX.Element
}
const SlotContext = createContext<SlotApi>()

export function useDialog(): DialogApi {
  const value = useContext(DialogContext)
  if (!value) throw new Error("useDialog must be used within a DialogProvider")
  return value
}

/** The dialog stack when there is one (components that also work without it). */
export function useOptionalDialog(): DialogApi | undefined {
  return useContext(DialogContext)
}

export function useDialogFrame(): DialogFrame | undefined {
  return useContext(FrameContext)
}

/**
 * Wires a dialog's cancel: inside the stack, its Esc (and any close from outside) calls `cancel`;
 * standing alone, the dialog takes Esc itself.
 */
export function useDialogCancel(cancel: () => void): DialogFrame | undefined {
  const frame = useDialogFrame()
  frame?.onCancel(cancel)
  useKeyboard((key) => {
    if (frame || key.name !== "escape") return
    key.preventDefault()
    cancel()
  })
  return frame
}

/** Where a page wants the top dialog drawn, in its own flow (inline: in the composer's place). */
export function DialogSlot() {
  const slot = useContext(SlotContext)
  if (!slot) throw new Error("DialogSlot must be used within a DialogProvider")
  const windowRows = useWindowRows()
  onCleanup(slot.claim())
  // The footer's rows are the dialog's: the composer and the status line step aside for it.
  return slot.view({
    width: "100%",
    get maxHeight() {
      return Math.max(5, windowRows())
    },
  })
}

export function DialogProvider(props: ParentProps) {
  const [stack, setStack] = createSignal<Entry[]>([])
  const [slots, setSlots] = createSignal(0)
  const dims = useTerminalDimensions()
  const windowRows = useWindowRows()
  let nextId = 1
  const remove = (id: number) => setStack((s) => (s.some((e) => e.id === id) ? s.filter((e) => e.id !== id) : s))

  const api: DialogApi = {
    show(render, options) {
      const entry: Entry = { id: nextId++, render, onCancel: options?.onCancel }
      setStack((s) => [...s, entry])
      return { close: () => remove(entry.id) }
    },
    close() {
      const top = stack().at(-1)
      if (top) remove(top.id)
    },
    active: () => stack().length > 0,
    inPlace: () => stack().length > 0 && slots() > 0,
  }

  useKeyboard((key) => {
    const top = stack().at(-1)
    if (!top || key.name !== "escape") return
    key.preventDefault()
    key.stopPropagation()
    remove(top.id)
    top.dialogCancel?.()
    top.onCancel?.()
  })

  const width = () => Math.max(20, Math.min(76, dims().width - 4))
  const view = (p: ViewProps) => (
    <Show when={stack().at(-1)} keyed>
      {(entry: Entry) => (
        <box
          border
          borderStyle="rounded"
          borderColor={theme.borderActive}
          backgroundColor={theme.panel}
          width={p.width}
          flexShrink={0}
          maxHeight={p.maxHeight}
          paddingX={1}
          flexDirection="column"
        >
          <FrameContext.Provider
            value={{ onCancel: (fn) => (entry.dialogCancel = fn), dismiss: () => remove(entry.id) }}
          >
            {entry.render()}
          </FrameContext.Provider>
        </box>
      )}
    </Show>
  )
  const slot = {
    claim() {
      setSlots((n) => n + 1)
      return () => setSlots((n) => n - 1)
    },
    view,
  }
  return (
    <DialogContext.Provider value={api}>
      <SlotContext.Provider value={slot}>{props.children}</SlotContext.Provider>
      <Show when={slots() === 0 && stack().length > 0}>
        <box
          position="absolute"
          left={0}
          top={0}
          width={dims().width}
          height={dims().height}
          zIndex={100}
          alignItems="center"
          justifyContent="center"
        >
          {view({
            get width() {
              return width()
            },
            get maxHeight() {
              return Math.max(5, windowRows() - 2)
            },
          })}
        </box>
      </Show>
    </DialogContext.Provider>
  )
}
