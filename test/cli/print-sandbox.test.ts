// `xagent -p` and the sandbox, through bin/xagent: with no sandbox it refuses (exit 1, saying
// what to install) unless --dangerously-skip-sandbox; with one, the tool's command runs inside it.
import { expect, test } from "bun:test"
import { runXagent, scriptedWorld } from "./run-xagent"

const SLOW = 60_000
const world = scriptedWorld({
  turns: [
    { text: "Ran it.", tool: "bash", args: { command: "ls -d $XAGENT_HOME/run || echo state-hidden" } },
    { text: "Done inside." },
    { text: "Done without." },
  ],
})

test(
  "-p runs the agent's commands in the sandbox",
  async () => {
    const r = await runXagent(["-p", "go"], world.box)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("Done inside.")
    const sent = JSON.stringify(world.llm.requests().at(-1)!.last)
    expect(sent).toContain("state-hidden")
  },
  SLOW,
)

test(
  "-p with no sandbox refuses, saying what to install, unless --dangerously-skip-sandbox",
  async () => {
    const env = { ...world.box.env, XAGENT_BWRAP: "/nonexistent/bwrap" }
    const refused = await runXagent(["-p", "go"], { ...world.box, env })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("apt-get install bubblewrap")
    expect(refused.stderr).toContain("--dangerously-skip-sandbox")
    const calls = world.llm.requests().length
    const full = await runXagent(["-p", "--dangerously-skip-sandbox", "go"], { ...world.box, env })
    expect(full.code).toBe(0)
    expect(full.stdout).toContain("Done without.")
    expect(world.llm.requests().length).toBe(calls + 1)
  },
  SLOW,
)
