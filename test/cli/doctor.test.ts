// `xagent doctor` and `--json` through bin/xagent in a throwaway home: a broken models.json is a
// failure naming the file and the place its JSON goes wrong; bubblewrap missing from PATH is a
// failure with the install fix; a stale daemon socket is a warning; a name from a file reaches the
// terminal without its escape sequences; and no model request is ever made.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { DoctorReport } from "../../src/protocol/doctor"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"
import { binWithoutBwrap } from "../fixture/bin-without-bwrap"

/** Each run starts Bun and loads Pi in a second process: generous on a loaded machine. */
const SLOW = 120_000

let box: Sandbox | undefined
let llm: MockLlm | undefined
afterEach(async () => {
  await llm?.stop()
  llm = undefined
  box?.cleanup()
  box = undefined
})

const BROKEN_MODELS = '{\n  "providers": {\n    "mock": {,\n  }\n}\n'

const check = (r: DoctorReport, name: string) => {
  const c = r.checks.find((x) => x.name === name)
  if (!c) throw new Error(`no ${name} check in ${JSON.stringify(r)}`)
  return c
}

test(
  "a broken models.json fails, naming the file and the line and column of the JSON error",
  async () => {
    box = makeSandbox()
    const models = join(box.agentDir, "models.json")
    writeFileSync(models, BROKEN_MODELS)

    const text = await runXagent(["doctor"], box)
    expect(text.code).toBe(1)
    const row = text.stdout.split("\n").find((l) => /^FAIL +models\.json /.test(l))
    expect(row).toContain(`${models}: not valid JSON at line 3, column 14`)
    expect(text.stdout).toContain("fix: fix the file at that place")
    // The model check says why there is no model, rather than only to sign in.
    expect(text.stdout).toMatch(/^FAIL +model +no model has a key or sign-in; models.json does not load/m)
    expect(text.stdout).toContain("no model request was made")

    const json = await runXagent(["doctor", "--json"], box)
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as DoctorReport
    expect(check(report, "models.json")).toMatchObject({ verdict: "fail" })
    expect(check(report, "models.json").text).toContain(`${models}: not valid JSON at line 3, column 14`)
    // The terminal is the window's to check: said, not guessed.
    expect(check(report, "terminal")).toMatchObject({ verdict: "unchecked" })
    expect(check(report, "terminal").text).toContain("need the window")
  },
  SLOW,
)

test(
  "without bubblewrap on PATH the sandbox fails with the install fix; a working setup passes its model",
  async () => {
    box = makeSandbox()
    llm = await startMockLlm({ turns: [], fallback: "MODEL-WAS-CALLED" })
    const { modelRef } = writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
    const env: Record<string, string> = { ...box.env, PATH: binWithoutBwrap(box.root) }
    delete env.XAGENT_BWRAP
    const hidden = { ...box, env }

    const json = await runXagent(["doctor", "--json"], hidden)
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as DoctorReport
    expect(check(report, "sandbox")).toEqual({
      name: "sandbox",
      verdict: "fail",
      text: "bubblewrap (bwrap) is not installed",
      fix: expect.stringContaining("apt-get install bubblewrap"),
    })
    expect(check(report, "model")).toMatchObject({ verdict: "ok", text: `${modelRef}, with a key or sign-in` })
    expect(check(report, "git").verdict).toBe("ok")
    expect(check(report, "models.json").verdict).toBe("ok")

    const text = await runXagent(["doctor"], hidden)
    expect(text.code).toBe(1)
    expect(text.stdout).toMatch(/^FAIL +sandbox +bubblewrap \(bwrap\) is not installed$/m)
    expect(text.stdout).toMatch(/^ +fix: install bubblewrap \(Debian\/Ubuntu: apt-get install bubblewrap/m)
    expect(llm.requests()).toHaveLength(0)
  },
  SLOW,
)

test(
  "a stale daemon socket is a warning; a server name with escapes is drawn without them",
  async () => {
    box = makeSandbox()
    const run = join(box.xagentHome, "run")
    mkdirSync(run, { recursive: true })
    // A socket file no daemon listens on (what a daemon killed with -9 leaves).
    writeFileSync(join(run, "daemon.sock"), "")
    writeFileSync(
      join(box.agentDir, "mcp.json"),
      JSON.stringify({ mcpServers: { "evil\x1b[31mred\x07": { command: "does-not-run" } } }),
    )

    const text = await runXagent(["doctor"], box)
    expect(text.stdout).toMatch(/^warn +daemon +stale socket .*daemon\.sock: no daemon answers on it$/m)
    expect(text.stdout).toContain("fix: xagent daemon start replaces it")
    expect(text.stdout).toMatch(/^not checked +MCP servers +1 configured \(evilred\): not started by the doctor$/m)
    expect(text.stdout).not.toContain("\x1b")
    expect(text.stdout).not.toContain("\x07")

    const json = await runXagent(["doctor", "--json"], box)
    expect(json.stdout).not.toContain("\x1b")
    expect(check(JSON.parse(json.stdout) as DoctorReport, "daemon").verdict).toBe("warn")
  },
  SLOW,
)
