// Key → dock action. In a text field (free text, note) printable keys type; elsewhere they are commands.
import type { Action } from "./actions"

export interface KeyLike {
  name: string
  sequence: string
  ctrl: boolean
  meta: boolean
  shift: boolean
}

const ARROWS: Record<string, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }

export function keyAction(key: KeyLike, inText: boolean): Action | undefined {
  const { name } = key
  if (name === "escape") return { type: "cancel" }
  const arrow = ARROWS[name]
  if (arrow && key.shift) return { type: "pan", dx: arrow[0], dy: arrow[1] }
  if (key.ctrl && (name === "home" || name === "end")) return { type: "edge", end: name === "home" ? "top" : "bottom" }
  if (name === "pageup" || name === "pagedown") return { type: "page", delta: name === "pageup" ? -1 : 1 }
  if (name === "tab") return { type: "field", delta: key.shift ? -1 : 1 }
  if (name === "up" || name === "down") return { type: "move", delta: name === "up" ? -1 : 1 }
  if (name === "left" || name === "right")
    return inText ? { type: "caret", to: name } : { type: "tab", delta: name === "left" ? -1 : 1 }
  if (name === "return" || name === "enter" || name === "linefeed") return { type: "activate", advance: true }
  if (key.ctrl || key.meta) return undefined
  if (inText) {
    if (name === "backspace" || name === "delete") return { type: "erase", forward: name === "delete" }
    if (name === "home" || name === "end") return { type: "caret", to: name }
    if (name === "space") return { type: "insert", text: " " }
    const printable = key.sequence && !/[\x00-\x1f\x7f]/.test(key.sequence)
    return printable ? { type: "insert", text: key.sequence } : undefined
  }
  if (name === "space" || key.sequence === " ") return { type: "activate" }
  if (/^[1-9]$/.test(key.sequence)) return { type: "digit", n: Number(key.sequence) }
  if (key.sequence === "n") return { type: "note" }
  return undefined
}
