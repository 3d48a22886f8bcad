// interactive-shell: `!i <command>` (or `!vim f`) runs the command on the person's terminal, as in
// pi: the extension's tui.stop() makes the window lend its terminal to the session host, the
// command reads and writes it, and tui.start() gives it back, with the window drawn again and the
// tool result in the transcript (inline: below the command's output, which stays). A window without a terminal (here: the test harness) fails the
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
    ["full screen", "--fullscreen"],
  ])(
    "!i (%s) runs a command that reads the terminal; the window comes back with its result",
    async (_host, mode) => {
      const { pane } = await terminalBox({ turns: [] }, cleanups, { history: 200 })
      pane.type(`${XAGENT_BIN} ${mode} -e ${PI_EXAMPLES}/interactive-shell.ts`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type(`!i printf 'na%s? ' me; read x; echo "hello-$x"; read y`)
      pane.send("Enter")
      // The command has the terminal: its prompt is there and the window is not.
      const lent = await pane.waitFor("name?")
      expect(lent).not.toContain("Ask anything")
      pane.type("bob")
      pane.send("Enter")
      expect(await pane.waitFor("hello-bob")).not.toContain("Ask anything")
      pane.send("Enter")
      const back = await pane.waitFor("interactive command completed successfully")
      expect(back).toContain("Ask anything")
      if (mode === "--fullscreen") expect(back).not.toContain("hello-bob")
      else {
        // Inline, the command's output stays where it was written, the window's footer below it.
        expect(back.indexOf("hello-bob")).toBeGreaterThan(-1)
        expect(back.indexOf("hello-bob")).toBeLessThan(back.indexOf("Ask anything"))
        expect(pane.scrollback().split("hello-bob").length - 1).toBe(1)
      }
      // The window has its keys again.
      pane.type("!echo after-$((40+2))")
      pane.send("Enter")
      await pane.waitFor("after-42")
    },
    90_000,
  )

  // The terminal sends Ctrl+C to its foreground job, the window; the command runs under the host,
  // with no terminal of its own, so the window passes it on. The window stays open.
  test.each([
    ["a session host process", ""],
    ["--no-daemon", "--no-daemon"],
  ])(
    "Ctrl+C (%s) stops the command that has the terminal, not the window",
    async (_host, mode) => {
      const { pane } = await terminalBox({ turns: [] }, cleanups)
      pane.type(`${XAGENT_BIN} ${mode} -e ${PI_EXAMPLES}/interactive-shell.ts`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type(`!i printf 'wa%s? ' it; sleep 60; echo never-$((6*7))`)
      pane.send("Enter")
      expect(await pane.waitFor("wait?")).not.toContain("Ask anything")
      pane.send("C-c")
      const back = await pane.waitFor("interactive command exited with code")
      expect(back).toContain("Ask anything")
      expect(pane.scrollback()).not.toContain("never-42")
      pane.type("!echo after-$((40+2))")
      pane.send("Enter")
      await pane.waitFor("after-42")
    },
    90_000,
  )

  // A command that writes more than a screen: the footer comes back below its last row, and the
  // scrollback has every row once, in order. With the footer-seed patch off, the screen goes up
  // into the scrollback whole: nothing lost, but the output is out of sight.
  test.each([
    ["below the output", {}],
    ["XAGENT_NO_FOOTER_SEED", { XAGENT_NO_FOOTER_SEED: "1" }],
  ])(
    "inline, !i writing more than a screen: every row once and in order (%s)",
    async (name, env) => {
      const { pane } = await terminalBox({ turns: [] }, cleanups, { rows: 24, history: 500, env })
      pane.type(`${XAGENT_BIN} --inline -e ${PI_EXAMPLES}/interactive-shell.ts`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type("!echo before-$((1+1))")
      pane.send("Enter")
      await pane.waitFor("before-2")
      pane.type("!i seq 100 140; printf 'do%s? ' ne; read y")
      pane.send("Enter")
      await pane.waitFor("done?")
      pane.send("Enter")
      const back = await pane.waitFor("interactive command completed successfully")
      const rows = pane.scrollback().split("\n")
      const at = (text: string) => rows.findIndex((r) => r.trim() === text)
      for (let n = 100; n <= 140; n++) {
        expect(rows.filter((r) => r.trim() === String(n))).toHaveLength(1)
        if (n > 100) expect(at(String(n))).toBe(at(String(n - 1)) + 1)
      }
      expect(at("100")).toBeGreaterThan(rows.findIndex((r) => r.includes("before-2")))
      expect(rows.findIndex((r) => r.startsWith("done?"))).toBe(at("140") + 1)
      expect(rows.findIndex((r) => r.includes("interactive command completed"))).toBeGreaterThan(at("140"))
      if (name === "below the output") expect(back).toMatch(/^140$[\s\S]*done\?[\s\S]*interactive command completed/m)
      else expect(back).not.toContain("done?")
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
    // Inline (the default), what the command wrote stays above the footer drawn again below it.
    const back = await pane.waitFor((screen) => screen.includes("Ask anything"))
    expect(back.indexOf("held?")).toBeGreaterThan(-1)
    expect(back.indexOf("held?")).toBeLessThan(back.indexOf("Ask anything"))
  }, 90_000)
})

const openWith = useDaemonExamples()

test("interactive-shell: a window with no terminal fails the command and says why", async () => {
  const { app } = await openWith(["interactive-shell.ts"], { turns: [] })
  await app.submit("!i echo inter")
  const frame = await app.until("no terminal to run it on")
  expect(frame).not.toContain("inter\n")
})
