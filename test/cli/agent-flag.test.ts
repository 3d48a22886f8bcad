// `xagent --agent <name|command>` through bin/xagent: a profile's agent and a raw command line both
// run the session on that ACP agent (here `xagent acp` itself, on the scripted model, with an
// xagent home of its own: the window's daemon refuses sessions to processes its sessions
// started); what cannot go with an agent is a usage error.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, startMockLlm, writeAgentDir, XAGENT_BIN, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { lines, runXagent } from "./run-xagent"
import { splitWords } from "../../src/cli/agent-choice"

const SLOW = 120_000

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  box = makeSandbox()
  llm = await startMockLlm({
    turns: [{ text: "From the profile's agent." }, { text: "From the command line's agent." }],
  })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  mkdirSync(join(box.xagentHome, "agents"), { recursive: true })
  writeFileSync(
    join(box.xagentHome, "agents", "nested.md"),
    [
      "---",
      "name: nested",
      `acp: ${XAGENT_BIN}`,
      "args: [acp]",
      "env:",
      `  XAGENT_HOME: ${join(box.root, "nested-home")}`,
      "---",
      "",
    ].join("\n"),
  )
})
afterAll(async () => {
  // the agents' own daemons (each `xagent acp` started one in its home), then the window's
  for (const home of [join(box.root, "nested-home"), join(box.root, "cli home"), box.xagentHome])
    await runXagent(["daemon", "stop"], { ...box, env: { ...box.env, XAGENT_HOME: home } }).catch(() => {})
  await llm.stop()
  box.cleanup()
})

describe("--agent", () => {
  test(
    "a profile's name runs the session on its agent",
    async () => {
      const r = await runXagent(["-p", "--agent", "nested", "hello"], box)
      expect(r.stderr).toBe("")
      expect(r.stdout.trim()).toBe("From the profile's agent.")
      expect(r.code).toBe(0)
    },
    SLOW,
  )

  test(
    "a command line runs as it is split, quotes kept together",
    async () => {
      const home = join(box.root, "cli home")
      const r = await runXagent(["-p", "--agent", `env 'XAGENT_HOME=${home}' ${XAGENT_BIN} acp`, "hello"], box)
      expect(r.stdout.trim()).toBe("From the command line's agent.")
      expect(r.code).toBe(0)
    },
    SLOW,
  )

  test("an agent's session is new and on the agent's own model: picking a Pi session or model is a usage error", async () => {
    const r = await runXagent(["-p", "--agent", "nested", "-c", "--model", "a/b", "hello"], box)
    expect(r.code).toBe(2)
    expect(lines(r.stderr)).toEqual([
      "xagent: --agent runs a new session on the agent's own model and settings: --continue, --model are for Pi's sessions",
    ])
  })

  test(
    "a program that is not there says so",
    async () => {
      const r = await runXagent(["-p", "--agent", "no-such-agent-program", "hello"], box)
      expect(r.code).not.toBe(0)
      expect(r.stderr).toContain("did not start")
    },
    SLOW,
  )

  test("a folder's own profile is never run by name, not even one that takes a built-in's name", async () => {
    const marker = join(box.root, "ran-the-repository's-program")
    mkdirSync(join(box.cwd, ".xagent", "agents"), { recursive: true })
    writeFileSync(
      join(box.cwd, ".xagent", "agents", "claude.md"),
      ["---", "name: claude", "acp: touch", `args: [${JSON.stringify(marker)}]`, "---", ""].join("\n"),
    )
    const r = await runXagent(["-p", "--agent", "claude", "hello"], box)
    expect(r.code).toBe(2)
    expect(lines(r.stderr)).toEqual([
      expect.stringContaining(
        "is this folder's (.xagent/agents/), and xagent does not run a program a repository names",
      ),
    ])
    expect(r.stderr).toContain(`--agent 'touch ${marker}'`)
    expect(existsSync(marker)).toBe(false)
  })

  test("words are split as a shell would, without expansion", () => {
    expect(splitWords(`a 'b c' "d \\"e\\"" f\\ g $HOME`)).toEqual(["a", "b c", 'd "e"', "f g", "$HOME"])
    expect(() => splitWords("a 'b")).toThrow(/not closed/)
  })
})
