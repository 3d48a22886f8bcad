// Extension flags (`pi.registerFlag`) on xagent's command line, through bin/xagent: Pi's own
// examples (plan-mode's --plan, preset's --preset fast) reach their extension; a flag nobody
// registers is a bad call.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { PI_EXAMPLES, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { lines, okModelBox, runXagent } from "./run-xagent"

const SLOW = 60_000
const EXAMPLES = PI_EXAMPLES

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  ;({ box, llm } = await okModelBox())
  mkdirSync(join(box.cwd, ".pi"), { recursive: true })
  writeFileSync(
    join(box.cwd, ".pi/presets.json"),
    JSON.stringify({ fast: { tools: ["read"], instructions: "FAST-PRESET-MARK" } }),
  )
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

const toolsOfLastRequest = () => [...llm.requests().at(-1)!.tools].sort()

test(
  "plan-mode's --plan starts the session in plan mode: no edit or write tools",
  async () => {
    const plan = join(EXAMPLES, "plan-mode/index.ts")
    const without = await runXagent(["-e", plan, "-p", "hi"], box)
    expect(without.code).toBe(0)
    expect(toolsOfLastRequest()).toContain("edit")
    const r = await runXagent(["-e", plan, "--plan", "-p", "hi"], box)
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(toolsOfLastRequest()).not.toContain("edit")
    expect(toolsOfLastRequest()).not.toContain("write")
    expect(toolsOfLastRequest()).toContain("read")
  },
  SLOW,
)

test(
  "preset's --preset fast applies the preset: its tools and its instructions",
  async () => {
    const r = await runXagent(["-p", "hi", "-e", join(EXAMPLES, "preset.ts"), "--preset", "fast"], box)
    expect(r.code).toBe(0)
    expect(toolsOfLastRequest()).toEqual(["read"])
    expect(JSON.stringify(llm.requests().at(-1)!.last)).toContain("hi")
    // `--preset=fast` is the same flag
    const eq = await runXagent(["-e", join(EXAMPLES, "preset.ts"), "--preset=fast", "-p", "hi"], box)
    expect(eq.code).toBe(0)
    expect(toolsOfLastRequest()).toEqual(["read"])
  },
  SLOW,
)

test(
  "a flag no loaded extension registers is one clear line and exit 2, naming the flags there are",
  async () => {
    const none = await runXagent(["--bogus", "-p", "hi"], box)
    expect(none.code).toBe(2)
    expect(lines(none.stderr)).toEqual([
      "xagent: unknown option '--bogus': neither xagent nor a loaded extension takes it (load the extension that registers it with -e)",
    ])
    const some = await runXagent(["-e", join(EXAMPLES, "plan-mode/index.ts"), "--plna", "-p", "hi"], box)
    expect(some.code).toBe(2)
    expect(some.stderr).toContain("unknown option '--plna'")
    expect(some.stderr).toContain("(extension flags: --plan)")
  },
  SLOW,
)

test(
  "a string flag without its value is a bad call",
  async () => {
    const r = await runXagent(["-p", "hi", "-e", join(EXAMPLES, "preset.ts"), "--preset"], box)
    expect(r.code).toBe(2)
    expect(lines(r.stderr)).toEqual(["xagent: option '--preset' argument missing (the extension flag takes a value)"])
  },
  SLOW,
)
