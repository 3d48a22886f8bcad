// `xagent -p` and the bundled-extension slot: the real launcher, the host in a Worker, a scripted model
// over HTTP. The slot loads (an extension placed in its folder runs, in mode print) while ask_user
// leaves itself out; --no-bundled and XAGENT_NO_BUNDLED switch extensions off.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { makeSlot, type Slot } from "../fixture/bundled-slot"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { lines, runXagent } from "./run-xagent"

const SLOW = 60_000
let box: Sandbox
let llm: MockLlm
let slot: Slot
const withEnv = (env: Record<string, string>): Sandbox => ({ ...box, env: { ...box.env, ...env } })

beforeAll(async () => {
  box = makeSandbox()
  slot = makeSlot()
  llm = await startMockLlm({
    turns: [
      { tool: "probe", text: "Probing." },
      { text: "Probed." },
      { text: "No probe by flag." },
      { text: "No probe by environment." },
      { text: "Still here." },
    ],
  })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
})
afterAll(async () => {
  await llm.stop()
  slot.cleanup()
  box.cleanup()
})

test(
  "-p loads the slot: the placed extension's tool runs in mode print, and ask_user is not offered",
  async () => {
    const r = await runXagent(["-p", "probe it"], withEnv({ XAGENT_BUNDLED_DIR: slot.dir }))
    expect(r.stdout).toBe("Probing.\n\nProbed.\n")
    // (print-render leaves a space after a call with no arguments)
    expect(lines(r.stderr).map((l) => l.trimEnd())).toEqual(["→ probe"])
    expect(r.code).toBe(0)
    const [call, after] = llm.requests().slice(-2)
    expect(call!.tools).toContain("probe")
    expect(call!.tools).toContain("bash")
    expect(call!.tools).not.toContain("ask_user")
    expect(JSON.stringify(after!.last)).toContain("probe ran in mode print")
  },
  SLOW,
)

test(
  "--no-bundled and XAGENT_NO_BUNDLED switch an extension off; a name no folder holds in the environment is a warning",
  async () => {
    const byFlag = await runXagent(["-p", "--no-bundled", "probe", "hi"], withEnv({ XAGENT_BUNDLED_DIR: slot.dir }))
    expect(byFlag.stdout).toBe("No probe by flag.\n")
    expect(llm.requests().at(-1)!.tools).not.toContain("probe")
    expect(llm.requests().at(-1)!.tools).toContain("bash")

    const byEnv = await runXagent(["-p", "hi"], withEnv({ XAGENT_BUNDLED_DIR: slot.dir, XAGENT_NO_BUNDLED: "probe" }))
    expect(byEnv.stdout).toBe("No probe by environment.\n")
    expect(llm.requests().at(-1)!.tools).not.toContain("probe")

    const later = await runXagent(["-p", "hi"], withEnv({ XAGENT_BUNDLED_DIR: slot.dir, XAGENT_NO_BUNDLED: "later" }))
    expect(later.stdout).toBe("Still here.\n")
    expect(later.stderr).toContain('No bundled extension is named "later"')
    expect(later.code).toBe(0)
    expect(llm.requests().at(-1)!.tools).toContain("probe")
  },
  SLOW,
)
