// How many rows the window may take for what it shows: the terminal's, less the two an inline
// footer leaves above it. Not the renderer's height: inline, that is the footer's as last sized,
// which grows only once its content asks for more, so a bound read from it keeps the content as
// small as the footer already is (Pi's /tools list cut to one row; the outside-sandbox dialog,
// finding no room for the command, denied it at once).
import type { CliRenderer } from "@opentui/core"
import { useRenderer } from "@opentui/solid"
import { createSignal, type Accessor } from "solid-js"
import { footerCap } from "../inline/footer-rows"

// One signal and one listener per renderer, however many parts read it; they live as long as it.
const perRenderer = new WeakMap<CliRenderer, Accessor<number>>()

export function useWindowRows(): Accessor<number> {
  const renderer = useRenderer()
  let rows = perRenderer.get(renderer)
  if (rows) return rows
  const read = () =>
    renderer.screenMode === "split-footer" ? footerCap(renderer.terminalHeight) : renderer.terminalHeight
  const [get, set] = createSignal(read())
  // Said for a new footer height and a new screen mode as well as a new terminal size.
  renderer.on("resize", () => set(read()))
  perRenderer.set(renderer, (rows = get))
  return rows
}
