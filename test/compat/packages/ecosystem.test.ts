// Pi's ecosystem beyond extensions: registry packages that read the session files pi writes
// (@ccusage/pi's usage report, @psg2/pi-transcript's HTML) and one that drives pi as a program
// (pi-acp, an ACP agent over `pi --mode rpc`). Each is run on what pi made and on what xagent made
// from the same scripted model, and the two must agree: xagent's sessions are Pi's files, and
// `xagent --mode rpc` is a pi that an adapter can start.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { connectEditor } from "../../acp/harness"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, XAGENT_BIN, type Sandbox } from "../../fixture/mockllm"
import { corpus, nameOf } from "./corpus"

const CCUSAGE = "@ccusage/pi@18.0.11"
const TRANSCRIPT = "@psg2/pi-transcript@2.2.1"
const PI_ACP = "pi-acp@0.0.34"
const SLOW = 240_000
const NODE = join(REPO_ROOT, "node_modules/node/bin/node")
const PI = join(REPO_ROOT, "node_modules/.bin/pi")
type Program = "pi" | "xagent"

/** The scripted model's turns: text and a bash call in one message, its result, an answer. */
const TURNS = [{ text: "Let me look.", tool: "bash", args: { command: "echo ECO-OUT-41" } }, { text: "ECO-DONE-17" }]

let npmDir: string | undefined
const cleanups: (() => unknown)[] = []
beforeAll(async () => {
  const c = await corpus()
  if ("skipped" in c) console.warn(`skipped Pi's ecosystem packages: ${c.skipped}`)
  else npmDir = c.npmDir
}, 1_800_000)
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function sandbox(): Promise<Sandbox> {
  const box = makeSandbox()
  const llm = await startMockLlm({ turns: TURNS, fallback: "FALLBACK-NOT-SCRIPTED" })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  cleanups.push(
    () => box.cleanup(),
    () => llm.stop(),
  )
  return box
}

/** The program, as one executable file (an adapter takes one command). */
function launcher(box: Sandbox, program: Program): string {
  const path = join(box.root, `${program}-launcher`)
  const cmd = program === "pi" ? `"${NODE}" "${PI}"` : `"${XAGENT_BIN}"`
  writeFileSync(path, `#!/bin/sh\nexec ${cmd} "$@"\n`)
  chmodSync(path, 0o755)
  return path
}

/** `-p "run it"` in a fresh sandbox; the session file it left. */
async function printRun(program: Program): Promise<{ box: Sandbox; file: string }> {
  const box = await sandbox()
  const proc = Bun.spawn([launcher(box, program), "-p", "run it"], {
    cwd: box.cwd,
    env: box.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  expect(code, err).toBe(0)
  expect(out).toContain("ECO-DONE-17")
  const sessions = join(box.agentDir, "sessions")
  const files = readdirSync(sessions, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"))
  expect(files).toHaveLength(1)
  return { box, file: join(sessions, files[0]!) }
}

function tool(args: string[], cwd: string, env: Record<string, string>) {
  const r = Bun.spawnSync([NODE, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" })
  expect(r.exitCode, r.stderr.toString()).toBe(0)
  return r.stdout.toString()
}

describe("Pi's ecosystem on xagent's files and program", () => {
  test(
    "@ccusage/pi: the same usage report from pi's session and xagent's",
    async () => {
      if (!npmDir) return
      const bin = join(npmDir, "node_modules", nameOf(CCUSAGE), "dist/index.js")
      const report = async (program: Program) => {
        const { box } = await printRun(program)
        const out = tool([bin, "session", "--json", "--piPath", join(box.agentDir, "sessions")], box.cwd, box.env)
        return JSON.parse(out) as { totals: Record<string, unknown>; sessions: unknown[] }
      }
      const [pi, xagent] = await Promise.all([report("pi"), report("xagent")])
      expect(pi.sessions).toHaveLength(1)
      expect((pi.totals as { inputTokens?: number }).inputTokens).toBeGreaterThan(0)
      expect(xagent.totals).toEqual(pi.totals)
      expect(xagent.sessions).toHaveLength(1)
    },
    SLOW,
  )

  test(
    "@psg2/pi-transcript: xagent's session converts to the same transcript text as pi's",
    async () => {
      if (!npmDir) return
      const bin = join(npmDir, "node_modules", nameOf(TRANSCRIPT), "dist/cli.js")
      const text = async (program: Program) => {
        const { box, file } = await printRun(program)
        const outDir = join(box.root, "transcript")
        tool([bin, file, "-o", outDir, "--no-open"], box.cwd, box.env)
        const html = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"))
        expect(html.length).toBeGreaterThan(0)
        const body = html.map((f) => readFileSync(join(outDir, f), "utf8")).join("\n")
        // What a reader sees: the page's text, not its markup, ids or dates.
        return body
          .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
      }
      const [pi, xagent] = await Promise.all([text("pi"), text("xagent")])
      for (const t of ["run it", "Let me look.", "echo ECO-OUT-41", "ECO-OUT-41", "ECO-DONE-17"]) {
        expect(pi).toContain(t)
        expect(xagent).toContain(t)
      }
    },
    SLOW,
  )

  test(
    "pi-acp: an ACP client's prompt through the adapter, with pi and with xagent as the pi it starts",
    async () => {
      if (!npmDir) return
      const adapter = join(npmDir, "node_modules", nameOf(PI_ACP), "dist/index.js")
      const converse = async (program: Program) => {
        const box = await sandbox()
        const proc = Bun.spawn([NODE, adapter], {
          cwd: box.cwd,
          env: { ...box.env, PI_ACP_PI_COMMAND: launcher(box, program) },
          stdin: "pipe",
          stdout: "pipe",
          stderr: "pipe",
        })
        const ed = connectEditor(proc)
        cleanups.push(() => ed.close())
        await ed.cx.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {},
          clientInfo: { name: "test-editor", version: "1" },
        })
        const { sessionId } = await ed.cx.request(acp.methods.agent.session.new, { cwd: box.cwd, mcpServers: [] })
        const r = await ed.cx.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "run it" }],
        })
        const updates = ed.of(sessionId)
        const said = updates
          .flatMap((u) =>
            u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? [u.content.text] : [],
          )
          .join("")
        const calls = updates.filter((u) => u.sessionUpdate === "tool_call").length
        return { stopReason: r.stopReason, said, calls }
      }
      const [pi, xagent] = await Promise.all([converse("pi"), converse("xagent")])
      expect(pi.stopReason).toBe("end_turn")
      expect(pi.said).toContain("ECO-DONE-17")
      expect(pi.calls).toBe(1)
      expect(xagent).toEqual(pi)
    },
    SLOW,
  )
})
