// The `tui` a Pi component is handed in a host without a terminal: what components use of pi-tui's
// TUI (requestRender, the terminal's size, overlays) goes to the component host; the rest of
// TUI's surface (focus, children, debug hooks) does nothing here, since the window draws and the
// host only renders. stop()/start() borrow and give back a window's terminal (terminal-lend.ts).
import type { Component, OverlayHandle, OverlayOptions, TUI } from "@earendil-works/pi-tui"

export interface HeadlessTuiHost {
  size(): { width: number; height: number }
  requestRender(): void
  showOverlay(component: Component, options?: OverlayOptions): OverlayHandle
  /** Pi's TUI.stop(): the terminal is the extension's until start() (a command run on it). */
  stop(): void
  start(): void
}

export function createHeadlessTui(host: HeadlessTuiHost): TUI {
  const terminal = {
    get columns() {
      return host.size().width
    },
    get rows() {
      return host.size().height
    },
    write() {},
    moveBy() {},
    hideCursor() {},
    showCursor() {},
    clearLine() {},
    clearFromCursor() {},
    clearScreen() {},
    setTitle() {},
    start() {},
    stop() {},
  }
  const overlays: OverlayHandle[] = []
  const known: Record<string, unknown> = {
    mode: "regular",
    children: [],
    terminal,
    fullRedraws: 0,
    requestRender: () => host.requestRender(),
    renderNow: () => host.requestRender(),
    render: () => [],
    invalidate: () => {},
    showOverlay: (c: Component, o?: OverlayOptions) => {
      const h = host.showOverlay(c, o)
      overlays.push(h)
      return h
    },
    hideOverlay: () => overlays.pop()?.hide(),
    hasOverlay: () => overlays.length > 0,
    stop: () => host.stop(),
    start: () => host.start(),
  }
  // Anything else of TUI is a no-op function (never `then`: the object must not look like a promise).
  return new Proxy(known, {
    get: (t, prop) => {
      if (typeof prop !== "string" || prop === "then") return undefined
      return prop in t ? t[prop] : noop
    },
  }) as unknown as TUI
}

function noop() {
  return undefined
}
