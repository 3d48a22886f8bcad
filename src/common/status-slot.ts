// A bundled extension's status-line segment that is only sent when it changes: a session start
// (open, /new, /fork) begins from a snapshot with no segments, so `reset` there, and an unchanged
// or still-empty segment sends nothing.
export interface StatusUi {
  setStatus(key: string, text: string | undefined): void
}

export function statusSlot(key: string) {
  let shown: string | undefined
  return {
    reset() {
      shown = undefined
    },
    set(ui: StatusUi | undefined, text: string | undefined) {
      if (!ui || text === shown) return
      shown = text
      ui.setStatus(key, text)
    },
  }
}
