// The window once quit after ~15 s of a stopped (SIGSTOP) daemon. A stopped daemon
// is not a dead one: the window stays, its banner says the session host is not answering, and
// after SIGCONT the reply goes on to its end. XAGENT_HEARTBEAT_MS=100 stands for the window's 5 s,
// so 30 missed beats ("3 s" on the banner) are two and a half minutes of a stopped daemon.
import { afterAll, describe, expect, test } from "bun:test"
import { daemonStatus, startXagent, terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

const REPLY = `${"slow ".repeat(300)}reply-end-marker`

if (!hasTmux) console.warn("test/e2e/stopped-daemon.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("a stopped daemon", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("the window waits through SIGSTOP of its daemon and host, says so, and goes on after SIGCONT", async () => {
    const { box, pane } = await terminalBox({ turns: [{ text: REPLY }] }, cleanups, {
      tps: 100,
      env: { XAGENT_HEARTBEAT_MS: "100" },
    })
    await startXagent(pane)
    pane.type("go slowly")
    pane.send("Enter")
    await pane.waitFor(/slow slow/)
    const s = daemonStatus(box)
    const stopped = [s.pid, ...(s.hosts ?? []).map((h) => h.pid)]
    for (const p of stopped) process.kill(p, "SIGSTOP")
    let during: string
    try {
      during = await pane.waitFor("the session host is not answering (3 s)", 30_000)
    } finally {
      for (const p of stopped) process.kill(p, "SIGCONT")
    }
    expect(during).toContain("its process is stopped")
    expect(during).not.toMatch(/EXIT=\d/)
    const after = await pane.waitFor((f) => f.includes("reply-end-marker") && !f.includes("not answering"), 30_000)
    expect(after).not.toContain("Connection lost")
    pane.type("/quit")
    pane.send("Enter")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
