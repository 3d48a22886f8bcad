// What the client and the worker both know about a method: its class, whether it may act on the
// desktop, its deadline (the default plus any hold, pacing or wait the call asks for, capped) and
// the selector rules every target follows.
import { COMPUTER_TOOLS, type ComputerToolClass } from "../../src/common/computer-use"
import { ComputerError } from "./protocol"

/** Methods of the worker itself: they never take ownership (health) or act on the desktop. */
export const INTERNAL_METHODS = ["health", "configure", "operation_end", "preview"] as const

export const MAX_DEADLINE_MS = 5 * 60_000
const BASE_MS: Record<ComputerToolClass, number> = { O: 15_000, Q: 15_000, F: 10_000, X: 10_000 }

export function classOf(method: string): ComputerToolClass | undefined {
  return Object.hasOwn(COMPUTER_TOOLS, method) ? COMPUTER_TOOLS[method] : undefined
}

/** Anything but an observation may have acted, so it is never sent twice. */
export const mutating = (method: string) => {
  const c = classOf(method)
  return c !== undefined && c !== "O"
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0)

/** The deadline from dispatch: the method's default plus what the call asks to take. */
export function deadlineFor(method: string, params: Record<string, unknown>, base = BASE_MS): number {
  const c = classOf(method)
  let ms = c ? base[c] : 10_000
  ms += num(params.holdMs) + num(params.timeoutMs)
  if (typeof params.text === "string") ms += num(params.charDelayMs) * [...params.text].length
  if (typeof params.count === "number") ms += num(params.holdMs) * Math.max(0, params.count - 1)
  return Math.min(ms, MAX_DEADLINE_MS)
}

/** A target names one window: a `windowRef` (preferred) or the compat selectors, never both kinds. */
export function checkSelectors(params: Record<string, unknown>): void {
  const compat = ["hwnd", "pid", "title"].filter((k) => params[k] !== undefined)
  if (params.windowRef !== undefined && compat.length)
    throw new ComputerError(
      "TARGET_CONFLICT",
      `windowRef and ${compat.join("/")} both given: use the windowRef alone (it is the proof of which window was observed)`,
    )
  if (params.elementId !== undefined && (params.x !== undefined || params.y !== undefined))
    throw new ComputerError("TARGET_CONFLICT", "elementId and x/y both given: target an element or a point, not both")
}
