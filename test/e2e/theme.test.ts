// The window in a real terminal asks for its background (OSC 11) and draws with Pi's theme for it:
// tmux answers the query with the pane's own colours (window-style), so a light pane gets the
// light theme and a dark one the dark, without a setting; --use-theme and the setting win over it.
import { afterAll, describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { BUILTIN_THEMES } from "../../src/tui/theme"
import { hexToRgb } from "../../src/tui/util/color"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

if (!hasTmux) console.warn("test/e2e/theme.test.ts: skipped, tmux is not installed (apt-get install tmux)")

const sgr = (hex: string) => {
  const { r, g, b } = hexToRgb(hex)
  return `38;2;${r};${g};${b}`
}

describe.skipIf(!hasTmux)("the theme follows the terminal's background", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  for (const [pane, flags, setting, expected] of [
    ["bg=#fdf6e3,fg=#333333", "", undefined, "light"],
    ["bg=#1d1f21,fg=#c5c8c6", "", undefined, "dark"],
    ["bg=#1d1f21,fg=#c5c8c6", "--use-theme light", undefined, "light"],
    ["bg=#fdf6e3,fg=#333333", "", "dark", "dark"],
  ] as const)
    test(`a pane with ${pane}${flags ? `, ${flags}` : ""}${setting ? `, theme setting ${setting}` : ""}: the ${expected} theme`, async () => {
      const { box, pane: p } = await terminalBox({ turns: [{ text: "Plain body words END" }] }, cleanups, {
        cols: 80,
        rows: 20,
        // Colours as the theme has them, not the 256 nearest: tmux keeps what the window sends.
        env: { COLORTERM: "truecolor" },
      })
      const settings = join(box.agentDir, "settings.json")
      if (setting)
        writeFileSync(settings, JSON.stringify({ ...JSON.parse(readFileSync(settings, "utf8")), theme: setting }))
      p.tmux("set-option", "-g", "window-style", pane)
      p.send("clear", "Enter")
      p.type(`${XAGENT_BIN} --fullscreen --no-daemon ${flags}; echo "EXIT=$?"`)
      p.send("Enter")
      await p.waitFor("Ask anything")
      p.type("hello")
      p.send("Enter")
      await p.waitFor("Plain body words END")
      const text = sgr(BUILTIN_THEMES[expected].colors.text)
      const line = () =>
        p
          .tmux("capture-pane", "-e", "-p", "-t", "e2e")
          .split("\n")
          .find((l) => l.includes("Plain body words END")) ?? ""
      // The reply's row in the theme's body text colour (the terminal's reply may land a frame after the first).
      const deadline = Date.now() + 10_000
      while (!line().includes(text) && Date.now() < deadline) await Bun.sleep(50)
      expect(line()).toContain(text)
      p.send("C-c")
      p.send("C-c")
      await p.waitFor("EXIT=")
      // A window started, a reply and a quit in a real terminal: the 30 s default ran out under load.
    }, 240_000)
})
