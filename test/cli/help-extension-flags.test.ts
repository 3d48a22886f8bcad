// `xagent --help` lists the flags of the extensions the session would load, as `pi --help` does:
// the -e ones, the project's and the agent dir's; none with --no-extensions.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { copyFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, PI_EXAMPLES, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

const SLOW = 60_000
let box: Sandbox
beforeAll(() => {
  box = makeSandbox()
})
afterAll(() => box.cleanup())

const section = (help: string) => help.slice(help.indexOf("Extension CLI Flags:"))

test(
  "-e plan-mode: --help lists --plan with its description, after xagent's own options",
  async () => {
    const r = await runXagent(["-e", join(PI_EXAMPLES, "plan-mode"), "--help"], box)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("--extension")
    expect(section(r.stdout)).toMatch(
      /^Extension CLI Flags:\n {2}--plan {20,}Start in plan mode \(read-only exploration\)$/m,
    )
  },
  SLOW,
)

test(
  "an agent dir extension's string flag is listed with <value>; --no-extensions and no extensions list none",
  async () => {
    const bare = await runXagent(["--help"], box)
    expect(bare.code).toBe(0)
    expect(bare.stdout).not.toContain("Extension CLI Flags:")
    mkdirSync(join(box.agentDir, "extensions"), { recursive: true })
    copyFileSync(join(PI_EXAMPLES, "preset.ts"), join(box.agentDir, "extensions", "preset.ts"))
    const r = await runXagent(["--help"], box)
    expect(section(r.stdout)).toMatch(/^ {2}--preset <value> {5,}Preset configuration to use$/m)
    const off = await runXagent(["-ne", "--help"], box)
    expect(off.code).toBe(0)
    expect(off.stdout).not.toContain("Extension CLI Flags:")
  },
  SLOW,
)
