// Pi's built-in tools and extensions as an extension sees them, in xagent and in pi 1.6 itself
// (its CLI, `-p`, on the same scripted model): `pi.getAllTools()` names the same tools from the
// same sources (xagent's sandboxed read/bash/edit/write are still Pi's built-ins, and Pi's
// codemode and tool_search are there), and an extension that registers `/mcp` takes the place of
// Pi's built-in MCP, so each server of mcp.json starts once (the extension's), not twice.
// Also the guard of the BUILTIN_SOURCE and PI_BUILTINS patches (docs/patches.md).
import { afterEach, expect, test } from "bun:test"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { patchSwitch } from "../../src/util/patch-switch"
import { writeEchoMcp } from "../fixture/echo-mcp"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, XAGENT_BIN, type Sandbox } from "../fixture/mockllm"

const SLOW = 90_000
const PI = [join(REPO_ROOT, "node_modules/node/bin/node"), join(REPO_ROOT, "node_modules/.bin/pi")]
/** xagent's own bundled extensions add tools pi has not: this compares Pi's set. */
const NO_BUNDLED = readdirSync(join(REPO_ROOT, "extensions")).join(",")

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function box(): Promise<Sandbox> {
  const b = makeSandbox()
  const llm = await startMockLlm({ turns: [], fallback: "ok" })
  writeAgentDir(b.agentDir, { baseUrl: llm.baseUrl })
  cleanups.push(
    () => b.cleanup(),
    () => llm.stop(),
  )
  return b
}

async function run(
  program: "pi" | "xagent",
  b: Sandbox,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stderr: string }> {
  const cmd = program === "pi" ? [...PI, ...args, "-p", "hi"] : [XAGENT_BIN, ...args, "-p", "hi"]
  const proc = Bun.spawn(cmd, {
    cwd: b.cwd,
    env: { ...b.env, XAGENT_NO_BUNDLED: NO_BUNDLED, ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited])
  return { code, stderr }
}

const TOOLS_PROBE = `
import fs from "node:fs"
export default function (pi) {
  pi.on("session_start", () => {
    const tools = pi.getAllTools().map((t) => ({ name: t.name, sourceInfo: t.sourceInfo }))
    const builtinCommands = pi.getCommands().filter((c) => c.sourceInfo?.path?.startsWith("builtin:")).map((c) => c.name)
    fs.appendFileSync(process.env.OUT, JSON.stringify({ tools, builtinCommands }) + "\\n")
  })
}
`

async function toolsOf(program: "pi" | "xagent", env: Record<string, string> = {}, args: string[] = []) {
  const b = await box()
  const probe = join(b.root, "probe.ts")
  writeFileSync(probe, TOOLS_PROBE)
  const out = join(b.root, "out.jsonl")
  const r = await run(program, b, [...args, "-e", probe], { OUT: out, ...env })
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(readFileSync(out, "utf8").trim().split("\n")[0]!) as {
    tools: { name: string; sourceInfo: Record<string, unknown> }[]
    builtinCommands: string[]
  }
}

test(
  "pi.getAllTools(): the same names from the same sources as in pi, read/bash/edit/write run sandboxed as Pi's built-ins",
  async () => {
    const [piRun, xagentRun] = await Promise.all([toolsOf("pi"), toolsOf("xagent")])
    // Pi's built-in extensions' commands (/llama, /mcp) too
    expect(piRun.builtinCommands).toEqual(expect.arrayContaining(["llama", "mcp"]))
    expect(xagentRun.builtinCommands.sort()).toEqual(piRun.builtinCommands.sort())
    const [pi, xagent] = [piRun.tools, xagentRun.tools]
    const names = pi.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(["read", "bash", "edit", "write", "codemode", "tool_search"]))
    expect(xagent.map((t) => t.name).sort()).toEqual([...names].sort())
    const byName = new Map(xagent.map((t) => [t.name, t.sourceInfo]))
    for (const t of pi) expect({ name: t.name, sourceInfo: byName.get(t.name) }).toEqual(t)
  },
  SLOW,
)

