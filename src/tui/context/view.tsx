// How the transcript is shown (not what it holds): thinking and tool output folded or open,
// per-row overrides from clicks, and whether the window captures the mouse.
import { createSignal } from "solid-js"
import { createStore } from "solid-js/store"
import { createSimpleContext } from "./helper"

export const { use: useView, provider: ViewProvider } = createSimpleContext({
  name: "View",
  init: (props: { mouse?: boolean }) => {
    const [thinkingOpen, setThinkingOpen] = createSignal(false)
    const [toolsOpen, setToolsOpen] = createSignal(false)
    const [mouse, setMouse] = createSignal(props.mouse ?? true)
    // A click on one row flips just that row; the global keys reset these so they act on all.
    const [overrides, setOverrides] = createStore<Record<string, boolean>>({})

    return {
      thinkingOpen,
      toolsOpen,
      mouse,
      setMouse,
      toggleThinking() {
        setThinkingOpen((v) => !v)
        for (const k of Object.keys(overrides)) if (k.startsWith("think:")) setOverrides(k, undefined!)
      },
      toggleTools() {
        setToolsOpen((v) => !v)
        for (const k of Object.keys(overrides)) if (k.startsWith("tool:")) setOverrides(k, undefined!)
      },
      isOpen(kind: "think" | "tool", id: string) {
        const o = overrides[`${kind}:${id}`]
        if (o !== undefined) return o
        return kind === "think" ? thinkingOpen() : toolsOpen()
      },
      flip(kind: "think" | "tool", id: string) {
        const key = `${kind}:${id}`
        const now = overrides[key] ?? (kind === "think" ? thinkingOpen() : toolsOpen())
        setOverrides(key, !now)
      },
    }
  },
})
