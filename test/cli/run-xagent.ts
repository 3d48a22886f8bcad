// Runs the real bin/xagent as a child process and collects what it said.
import { afterAll, beforeAll } from "bun:test"
import {
  makeSandbox,
  startMockLlm,
  writeAgentDir,
  XAGENT_BIN,
  type MockLlm,
  type Scenario,
  type ScriptedLlm,
  type Sandbox,
} from "../fixture/mockllm"

/** A sandbox whose model answers every request "ok". */
export async function okModelBox(): Promise<{ box: Sandbox; llm: MockLlm }> {
  const box = makeSandbox()
  const llm = await startMockLlm({ turns: [], fallback: "ok" })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  return { box, llm }
}

/**
 * A test file's world: a sandbox whose model plays `scenario`, made before the file's tests and
 * stopped after them. Read `box` and `llm` inside tests (they are set once the file's beforeAll ran).
 */
export function scriptedWorld(
  scenario: Scenario,
  opts: { tps?: number } = {},
): { readonly box: Sandbox; readonly llm: ScriptedLlm } {
  const world = {} as { box: Sandbox; llm: ScriptedLlm }
  beforeAll(async () => {
    world.box = makeSandbox()
    world.llm = await startMockLlm(scenario, opts)
    writeAgentDir(world.box.agentDir, { baseUrl: world.llm.baseUrl })
  })
  afterAll(async () => {
    await world.llm?.stop()
    world.box?.cleanup()
  })
  return world
}

export interface Ran {
  code: number
  stdout: string
  stderr: string
}

export function runXagent(args: string[], box: Sandbox, opts: { stdin?: string } = {}): Promise<Ran> {
  return runProgram([XAGENT_BIN, ...args], box, opts)
}

/** Any program (pi, to compare) the way runXagent runs xagent: in the sandbox's folder and environment. */
export async function runProgram(argv: string[], box: Sandbox, opts: { stdin?: string } = {}): Promise<Ran> {
  const proc = Bun.spawn(argv, {
    cwd: box.cwd,
    env: box.env,
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin),
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

/** Error output that is exactly one line. */
export function lines(text: string): string[] {
  return text.split("\n").filter((l) => l.trim())
}
