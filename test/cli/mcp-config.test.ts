// Pi's MCP configuration on xagent, through bin/xagent -p against the scripted model: the
// servers of the person's <agent dir>/mcp.json and, in a project Pi trusts, of .pi/mcp.json
// connect as in `pi` (a stdio server of the test's own, whose tool the model calls), and
// --no-mcp leaves them all out.
import { afterEach, expect, test } from "bun:test"
import { ProjectTrustStore } from "@earendil-works/pi-coding-agent"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { writeEchoMcp } from "../fixture/echo-mcp"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

const SLOW = 60_000
const open: { box: Sandbox; llm: MockLlm }[] = []
afterEach(async () => {
  for (const { box, llm } of open.splice(0)) {
    await llm.stop()
    box.cleanup()
  }
})

async function setup(server: string) {
  const box = makeSandbox()
  const call = { tool: `mcp__${server}__shout`, args: { text: "hello" } }
  // Two runs' worth: a call, then the answer after its result.
  const llm = await startMockLlm({ turns: [call, { text: "shouted" }, call, { text: "shouted" }], fallback: "ok" })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  open.push({ box, llm })
  const script = writeEchoMcp(box.root)
  const config = (mark: string) =>
    JSON.stringify({
      mcpServers: {
        [server]: {
          command: process.execPath,
          args: [script, join(box.root, `${mark}.pid`)],
          env: { MARK: mark },
          exposure: "direct",
        },
      },
    })
  return { box, llm, config }
}

const toolResults = (llm: MockLlm) => JSON.stringify(llm.requests().map((r) => r.last))

test(
  "the servers of the person's mcp.json connect: the model is offered their tools and its call reaches the server",
  async () => {
    const { box, llm, config } = await setup("echo")
    writeFileSync(join(box.agentDir, "mcp.json"), config("global"))
    const r = await runXagent(["-p", "shout hello"], box)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("shouted")
    expect(llm.requests()[0]!.tools).toContain("mcp__echo__shout")
    expect(toolResults(llm)).toContain("HELLO global")
  },
  SLOW,
)

test(
  "--no-mcp: no server starts and the model is offered no MCP tool, as in pi",
  async () => {
    const { box, llm, config } = await setup("echo")
    writeFileSync(join(box.agentDir, "mcp.json"), config("global"))
    const r = await runXagent(["--no-mcp", "-p", "shout hello"], box)
    expect(r.code).toBe(0)
    expect(llm.requests()[0]!.tools.filter((t) => t.startsWith("mcp__"))).toEqual([])
    expect(existsSync(join(box.root, "global.pid"))).toBe(false)
  },
  SLOW,
)

test(
  "a project's .pi/mcp.json connects only once Pi trusts the project",
  async () => {
    const { box, llm, config } = await setup("proj")
    mkdirSync(join(box.cwd, ".pi"), { recursive: true })
    writeFileSync(join(box.cwd, ".pi", "mcp.json"), config("project"))
    const untrusted = await runXagent(["-p", "shout hello"], box)
    expect(untrusted.code).toBe(0)
    expect(llm.requests()[0]!.tools).not.toContain("mcp__proj__shout")
    expect(existsSync(join(box.root, "project.pid"))).toBe(false)

    // `--approve` trusts the project for this run, as in pi.
    let before = llm.requests().length
    expect((await runXagent(["--approve", "-p", "shout hello"], box)).code).toBe(0)
    expect(llm.requests()[before]!.tools).toContain("mcp__proj__shout")

    // The decision `pi` keeps in <agent dir>/trust.json when the person trusts the folder.
    new ProjectTrustStore(box.agentDir).set(box.cwd, true)
    const trusted = await runXagent(["-p", "shout hello"], box)
    expect(trusted.code).toBe(0)
    expect(llm.requests().at(-2)!.tools).toContain("mcp__proj__shout")
    expect(toolResults(llm)).toContain("HELLO project")

    // `--no-approve` leaves a trusted project's servers out for this run.
    before = llm.requests().length
    await runXagent(["--no-approve", "-p", "shout hello"], box)
    expect(llm.requests()[before]!.tools).not.toContain("mcp__proj__shout")
  },
  SLOW,
)
