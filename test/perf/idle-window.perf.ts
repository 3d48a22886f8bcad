// Opt-in (`npm run test:perf`): these watch processes do nothing for seconds, so `npm test`
// leaves them out. Once a reply is done, the real window in tmux, its daemon and the session's
// host sleep: no timer, no allocator thread wakes them (docs/adr-idle-and-memory.md).
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "../e2e/terminal-box"
import { hasTmux } from "../e2e/tmux"
import { wakeupsOver } from "./wakeups"

const REPLY = "The command printed e2e-marker-42. Done."
const threadNames = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim())

if (!hasTmux) console.warn("test/perf/idle-window.perf.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("an idle window", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 30_000)

  test("once a reply is done, the window, its daemon and the session's host sleep: no timer, no allocator thread wakes them", async () => {
    const { box, pane } = await terminalBox(
      {
        turns: [{ text: "I will run it.", tool: "bash", args: { command: "echo e2e-marker-42" } }, { text: REPLY }],
        fallback: "nothing more to say",
      },
      cleanups,
    )
    pane.type(`${XAGENT_BIN}; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")
    // the window's own start-up timers run from its first frame, however long the launch took
    const drawn = Date.now()
    pane.type("please run the marker")
    pane.send("Enter")
    await pane.waitFor(REPLY)
    const window = pane.programPid()!
    const status = spawnSync(XAGENT_BIN, ["daemon", "status", "--json"], {
      cwd: box.cwd,
      env: box.env,
      encoding: "utf8",
    })
    const { pid: daemon, hosts } = JSON.parse(status.stdout) as { pid: number; hosts?: { pid: number }[] }
    expect(hosts).toHaveLength(1)
    const host = hosts![0]!.pid
    const pids = [window, daemon, host]
    for (const pid of pids) expect(threadNames(pid)).not.toContain("mi-scavenger")
    // Observation periods, not waits for an event: the first lets the collections that follow a
    // reply run (one second after it at most) and the window's start-up one-offs pass (JSC's first
    // collection, OpenTUI's 5 s terminal-query timeout); the second counts wake-ups of each main
    // thread. Bun's socket timers alone (a Bun socket or Bun's IPC channel between daemon and host)
    // would wake each process five times in it.
    await Bun.sleep(Math.max(2000, 6500 - (Date.now() - drawn)))
    const woke = await wakeupsOver(pids, 5000)
    // each one that woke more than once, with its count
    const awake = Object.entries({ window: woke[0]!, daemon: woke[1]!, host: woke[2]! }).filter(([, n]) => n > 1)
    expect(awake).toEqual([])
    pane.type("/quit")
    pane.send("Enter")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
