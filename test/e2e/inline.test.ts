// Inline mode in a real terminal (tmux): the transcript goes into the pane's own scrollback, each
// line once and in order, through a long reply, resizes, a resume and an attach mid-reply.
// `capture-pane -S -` reads the scrollback and the screen together.
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { writeLongSession } from "../../bench/fixtures/long-session"
import { sessionDirFor } from "../../src/runtime/files/session-files"
import { startMockLlm, writeAgentDir, XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux, type Pane } from "./tmux"

const END = "REPLY-END-3f9"
const numbered = (n: number, of: number) => `line ${String(n).padStart(4, "0")} of ${of}`
/** A reply of `count` one-line paragraphs, then the end marker. */
const longReply = (count: number) =>
  Array.from({ length: count }, (_, i) => numbered(i + 1, count)).join("\n\n") + `\n\n${END}`

/** The numbers of every `line NNNN of <of>` row the pane holds, top to bottom. */
function linesIn(text: string, of: number): number[] {
  const re = new RegExp(`line (\\d{4}) of ${of}\\b`, "g")
  return [...text.matchAll(re)].map((m) => Number(m[1]))
}
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

if (!hasTmux) console.warn("test/e2e/inline.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("inline mode in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  const setup = (script: Scenario, opts: { tps?: number; cols?: number; rows?: number } = {}) =>
    terminalBox(script, cleanups, { ...opts, history: 60_000 })

  function run(pane: Pane, args: string) {
    pane.send("clear", "Enter")
    pane.type(`${XAGENT_BIN} --inline ${args}; echo "EXIT=$?"`)
    pane.send("Enter")
  }

  async function ask(pane: Pane, prompt: string) {
    await pane.waitFor("Ask anything")
    pane.type(prompt)
    pane.send("Enter")
  }

  /** Waits until the scrollback holds `text` (the screen shows only the footer's part). */
  async function inScrollback(pane: Pane, text: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const all = pane.scrollback()
      if (all.includes(text)) return all
      if (Date.now() > deadline) throw new Error(`never in the scrollback: ${text}\n${all.slice(-3000)}`)
      await Bun.sleep(100)
    }
  }

  /**
   * The pane's scrollback and screen once they hold every line of the reply, in order, and its end
   * marker; at the deadline, whatever they hold then (for the assertion to show what is missing).
   * The end marker on screen is not enough: under load the footer draws the reply's end while the
   * lines above it are still being drawn for the scrollback, and the footer, anchored to its
   * bottom, shows only as many of them as it has rows (the 20-resize run read a capture without
   * lines 2995-2996 that way).
   */
  async function wholeReply(pane: Pane, count: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs
    const want = upTo(count).join(",")
    for (;;) {
      const all = pane.scrollback()
      if (all.includes(END) && linesIn(all, count).join(",") === want) return all
      if (Date.now() > deadline) return all
      await Bun.sleep(250)
    }
  }

  /**
   * What the session's file holds of the reply, for a failure to say whether the window lost rows
   * or the reply itself came short (a run whose screen ended at line 2999, with no end marker).
   */
  function replyInSession(box: { cwd: string; agentDir: string }, count: number): string {
    const dir = sessionDirFor(box.cwd, box.agentDir)
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : []
    if (files.length === 0) return "no session file"
    const text = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n")
    const last = Math.max(0, ...linesIn(text, count))
    return `the session file's reply reaches line ${last}, ${text.includes(END) ? "with" : "without"} its end marker`
  }

  async function quit(pane: Pane) {
    // The reply's last line reaches the scrollback a moment before its run ends; quitting in that
    // moment asks whether to stop the reply instead of exiting.
    await pane.waitFor((s) => !s.includes("Working"), 60_000)
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }

  test("a 3,000-line reply: the scrollback holds every line once, in order", async () => {
    const { pane } = await setup({ turns: [{ text: longReply(3000) }] })
    run(pane, "--no-daemon")
    await ask(pane, "count to three thousand")
    await inScrollback(pane, END, 120_000)
    const all = await wholeReply(pane, 3000, 60_000)
    expect(linesIn(all, 3000)).toEqual(upTo(3000))
    expect(all.split("count to three thousand").length - 1).toBe(1)
    await quit(pane)
  }, 180_000)

  // Each resize clears the terminal and writes the transcript again at the new size (the frames
  // drawn before the window hears of a resize land where the footer was: docs/adr-inline-mode.md).
  // Under four busy processes on two cores it took 250 s (the reply's first lines 30 s, each resize
  // 4-10 s of writing up to 1,300 lines again, then the rest of the reply), where the ceiling was
  // 180 s: every wait ends at one deadline under the test's ceiling, so a slow step takes what the
  // others did not need.
  test("the same with 20 resizes while it streams", async () => {
    const deadline = Date.now() + 540_000
    const left = () => deadline - Date.now()
    // 400 tokens a second: about a minute of streaming to resize in
    const { box, pane } = await setup({ turns: [{ text: longReply(3000) }] }, { tps: 400 })
    run(pane, "--no-daemon")
    await ask(pane, "count while I resize")
    const sizes = [
      [80, 24],
      [120, 40],
      [60, 20],
      [100, 30],
    ] as const
    try {
      for (let i = 0; i < 20; i++) {
        // Each resize waits for the reply to have moved on by some lines (numbers on screen), or to
        // have ended: 20 of them need 1,200 of its 3,000 lines, but each one writes the transcript
        // again, 4-10 s at 1,000 lines under load, while the model streams on at its own pace; the
        // reply then ended before the 20th, and the wait for 60 more lines never ended. The
        // resizes left come one after another after the end (a run of resizes, written once).
        const seen = Math.max(0, ...linesIn(pane.screen(), 3000))
        await pane.waitFor((s) => Math.max(0, ...linesIn(s, 3000)) >= seen + 60 || s.includes(END), left())
        const [cols, rows] = sizes[i % sizes.length]!
        pane.resize(cols, rows)
      }
      await inScrollback(pane, END, left())
    } catch (e) {
      throw new Error(`${(e as Error).message}\n(${replyInSession(box, 3000)})`)
    }
    const all = await wholeReply(pane, 3000, left())
    if (linesIn(all, 3000).join() !== upTo(3000).join()) console.error(replyInSession(box, 3000))
    expect(linesIn(all, 3000)).toEqual(upTo(3000))
    expect(all.split("count while I resize").length - 1).toBe(1)
    await quit(pane)
  }, 600_000)

  test("-c on a 2,000-message session writes its history once", async () => {
    const { box, pane } = await setup({ turns: [], fallback: "ok" })
    const dir = sessionDirFor(box.cwd, box.agentDir)
    mkdirSync(dir, { recursive: true })
    const marker = "LAST-OF-2000"
    writeLongSession(join(dir, "2026-01-05T09-00-00-000Z_0195c0de.jsonl"), { messages: 2000, cwd: box.cwd, marker })
    run(pane, "-c --no-daemon")
    // The session opens in the window's own process: under a load of 40-50 on two cores it was not
    // open yet after 120 s (the welcome still up, no model named), where it takes seconds alone.
    await inScrollback(pane, marker, 360_000)
    await pane.waitFor("Ask anything")
    // The last message shows first (the footer holds the newest items while the rows above them go
    // up): the history is written once the capture holds every turn, or, at the deadline, whatever
    // it holds then, for the assertion to show what is missing or twice.
    const turnsIn = (text: string) => [...text.matchAll(/Turn (\d+):/g)].map((m) => Number(m[1]))
    const deadline = Date.now() + 240_000
    let all = pane.scrollback()
    while (turnsIn(all).length < 500 && Date.now() < deadline) {
      await Bun.sleep(100)
      all = pane.scrollback()
    }
    const turns = turnsIn(all)
    expect(turns).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(all.split(marker).length - 1).toBe(1)
    await quit(pane)
  }, 480_000)

  test("attach mid-reply: the history once, then the rest of the reply, nothing twice", async () => {
    const { pane } = await setup({ turns: [{ text: longReply(300) }] }, { tps: 30 })
    run(pane, "")
    await ask(pane, "count slowly for the attach")
    await pane.waitFor((s) => linesIn(s, 300).some((n) => n >= 20), 60_000)
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("xagent attach")
    // A fresh terminal for the attaching window: what the first one wrote is gone.
    pane.send("clear", "Enter")
    await pane.waitFor((s) => !s.includes("count slowly for the attach"))
    pane.clearHistory()
    pane.type(`${XAGENT_BIN} attach --inline; echo "EXIT=$?"`)
    pane.send("Enter")
    await inScrollback(pane, END, 120_000)
    const all = await wholeReply(pane, 300, 60_000)
    expect(linesIn(all, 300)).toEqual(upTo(300))
    expect(all.split("count slowly for the attach").length - 1).toBe(1)
    await quit(pane)
  }, 180_000)

  // A model numbers its tool calls per process (the scripted one `call_<request>_<index>`, some
  // providers per session): a new session in a window that showed an earlier one reuses its ids.
  test("a new session's tool rows reach the scrollback when an earlier session in the window had the same call ids", async () => {
    const turn = (name: string): Scenario => ({
      turns: [{ text: `Short ${name}.`, tool: "bash", args: { command: `echo row${name}` } }, { text: `end${name}` }],
    })
    const { box, pane } = await setup(turn("A"))
    run(pane, "--no-daemon")
    await ask(pane, "first run")
    await inScrollback(pane, "endA")
    await quit(pane)
    // The same script on a fresh model server: its first call is call_1_0 again.
    const second = await startMockLlm(turn("B"))
    cleanups.push(() => second.stop())
    writeAgentDir(box.agentDir, { baseUrl: second.baseUrl })
    pane.clearHistory()
    run(pane, "-c --no-daemon")
    await inScrollback(pane, "endA")
    await ask(pane, "/new")
    await inScrollback(pane, "new session")
    await ask(pane, "second run")
    const all = await inScrollback(pane, "endB")
    const after = all.slice(all.lastIndexOf("new session"))
    expect(after).toContain("Short B.")
    expect(after).toContain("$ echo rowB")
    expect(after.indexOf("$ echo rowB")).toBeLessThan(after.indexOf("endB"))
    await quit(pane)
  }, 180_000)
})
