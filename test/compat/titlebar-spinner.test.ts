// Pi's titlebar-spinner example in a real terminal (compat suite): while the agent works, the
// terminal's title spins a braille frame before "π - <folder>"; settled, it is "π - <folder>", the
// folder being the session's (the host runs in it). Read from tmux's pane title, as a terminal's tab shows it.
import { afterAll, describe, expect, test } from "bun:test"
import { basename } from "node:path"
import { PI_EXAMPLES, XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "../e2e/terminal-box"
import { hasTmux } from "../e2e/tmux"

describe.skipIf(!hasTmux)("titlebar-spinner", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("titlebar-spinner: the title spins while a reply runs and settles on π - <folder>", async () => {
    const { box, pane } = await terminalBox({ turns: [{ repeat: "word ", count: 60 }] }, cleanups, { tps: 100 })
    const title = () => pane.tmux("display-message", "-p", "-t", "e2e", "#{pane_title}").trim()
    const folder = basename(box.cwd)
    pane.type(`${XAGENT_BIN} -e ${PI_EXAMPLES}/titlebar-spinner.ts`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")
    pane.type("go")
    pane.send("Enter")
    const spinning = await until(() => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] π - /.test(title()) && title())
    expect(spinning.slice(2)).toBe(`π - ${folder}`)
    expect(await until(() => title() === `π - ${folder}` && title(), 30_000)).toBe(`π - ${folder}`)
  }, 90_000)
})

async function until<T>(probe: () => T | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = probe()
    if (v) return v
    if (Date.now() > deadline) throw new Error("timed out waiting for the title")
    await Bun.sleep(20)
  }
}
