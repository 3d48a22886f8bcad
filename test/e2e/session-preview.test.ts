// `xagent --session <file>` in a real terminal, through the daemon, cold: the window draws the
// file's history itself while the session's host starts (tui/util/session-preview.ts), then the
// host takes over and the session takes a prompt. Full screen and inline, nothing drawn or written twice.
import { afterAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import { writeLongSession } from "../../bench/fixtures/long-session"
import { MOCK_MODEL, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

const MARKER = "LAST-OF-2000-e2e"
const REPLY = "REPLY-AFTER-RESUME-4a"

if (!hasTmux) console.warn("test/e2e/session-preview.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("--session <file> shows its history, then takes a prompt", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  const setup = async (script: Scenario) => {
    const w = await terminalBox(script, cleanups, { history: 60_000 })
    const file = join(w.box.cwd, "long.jsonl")
    writeLongSession(file, { messages: 2000, cwd: w.box.cwd, marker: MARKER })
    return { ...w, file }
  }

  test("full screen: the last message, then a prompt answered below it", async () => {
    const { pane, file } = await setup({ turns: [{ text: REPLY }] })
    pane.type(`${XAGENT_BIN} --fullscreen --session ${file}; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor(MARKER, 60_000)
    await pane.waitFor(MOCK_MODEL, 60_000)
    pane.type("one more question")
    pane.send("Enter")
    const screen = await pane.waitFor(REPLY, 60_000)
    expect(screen.split(MARKER).length - 1).toBe(1)
    expect(screen.indexOf(MARKER)).toBeLessThan(screen.indexOf(REPLY))
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 120_000)

  test("inline: the history goes up once, in order, and the reply follows it", async () => {
    const { pane, file } = await setup({ turns: [{ text: REPLY }] })
    pane.send("clear", "Enter")
    pane.type(`${XAGENT_BIN} --inline --session ${file}; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor(MOCK_MODEL, 60_000)
    pane.type("one more question")
    pane.send("Enter")
    // The session is live while its history still goes up (a batch per turn of the window's
    // loop), so the reply can show in the footer before the last rows of the history are written
    // above it: wait for both, then read.
    const deadline = Date.now() + 120_000
    const turnsIn = (text: string) => [...text.matchAll(/Turn (\d+):/g)].map((m) => Number(m[1]))
    let all = pane.scrollback()
    while (!all.includes(REPLY) || turnsIn(all).length < 500) {
      if (Date.now() > deadline) break
      await Bun.sleep(100)
      all = pane.scrollback()
    }
    if (!all.includes(REPLY)) throw new Error(`the reply never went up:\n${all.slice(-3000)}`)
    const turns = turnsIn(all)
    expect(turns).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(all.split(MARKER).length - 1).toBe(1)
    expect(all.indexOf(MARKER)).toBeLessThan(all.lastIndexOf(REPLY))
    await pane.waitFor((s) => !s.includes("Working"), 60_000)
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 240_000)
})
