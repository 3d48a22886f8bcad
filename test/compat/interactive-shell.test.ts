// interactive-shell: `!i <command>` (or `!vim f`) runs the command on the person's terminal, as in
// pi: the extension's tui.stop() makes the window lend its terminal to the session host, the
// command reads and writes it, and tui.start() gives it back, with the window drawn again and the
// tool result in the transcript. A window without a terminal (here: the test harness) fails the
// command with the reason.
import { afterAll, describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { listPids, readProcStat } from "../../src/util/proc-stat"
import { PI_EXAMPLES, XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "../e2e/terminal-box"
import { hasTmux, openPane } from "../e2e/tmux"
import { useDaemonExamples } from "./daemon-window"

describe.skipIf(!hasTmux)("interactive-shell in a real terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  // With the daemon the host is a process of its own; with --no-daemon it is a Worker of the window's.
  test.each([
    ["a session host process", ""],
    ["--no-daemon", "--no-daemon"],
  ])(
    "!i (%s) runs a command that reads the terminal; the window comes back with its result",
    async (_host, mode) => {
      const { pane } = await terminalBox({ turns: [] }, cleanups)
      pane.type(`${XAGENT_BIN} ${mode} -e ${PI_EXAMPLES}/interactive-shell.ts`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type(`!i printf 'na%s? ' me; read x; echo "hello-$x"; read y`)
      pane.send("Enter")
      // The command has the terminal: its prompt is there and the window is not.
      const lent = await pane.waitFor("name?")
      expect(lent).not.toContain("Ask anything")
      // Ctrl+C goes to the terminal's foreground, the window, which must not close meanwhile. (In
      // --no-daemon the command is in the window's process group and stops, as in pi.)
      if (!mode) pane.send("C-c")
      pane.type("bob")
      pane.send("Enter")
      expect(await pane.waitFor("hello-bob")).not.toContain("Ask anything")
      pane.send("Enter")
      const back = await pane.waitFor("interactive command completed successfully")
      expect(back).toContain("Ask anything")
      expect(back).not.toContain("hello-bob")
      // The window has its keys again.
      pane.type("!echo after-$((40+2))")
      pane.send("Enter")
      await pane.waitFor("after-42")
    },
    90_000,
  )

  test("two windows: only the one that sent !i lends its terminal; closing it meanwhile ends the command, the session stays", async () => {
    const { box, pane: first } = await terminalBox({ turns: [] }, cleanups)
    first.type(`${XAGENT_BIN} -e ${PI_EXAMPLES}/interactive-shell.ts`)
    first.send("Enter")
    await first.waitFor("Ask anything")
    // The window draws before its session is open: a command's output says it is.
    first.type("!echo open-$((1+1))")
    first.send("Enter")
    await first.waitFor("open-2")
    const second = openPane({ cwd: box.cwd, env: box.env })
    cleanups.push(() => second.kill())
    second.type(`${XAGENT_BIN} attach`)
    second.send("Enter")
    await second.waitFor("Ask anything")
    second.type(`!i printf 'na%s? ' me; read x; echo "got-$x"`)
    second.send("Enter")
    expect(await second.waitFor("name?")).not.toContain("Ask anything")
    // The other window keeps its screen (the host is busy with the command until it ends, as pi is).
    const other = first.screen()
    expect(other).toContain("Ask anything")
    expect(other).not.toContain("name?")
    // The lending window goes away while the command waits on its terminal: the read ends.
    second.kill()
    const after = await first.waitFor("interactive command exited with code 1")
    expect(after).toContain("Ask anything")
    first.type("!echo still-$((6*7))")
    first.send("Enter")
    await first.waitFor("still-42")
  }, 90_000)

  test("the host dies while it holds the terminal: the window takes it back and draws again", async () => {
    const { pane } = await terminalBox({ turns: [] }, cleanups)
    pane.type(`${XAGENT_BIN} -e ${PI_EXAMPLES}/interactive-shell.ts`)
    pane.send("Enter")
    await pane.waitFor("Ask anything")
    // printed as "held?", so the typed line does not match it
    pane.type(`!i printf 'h%sd? ' el; read x # lend-marker-7f3`)
    pane.send("Enter")
    expect(await pane.waitFor("held?")).not.toContain("Ask anything")
    // The command's shell is the host's child: its parent is the host.
    const shell = listPids().find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("lend-marker-7f3")
      } catch {
        return false
      }
    })
    expect(shell).toBeDefined()
    process.kill(readProcStat(shell!)!.ppid, "SIGKILL")
    const back = await pane.waitFor((screen) => screen.includes("Ask anything") && !screen.includes("held?"))
    expect(back).toContain("Ask anything")
  }, 90_000)
})

const openWith = useDaemonExamples()

test("interactive-shell: a window with no terminal fails the command and says why", async () => {
  const { app } = await openWith(["interactive-shell.ts"], { turns: [] })
  await app.submit("!i echo inter")
  const frame = await app.until("no terminal to run it on")
  expect(frame).not.toContain("inter\n")
})
