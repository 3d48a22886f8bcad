// Short notices stacked at the top right; each goes away on its own timer.
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
  /** Rows the stack takes from the window's top (0 when none shows): the inline footer makes room. */
  rows: () => number
}

const DURATION: Record<ToastLevel, number> = { info: 4000, warning: 6000, error: 8000 }
const MAX_TOASTS = 4
const MAX_CHARS = 600
const TOP = 1
const COLOR = themed<ToastLevel>({ info: "info", warning: "warning", error: "error" })
const PREFIX: Record<ToastLevel, string> = { info: "", warning: "! ", error: "✗ " }

const ToastContext = createContext<ToastApi>()

export function useToast(): ToastApi {
  const value = useContext(ToastContext)
  if (!value) throw new Error("useToast must be used within a ToastProvider")
  return value
}

export function ToastProvider(props: ParentProps) {
  const [toasts, setToasts] = createSignal<(ToastOptions & { id: number })[]>([])
  const [stackHeight, setStackHeight] = createSignal(0)
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
    rows: () => (toasts().length > 0 ? TOP + stackHeight() : 0),
  }

  return (
    <ToastContext.Provider value={api}>
      {props.children}
      <Show when={toasts().length > 0}>
        <box
          position="absolute"
          top={TOP}
          right={1}
          onSizeChange={function (this: { height: number }) {
            setStackHeight(this.height)
          }}
          width={Math.max(16, Math.min(48, dims().width - 2))}
          zIndex={200}
          flexDirection="column"
          gap={0}
        >
          <For each={toasts()}>
            {(toast) => (
              <box border={["left"]} borderColor={COLOR[toast.level]} backgroundColor={theme.panel} paddingX={1}>
                <text fg={theme.text} wrapMode="word">
                  {PREFIX[toast.level] + toast.message}
                </text>
              </box>
            )}
          </For>
        </box>
      </Show>
    </ToastContext.Provider>
  )
}