test(
  "with XAGENT_NO_BUILTIN_SOURCE=1 the sandboxed tools are labelled as Pi labels custom tools (the patch is off)",
  async () => {
    const { tools } = await toolsOf("xagent", { [patchSwitch("BUILTIN_SOURCE")]: "1" })
    expect(tools.find((t) => t.name === "bash")?.sourceInfo.source).toBe("sdk")
    expect(tools.find((t) => t.name === "grep")?.sourceInfo.source).toBe("builtin")
  },
  SLOW,
)

test(
  "with XAGENT_NO_PI_BUILTINS=1 Pi's exported built-ins load (codemode, tool_search, MCP), not llama.cpp's /llama",
  async () => {
    const { tools, builtinCommands } = await toolsOf("xagent", { [patchSwitch("PI_BUILTINS")]: "1" })
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["codemode", "tool_search"]))
    expect(builtinCommands).not.toContain("llama")
    expect(builtinCommands).toContain("mcp")
  },
  SLOW,
)

// An MCP panel of an extension's own: it owns `/mcp` and starts the servers of mcp.json itself.
const MCP_OWNER = `
import fs from "node:fs"
import { spawn } from "node:child_process"
export default function (pi) {
  pi.registerCommand("mcp", { description: "an MCP panel", handler: async (_a, ctx) => ctx.ui.notify("EXT-MCP") })
  pi.on("session_start", () => {
    const cmds = pi.getCommands().filter((c) => c.name === "mcp" || c.name.startsWith("mcp:"))
    fs.appendFileSync(process.env.OUT, JSON.stringify(cmds.map((c) => c.source)) + "\\n")
    const child = spawn(process.execPath, [process.env.ECHO_MCP, process.env.STARTS + "/extension.pid"], { stdio: "pipe" })
    child.stdout.once("data", () => {})
    child.stdin.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\\n')
  })
}
`

async function mcpRun(program: "pi" | "xagent") {
  const b = await box()
  const owner = join(b.root, "mcp-owner.ts")
  writeFileSync(owner, MCP_OWNER)
  const script = writeEchoMcp(b.root)
  const starts = join(b.root, "starts")
  mkdirSync(starts)
  writeFileSync(
    join(b.agentDir, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        echo: { command: process.execPath, args: [script, join(starts, "builtin.pid")], exposure: "direct" },
      },
    }),
  )
  const out = join(b.root, "out.jsonl")
  const r = await run(program, b, ["-e", owner], { OUT: out, ECHO_MCP: script, STARTS: starts })
  expect(r.code, r.stderr).toBe(0)
  // The extension's own server writes its pid as it starts; wait for it, then count.
  const deadline = Date.now() + 30_000
  while (!existsSync(join(starts, "extension.pid")) && Date.now() < deadline) await Bun.sleep(50)
  return {
    commands: readFileSync(out, "utf8").trim().split("\n")[0],
    started: readdirSync(starts).sort(),
    // and each says why
    said: r.stderr.includes("registers command `/mcp`, so built-in extension `mcp` was not loaded"),
  }
}

test(
  "an extension that registers /mcp takes the place of Pi's built-in MCP: one /mcp, each server started once, said, as in pi",
  async () => {
    const [pi, xagent] = await Promise.all([mcpRun("pi"), mcpRun("xagent")])
    expect(pi).toEqual({ commands: JSON.stringify(["extension"]), started: ["extension.pid"], said: true })
    expect(xagent).toEqual(pi)
  },
  SLOW,
)

test(
  "-ne -e builtin:mcp keeps only Pi's built-in MCP, as in pi (a built-in by name, not a path)",
  async () => {
    const args = ["--no-extensions", "-e", "builtin:mcp"]
    const [pi, xagent] = await Promise.all([toolsOf("pi", {}, args), toolsOf("xagent", {}, args)])
    expect(pi.builtinCommands).toEqual(["mcp"])
    expect(xagent.builtinCommands).toEqual(pi.builtinCommands)
    expect(xagent.tools.map((t) => t.name).sort()).toEqual(pi.tools.map((t) => t.name).sort())
  },
  SLOW,
)
