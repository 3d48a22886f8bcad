// A stack of modal dialogs drawn centred over the window. Only the top one is mounted and gets
// keys; Esc closes it and calls its cancel. A dialog component answers through its own props and
// then dismisses its frame, so callers need not close it (closing it again is harmless).
import { createContext, createSignal, Show, useContext, type JSX, type ParentProps } from "solid-js"
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

export function DialogProvider(props: ParentProps) {
  const [stack, setStack] = createSignal<Entry[]>([])
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
  return (
    <DialogContext.Provider value={api}>
      {props.children}
      <Show when={stack().at(-1)} keyed>
        {(entry: Entry) => (
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
            <box
              border
              borderStyle="rounded"
              borderColor={theme.borderActive}
              backgroundColor={theme.panel}
              width={width()}
              maxHeight={Math.max(5, windowRows() - 2)}
              paddingX={1}
              flexDirection="column"
            >
              <FrameContext.Provider
                value={{ onCancel: (fn) => (entry.dialogCancel = fn), dismiss: () => remove(entry.id) }}
              >
                {entry.render()}
              </FrameContext.Provider>
            </box>
          </box>
        )}
      </Show>
    </DialogContext.Provider>
  )
}
