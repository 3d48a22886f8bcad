// A one-line secret field (API keys, tokens): typed and pasted text is kept here and drawn as
// bullets, so a key never reaches the screen (or a screen recording, or tmux scrollback).
import { createSignal } from "solid-js"
import { useKeyboard, usePaste } from "@opentui/solid"
import { theme } from "../theme"

export function MaskedInput(props: { placeholder?: string; onSubmit(value: string): void }) {
  const [value, setValue] = createSignal("")
  useKeyboard((key) => {
    if (key.defaultPrevented) return
    if (key.name === "return" || key.name === "enter") {
      key.preventDefault()
      return props.onSubmit(value())
    }
    if (key.name === "backspace") return void (key.preventDefault(), setValue((v) => v.slice(0, -1)))
    if (key.ctrl && key.name === "u") return void (key.preventDefault(), setValue(""))
    const ch = key.sequence
    if (!key.ctrl && !key.meta && ch && ch.length >= 1 && !/[\x00-\x1f\x7f]/.test(ch)) {
      key.preventDefault()
      setValue((v) => v + ch)
    }
  })
  usePaste((event) => {
    if (event.defaultPrevented) return
    event.preventDefault()
    setValue(
      (v) =>
        v +
        new TextDecoder()
          .decode(event.bytes)
          .replace(/[\r\n]+/g, "")
          .trim(),
    )
  })
  const shown = () => {
    const n = value().length
    // Long enough to see that something is there, never the length of a real key to the character.
    return n === 0 ? "" : `${"•".repeat(Math.min(n, 24))}${n > 24 ? "…" : ""}`
  }
  return (
    <text fg={value() ? theme.text : theme.dim} wrapMode="none" truncate>
      {shown() || props.placeholder || ""}
    </text>
  )
}
