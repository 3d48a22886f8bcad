// Short notices stacked at the top right; each goes away on its own timer. Drawn over the window,
// unless a view gives them rows of their own in its layout (`ToastRows`): the inline footer, whose
// top rows are its composer's when nothing else is live, and which cannot know how tall a stack is
// before drawing it over them.
import { createContext, createSignal, For, onCleanup, Show, useContext, type ParentProps } from "solid-js"
import { useTerminalDimensions } from "@opentui/solid"
import { theme, themed } from "../theme"

export type ToastLevel = "info" | "warning" | "error"

export interface ToastOptions {
  level: ToastLevel
  message: string
  durationMs?: number
}

export interface ToastApi {
  show(options: ToastOptions): void
  clear(): void
}

interface ToastState {
  api: ToastApi
  toasts: () => Shown[]
  /** Views that draw the stack in their own flow (ToastRows) while they are there. */
  setPlaced: (change: (placed: number) => number) => void
}

type Shown = ToastOptions & { id: number }

const DURATION: Record<ToastLevel, number> = { info: 4000, warning: 6000, error: 8000 }
const MAX_TOASTS = 4
const MAX_CHARS = 600
const TOP = 1
const COLOR = themed<ToastLevel>({ info: "info", warning: "warning", error: "error" })
const PREFIX: Record<ToastLevel, string> = { info: "", warning: "! ", error: "✗ " }

const ToastContext = createContext<ToastState>()

function useToastState(): ToastState {
  const value = useContext(ToastContext)
  if (!value) throw new Error("useToast must be used within a ToastProvider")
  return value
}

export function useToast(): ToastApi {
  return useToastState().api
}

/** The toasts, one box each, oldest first. */
function Stack(props: { toasts: Shown[] }) {
  return (
    <For each={props.toasts}>
      {(toast) => (
        <box border={["left"]} borderColor={COLOR[toast.level]} backgroundColor={theme.panel} paddingX={1}>
          <text fg={theme.text} wrapMode="word">
            {PREFIX[toast.level] + toast.message}
          </text>
        </box>
      )}
    </For>
  )
}

const stackWidth = (columns: number) => Math.max(16, Math.min(48, columns - 2))

/**
 * The toasts in rows of their own, where this is placed in a layout (the inline footer's top):
 * while it is mounted they are drawn here and not over the window. Measured with the rest of
 * its layout, so nothing under it is ever drawn over, not even for one frame.
 */
export function ToastRows(props: { width: number }) {
  const state = useToastState()
  state.setPlaced((n) => n + 1)
  onCleanup(() => state.setPlaced((n) => n - 1))
  return (
    <Show when={state.toasts().length > 0}>
      <box flexDirection="column" flexShrink={0} alignItems="flex-end" paddingTop={TOP} paddingRight={1}>
        <box width={stackWidth(props.width)} flexDirection="column" gap={0}>
          <Stack toasts={state.toasts()} />
        </box>
      </box>
    </Show>
  )
}

export function ToastProvider(props: ParentProps) {
  const [toasts, setToasts] = createSignal<Shown[]>([])
  const [placed, setPlaced] = createSignal(0)
  const dims = useTerminalDimensions()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let nextId = 1
  onCleanup(() => timers.forEach(clearTimeout))

  const api: ToastApi = {
    show(options) {
      const id = nextId++
      const long = options.message.length > MAX_CHARS
      const message = long ? options.message.slice(0, MAX_CHARS - 1) + "…" : options.message
      setToasts((list) => [...list, { ...options, message, id }].slice(-MAX_TOASTS))
      const timer = setTimeout(() => {
        timers.delete(timer)
        setToasts((list) => list.filter((t) => t.id !== id))
      }, options.durationMs ?? DURATION[options.level])
      timers.add(timer)
    },
    clear() {
      timers.forEach(clearTimeout)
      timers.clear()
      setToasts([])
    },
  }

  return (
    <ToastContext.Provider value={{ api, toasts, setPlaced }}>
      {props.children}
      <Show when={toasts().length > 0 && placed() === 0}>
        <box
          position="absolute"
          top={TOP}
          right={1}
          width={stackWidth(dims().width)}
          zIndex={200}
          flexDirection="column"
          gap={0}
        >
          <Stack toasts={toasts()} />
        </box>
      </Show>
    </ToastContext.Provider>
  )
}
