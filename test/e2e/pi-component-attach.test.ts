// An extension's Pi component in a real terminal, and across a detach: `xagent -e tools.ts`, /tools,
// a key moves the picker; the terminal is killed; `xagent attach` in a new one shows the picker as
// it was, and it takes that terminal's keys (real key sequences, through tmux).
import { afterAll, describe, expect, test } from "bun:test"
import { XAGENT_BIN } from "../fixture/mockllm"
import { PI_EXAMPLES } from "../fixture/pi-examples"
import { scriptedHome } from "./terminal-box"
import { hasTmux, openPane } from "./tmux"

describe.skipIf(!hasTmux)("a Pi component outlives its terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("/tools in one terminal, the terminal killed, xagent attach drives the same picker", async () => {
    const { box } = await scriptedHome({ turns: [] }, cleanups)

    const first = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => first.kill())
    first.type(`${XAGENT_BIN} -e ${PI_EXAMPLES}/tools.ts`)
    first.send("Enter")
    await first.waitFor("Ask anything")
    first.type("/tools")
    await first.waitFor("Enable/disable tools")
    first.send("Enter")
    await first.waitFor("Tool Configuration")
    first.send("Down")
    await first.waitFor(/→ bash +enabled/)
    first.kill()

    const second = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach`)
    second.send("Enter")
    const shown = await second.waitFor("Tool Configuration", 30_000)
    expect(shown).toMatch(/→ bash +enabled/)
    second.send("Enter")
    await second.waitFor(/→ bash +disabled/)
    second.send("Escape")
    expect(await second.waitFor("Ask anything")).not.toContain("Tool Configuration")
  }, 90_000)
})
