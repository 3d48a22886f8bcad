// `xagent attach` in a real terminal: a reply started by a window that went away keeps running
// in the daemon, and attach (no argument, from the session's folder) shows it whole.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { XAGENT_BIN } from "../fixture/mockllm"
import { hasTmux, openPane, type Pane } from "../e2e/tmux"
import { Recorder, startBox, type DaemonBox } from "./harness"

if (!hasTmux) console.warn("test/daemon/attach-e2e.test.ts: skipped, tmux is not installed")

describe.skipIf(!hasTmux)("xagent attach", () => {
  let d: DaemonBox
  let pane: Pane | undefined
  beforeAll(async () => {
    const turns = [
      { repeat: "tick ", count: 400 },
      { text: "attached-reply-marker" },
      { text: "reply-of-the-first" },
      { text: "reply-of-the-second" },
    ]
    d = await startBox({ turns }, { tps: 400 })
  })
  afterAll(async () => {
    pane?.kill()
    await d.cleanup()
  })

  test("attach opens a window on the folder's live session, mid-reply", async () => {
    const win = await d.connect()
    const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
    const rec = new Recorder(win, sessionId, 0)
    await win.request("session.prompt", { sessionId, text: "count ticks" })
    await rec.waitFor((s) => s.running, "the reply to start")
    await win.close() // the window goes away mid-reply; the reply keeps running

    pane = openPane({ cwd: d.box.cwd, env: d.env, cols: 100, rows: 30 })
    pane.type(`${XAGENT_BIN} attach`)
    pane.send("Enter")
    await pane.waitFor("count ticks", 30_000)
    await pane.waitFor("tick tick tick", 30_000)
    // The attached window is a full window: its prompt goes to the same session.
    pane.type("one more")
    pane.send("Enter")
    const screen = await pane.waitFor("attached-reply-marker", 30_000)
    expect(screen).toContain("one more")
    pane.kill()
  }, 90_000)

  test("with several live sessions in the folder, attach asks which one", async () => {
    const win = await d.connect()
    // The first test's window is gone (its tmux server was killed), so its idle session ends.
    for (let i = 0; (await win.daemon("daemon.status", {})).sessions.length > 0; i++) {
      if (i > 500) throw new Error("the first test's session did not end")
      await Bun.sleep(20)
    }
    for (const text of ["first question", "second question"]) {
      const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
      const rec = new Recorder(win, sessionId, 0)
      await win.request("session.prompt", { sessionId, text })
      await rec.waitFor((s) => !s.running && s.items.length === 2, `the reply to ${text}`)
    }
    pane = openPane({ cwd: d.box.cwd, env: d.env, cols: 100, rows: 30 })
    pane.type(`${XAGENT_BIN} attach`)
    pane.send("Enter")
    const list = await pane.waitFor("attach to which (1-2)?")
    // Pi's ids, told apart even when both were made the same minute.
    const ids = [...list.matchAll(/[12]\) ([0-9a-f-]{8,})\s+idle\s+1 window/g)].map((m) => m[1])
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    pane.type("2")
    pane.send("Enter")
    const screen = await pane.waitFor("reply-of-the-second", 30_000)
    expect(screen).toContain("second question")
    expect(screen).not.toContain("first question")
  }, 90_000)
})
