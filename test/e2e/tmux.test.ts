// The real bin/xagent in a real terminal (tmux) against the scripted model: type a prompt, watch
// the reply stream with its bash tool row, quit, come back with -c and find the conversation.
// Polling the screen is the event here: waitFor has a deadline, never a fixed sleep. (The idle
// check, which watches for seconds, is in the opt-in perf suite: test/perf/idle-window.perf.ts.)
import { afterAll, describe, expect, test } from "bun:test"
import { XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { terminalBox } from "./terminal-box"
import { hasTmux, type Pane } from "./tmux"

const scenario: Scenario = {
  turns: [
    { text: "I will run it.", tool: "bash", args: { command: "echo e2e-marker-42" } },
    { text: "The command printed e2e-marker-42. Done." },
  ],
  fallback: "nothing more to say",
}

const PROMPT = "please run the marker"
const REPLY = "The command printed e2e-marker-42. Done."
const TOOL_ROW = /bash.*echo e2e-marker-42/

if (!hasTmux) console.warn("test/e2e/tmux.test.ts: skipped, tmux is not installed (apt-get install tmux)")

describe.skipIf(!hasTmux)("xagent in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  // Every setup stops its own daemon (a process run each): more than the default 5 s for them all.
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  const setup = (script = scenario) => terminalBox(script, cleanups)

  /** Runs xagent in the pane's shell, which then prints its exit status as EXIT=<code>. */
  function run(pane: Pane, args: string) {
    pane.send("clear", "Enter")
    pane.type(`${XAGENT_BIN} ${args}; echo "EXIT=$?"`)
    pane.send("Enter")
  }

  async function converse(pane: Pane) {
    await pane.waitFor("Ask anything")
    pane.type(PROMPT)
    pane.send("Enter")
    await pane.waitFor(REPLY)
    const screen = await pane.waitFor("I will run it.")
    expect(screen).toContain(PROMPT)
    expect(screen).toMatch(TOOL_ROW)
  }

  /** Leaves the window one of the two ways, and sees it exit 0. */
  async function quit(pane: Pane, how: "/quit" | "Ctrl+C twice") {
    if (how === "/quit") {
      pane.type("/quit")
      pane.send("Enter")
    } else {
      pane.send("C-c")
      pane.send("C-c")
    }
    await pane.waitFor("EXIT=0")
  }

  /** Runs xagent again with `args` (a -c form) and finds the whole conversation, with no new model call. */
  async function comeBack(pane: Pane, llm: { requests(): unknown[] }, args: string) {
    run(pane, args)
    const again = await pane.waitFor(REPLY)
    expect(again).toContain(PROMPT)
    expect(again).toMatch(TOOL_ROW)
    expect(llm.requests()).toHaveLength(2)
  }

  test("with the daemon: a reply, /quit, then -c shows the same conversation", async () => {
    const { pane, llm } = await setup()
    run(pane, "")
    await converse(pane)
    await quit(pane, "/quit")

    await comeBack(pane, llm, "-c")
    await quit(pane, "Ctrl+C twice")
  }, 90_000)

  test("from source, when no prebuilt window matches, the window still opens and answers", async () => {
    const { pane } = await setup()
    pane.type(`XAGENT_WINDOW_SOURCE=1 ${XAGENT_BIN} --no-daemon "${PROMPT}"; echo "EXIT=$?"`)
    pane.send("Enter")
    await pane.waitFor(REPLY)
    await quit(pane, "Ctrl+C twice")
  }, 90_000)

  test("with --no-daemon: a reply, Ctrl+C twice, then -c --no-daemon shows it again", async () => {
    const { pane, llm } = await setup()
    run(pane, "--no-daemon")
    await converse(pane)
    await quit(pane, "Ctrl+C twice")

    await comeBack(pane, llm, "-c --no-daemon")
    await quit(pane, "/quit")
  }, 90_000)

  test("a reply's text is on screen by the time its tool row is (no wait for highlighting)", async () => {
    const { pane } = await setup({
      turns: [
        { text: "Checking the folder first.", tool: "bash", args: { command: "sleep 1; echo slow-marker" } },
        { text: "All checked." },
      ],
    })
    run(pane, "--no-daemon")
    await pane.waitFor("Ask anything")
    pane.type("check it")
    pane.send("Enter")
    // The first screen that shows the tool row must show the words streamed before it.
    const screen = await pane.waitFor(/bash.*sleep 1; echo slow-marker/)
    expect(screen).toContain("Checking the folder first.")
    await pane.waitFor("All checked.")
    await quit(pane, "Ctrl+C twice")
  }, 90_000)
})
