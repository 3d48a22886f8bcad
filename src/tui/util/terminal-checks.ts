// /doctor's terminal rows: what the window learned of its terminal (OpenTUI's capability replies,
// the OSC 11 background answer), as checks. Nothing is asked again here: a terminal that never
// answered is said to be unknown, not assumed either way.
import type { TerminalCapabilities } from "@opentui/core"
import type { DoctorCheck } from "../../protocol/doctor"

export interface TerminalSeen {
  /** OpenTUI's view of the terminal; null before (or without) its replies. */
  capabilities: TerminalCapabilities | null
  /** The terminal's background colour from its OSC 11 reply, if it gave one. */
  background?: string
}

const UNKNOWN = "the terminal has not answered the window's capability query"

export function terminalChecks(seen: TerminalSeen): DoctorCheck[] {
  const c = seen.capabilities
  const unknown = (name: string, fix: string): DoctorCheck => ({ name, verdict: "unchecked", text: UNKNOWN, fix })
  const INSIDE_TMUX = "in tmux: set -g extended-keys on and set -as terminal-features ',*:extkeys'"
  const kitty: DoctorCheck = !c
    ? unknown("Kitty keys", INSIDE_TMUX)
    : c.kitty_keyboard
      ? { name: "Kitty keys", verdict: "ok", text: "on: Shift+Enter, Ctrl+I and Tab and the like are told apart" }
      : {
          name: "Kitty keys",
          verdict: "warn",
          text: "off: Shift+Enter may arrive as Enter (Ctrl+J adds a line), some Ctrl keys look alike",
          fix: `a terminal with the Kitty keyboard protocol (kitty, WezTerm, foot, Ghostty, iTerm2); ${INSIDE_TMUX}`,
        }
  const CLIPBOARD = "allow clipboard writes (OSC 52) in the terminal; in tmux: set -g set-clipboard on"
  const osc52: DoctorCheck =
    !c || c.osc52_support === "unknown"
      ? {
          name: "OSC 52",
          verdict: "unchecked",
          text: "the terminal has not said whether it takes clipboard writes",
          fix: `/copy says if a copy fails; ${CLIPBOARD}`,
        }
      : c.osc52_support === "supported"
        ? { name: "OSC 52", verdict: "ok", text: "clipboard writes reach the terminal (/copy, selections)" }
        : {
            name: "OSC 52",
            verdict: "warn",
            text: "the terminal refuses clipboard writes: /copy falls back to a clipboard tool",
            fix: CLIPBOARD,
          }
  const rgb: DoctorCheck = !c
    ? unknown("true colour", "COLORTERM=truecolor in a terminal that has 24-bit colour")
    : c.rgb
      ? { name: "true colour", verdict: "ok", text: "24-bit colour: the theme is drawn as written" }
      : {
          name: "true colour",
          verdict: "warn",
          text: "no 24-bit colour: the theme's colours are rounded",
          fix: "COLORTERM=truecolor in a terminal that has 24-bit colour (in tmux: set -as terminal-features ',*:RGB')",
        }
  const sync: DoctorCheck = !c
    ? unknown("synchronized output", "a terminal with synchronized output (mode 2026)")
    : c.sync
      ? { name: "synchronized output", verdict: "ok", text: "each frame appears whole" }
      : {
          name: "synchronized output",
          verdict: "warn",
          text: "not reported: a fast redraw may flicker or tear",
          fix: "a terminal with synchronized output (mode 2026): kitty, WezTerm, foot, Ghostty, iTerm2, recent tmux",
        }
  const background: DoctorCheck = seen.background
    ? { name: "background query", verdict: "ok", text: `answered (${seen.background}): light or dark follows it` }
    : {
        name: "background query",
        verdict: "warn",
        text: "no answer to OSC 11: light or dark is a guess (COLORFGBG, else dark)",
        fix: "/theme picks a theme by name (or set COLORFGBG)",
      }
  return [kitty, osc52, rgb, sync, background]
}
