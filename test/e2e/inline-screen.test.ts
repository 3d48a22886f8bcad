// Inline mode's screen (not its scrollback) after a reply: what a person sees without scrolling.
// `capture-pane -p` without -S reads the visible rows only.
import { afterAll, describe, expect, test } from "bun:test"
import { XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux, type Pane } from "./tmux"

const codeLine = (n: number) => `value_${String(n).padStart(3, "0")} = ${n}  # code line ${n}`
const codeReply = (count: number) =>
  "Here is the file:\n\n```python\n" +
  Array.from({ length: count }, (_, i) => codeLine(i + 1)).join("\n") +
  "\n```\n\nDone."
/** A paragraph of `count` numbered words and no blank line. */
const paragraph = (count: number) =>
  Array.from({ length: count }, (_, i) => `w${String(i + 1).padStart(4, "0")}`).join(" ")

if (!hasTmux) console.warn("test/e2e/inline-screen.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("inline: the screen after a long reply", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  async function start(script: Scenario, prompt: string) {
    const { pane } = await terminalBox(script, cleanups, { cols: 100, rows: 32, history: 10_000, tps: 300 })
    pane.send("clear", "Enter")
    pane.type(`${XAGENT_BIN} --inline --no-daemon; echo "EXIT=$?"`)
    pane.send("Enter")
    // A window run from source (no prebuilt bundle matches yet) takes a while on a loaded machine.
    await pane.waitFor("Ask anything", 60_000)
    pane.type(prompt)
    pane.send("Enter")
    return pane
  }

  async function settled(pane: Pane, last: string) {
    await pane.waitFor((s) => s.includes(last) && !s.includes("Working"), 60_000)
    // The screen once the footer is back at its idle height (the prompt's placeholder shows).
    return pane.waitFor((s) => s.includes("Ask anything") && !s.includes("Working"), 60_000)
  }

  test("a reply ending in a 100-line code block leaves the code's last screenful on screen", async () => {
    const pane = await start({ turns: [{ text: codeReply(100) }] }, "show me the file")
    const screen = await settled(pane, "Done.")
    const shown = [...screen.matchAll(/# code line (\d+)/g)].map((m) => Number(m[1]))
    // The 32 rows less the footer and the reply's last rows (`Done.` and the blank ones around
    // it) hold the code's last lines, in order, up to its last (24 of them with the footer at its
    // idle 4 rows; a row or two fewer while a toast or the status line is taller). Before, the
    // screen kept only `Done.`.
    expect(shown.length).toBeGreaterThanOrEqual(20)
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => 101 - shown.length + i))
    expect(screen).toContain("Done.")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 30_000)
  }, 120_000)

  test("a long paragraph with no blank line leaves its last screenful on screen", async () => {
    const pane = await start({ turns: [{ text: paragraph(1500) }] }, "say a lot")
    const screen = await settled(pane, "w1500")
    const words = [...screen.matchAll(/w(\d{4})/g)].map((m) => Number(m[1]))
    // 100 columns hold some 16 words a row: the rows above the footer, some 25 of them, hold the
    // paragraph's last 400 words or so, in order. Before, only its last row was on screen.
    expect(words.length).toBeGreaterThan(350)
    expect(words).toEqual(Array.from({ length: words.length }, (_, i) => 1501 - words.length + i))
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0", 30_000)
  }, 120_000)
})
