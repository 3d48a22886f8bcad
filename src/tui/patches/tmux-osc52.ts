// OSC 52 inside tmux: the copy goes to tmux itself, as a plain OSC 52.
//
// Why: inside tmux, OpenTUI wraps OSC 52 in tmux's passthrough (`ESC P tmux; … ESC \`) for the
// terminal outside. tmux drops passthrough unless `allow-passthrough` is on (off by default since
// 3.3), so /copy reached no clipboard there; tmux's own handling of a plain OSC 52 (with
// `set-clipboard on` or `external`, the default) keeps it as a paste buffer and hands it on to the
// terminal outside itself.
// The plain sequence goes out through the renderer's private `writeOut`, the path its own escape
// sequences take, so it never lands in the middle of a frame (docs/patches.md);
// XAGENT_NO_TMUX_OSC52=1 leaves OpenTUI's passthrough alone.
import type { CliRenderer } from "@opentui/core"
import { patchOn } from "../../util/patch-switch"

/** Writes `text` as a plain OSC 52 when inside tmux; true when it went out. */
export function copyThroughTmux(renderer: CliRenderer, text: string, env = process.env): boolean {
  if (!env.TMUX || !patchOn("TMUX_OSC52", env)) return false
  const r = renderer as unknown as { writeOut?: (chunk: string) => unknown }
  if (typeof r.writeOut !== "function") throw new Error("@opentui/core changed: the renderer has no writeOut")
  r.writeOut(`\x1b]52;c;${Buffer.from(text, "utf8").toString("base64")}\x07`)
  return true
}
