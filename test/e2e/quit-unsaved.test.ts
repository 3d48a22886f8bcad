// Issue 26: nothing a window holds is lost without a word at its end. Quitting while the session
// file lacks entries (here `chattr +i`: EPERM for root too) asks what to do with them: keep the
// session alive in its host (it saves them once the file can be written again) or write the
// session to a file it names. Without the question the daemon ended the idle session at once
// and only its log said "2 entries were never saved".
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { TERMINAL_WAIT_MS } from "../fixture/wait"
import { daemonStatus, startXagent, terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

/** Each test starts a window (and a daemon) in a real terminal and waits on it several times: the
 *  30 s default ran out under load with the test still going. */
const E2E_TEST_MS = 240_000

const ROOT = process.getuid?.() === 0
const run = (cmd: string[]) => spawnSync(cmd[0]!, cmd.slice(1), { encoding: "utf8" })
const immutable: string[] = []

if (!hasTmux) console.warn("test/e2e/quit-unsaved.test.ts: skipped, tmux is not installed (apt-get install tmux)")

/** The one session file Pi wrote under `agentDir` (there is one session per test). */
function sessionFile(agentDir: string): string {
  const root = join(agentDir, "sessions")
  const dirs = readdirSync(root).map((d) => join(root, d))
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(d, f)),
  )
  expect(files).toHaveLength(1)
  return files[0]!
}

async function until(what: string, check: () => boolean, timeoutMs = TERMINAL_WAIT_MS) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(100)
  }
}

describe.skipIf(!hasTmux || !ROOT)("quitting with entries the session file could not take", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const p of immutable) run(["chattr", "-i", p])
    for (const c of cleanups.reverse()) await c()
  })

  /** A window with one saved exchange, then one that cannot be saved (the file made immutable). */
  async function unsavedWindow() {
    const world = await terminalBox({ turns: [{ text: "First answer." }, { text: "Second answer." }] }, cleanups)
    const { box, pane } = world
    await startXagent(pane)
    pane.type("first question")
    pane.send("Enter")
    await pane.waitFor("First answer.")
    const file = sessionFile(box.agentDir)
    await until("the first reply on disk", () => readFileSync(file, "utf8").includes("First answer."))
    expect(run(["chattr", "+i", file]).status).toBe(0)
    immutable.push(file)
    pane.type("second question")
    pane.send("Enter")
    await pane.waitFor("Second answer.")
    await pane.waitFor(/could not be saved/)
    return { ...world, file }
  }

  test(
    "Ctrl+D says what would be lost; keeping the session alive saves them once the file can be written",
    async () => {
      const { box, pane, file } = await unsavedWindow()
      pane.send("C-d")
      const asked = await pane.waitFor(/of this session could not be saved to/)
      await pane.waitFor("Keep the session alive")
      expect(asked).toMatch(/2 entries of this session/)
      pane.send("Enter") // the first choice: keep it
      const after = (await pane.waitFor(/EXIT=0/)).replace(/\n/g, "")
      expect(after).toMatch(/2 entries not saved to .* are kept in the live session/)
      expect(after).toMatch(/xagent attach [\w-]+/)
      // The window is gone and the daemon keeps the session (it would have ended it at once).
      expect(daemonStatus(box).sessions.map((s) => s.file)).toContain(file)
      expect(readFileSync(file, "utf8")).not.toContain("Second answer.")
      run(["chattr", "-i", file])
      await until("the kept entries saved", () => readFileSync(file, "utf8").includes("Second answer."))
      expect(readFileSync(file, "utf8")).toContain("second question")
    },
    E2E_TEST_MS,
  )

  test(
    "writing the session to another file names it, and that file holds every entry",
    async () => {
      const { pane } = await unsavedWindow()
      pane.send("C-d")
      await pane.waitFor("Write the session to another file")
      pane.send("Down")
      pane.send("Enter") // the second choice: write it elsewhere
      const after = (await pane.waitFor(/EXIT=0/)).replace(/\n/g, "")
      const path = /xagent --session (\S+?\.jsonl)/.exec(after)?.[1]
      expect(path).toBeDefined()
      expect(existsSync(path!)).toBe(true)
      const copy = readFileSync(path!, "utf8")
      for (const text of ["first question", "First answer.", "second question", "Second answer."])
        expect(copy).toContain(text)
    },
    E2E_TEST_MS,
  )
})

describe.skipIf(!hasTmux)("a follow-up queued in the window when the daemon dies", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test(
    "is said at exit, kept in a file, and back in the prompt of the next window on the session",
    async () => {
      const slow = `${"slow ".repeat(3000)}reply-end-marker`
      const { box, pane } = await terminalBox({ turns: [{ text: slow }, { text: "Later answer." }] }, cleanups, {
        tps: 50,
      })
      await startXagent(pane)
      pane.type("go slowly")
      pane.send("Enter")
      await pane.waitFor(/slow slow/)
      pane.type("the queued follow-up")
      pane.send("Enter")
      await pane.waitFor("Queued: the queued follow-up")
      process.kill(daemonStatus(box).pid, "SIGKILL")
      const after = (await pane.waitFor(/EXIT=75/)).replace(/\n/g, " ")
      expect(after).toMatch(/A queued message was not sent: +the queued follow-up/)
      expect(after).toMatch(/come back in the prompt when this session is opened again/)
      pane.type(`${XAGENT_BIN} -c; echo "EXIT=$?"`)
      pane.send("Enter")
      await pane.waitFor(/│ › the queued follow-up/)
      // taken out of its file: a third window does not get it again
      expect(readdirSync(join(box.xagentHome, "queued"))).toEqual([])
    },
    E2E_TEST_MS,
  )
})
