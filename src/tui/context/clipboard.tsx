// Putting text on the clipboard: OSC 52 through the terminal (works over ssh and inside tmux when
// it passes them on), and the platform's clipboard tool as well when the CLI found one, for the
// terminals that ignore OSC 52. The text is always the source text, never screen cells.
import { useRenderer } from "@opentui/solid"
import { copyThroughTmux } from "../patches/tmux-osc52"
import { createSimpleContext } from "./helper"

export interface CopyResult {
  /** The ways the text went out ("terminal", the tool's name); empty when none took it. */
  via: string[]
}

export const { use: useClipboard, provider: ClipboardProvider } = createSimpleContext({
  name: "Clipboard",
  init: (props: { tool?: (text: string) => Promise<string | undefined> }) => {
    const renderer = useRenderer()
    return {
      async copy(text: string): Promise<CopyResult> {
        const via: string[] = []
        const osc52 = renderer.copyToClipboardOSC52(text)
        if (copyThroughTmux(renderer, text) || osc52) via.push("terminal")
        const tool = await props.tool?.(text).catch(() => undefined)
        if (tool) via.push(tool)
        return { via }
      },
    }
  },
})
