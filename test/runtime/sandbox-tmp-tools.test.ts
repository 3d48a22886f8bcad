// The sandbox replaces /tmp with a private one, which would also hide a Bun or an xagent install
// that sits under /tmp (a checkout there: the commands that run Bun inside then fail with "No such
// file", and a test's lurkers never start). Those folders stay visible, read-only.
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { sandboxArgv } from "../../src/runtime/sandbox/bwrap-args"
import { workspacePolicy, type PolicyInputs } from "../../src/runtime/sandbox/policy"

const root = mkdtempSync("/tmp/xagent-tmp-tools-")
afterAll(() => rmSync(root, { recursive: true, force: true }))
const hasBwrap = spawnSync("bwrap", ["--version"]).status === 0

test.skipIf(!hasBwrap)("a tool folder under /tmp is readable in the sandbox, and not writable", () => {
  const tool = join(root, "install", "bin")
  const work = join(root, "work")
  mkdirSync(tool, { recursive: true })
  mkdirSync(work)
  writeFileSync(join(tool, "hello.sh"), "echo hello from the install\n")
  const inputs: PolicyInputs = {
    workspace: [work],
    tmp: mkdtempSync(join(root, "private-tmp-")),
    xagentHome: join(root, "xagent"),
    socketDir: join(root, "xagent", "run"),
    agentDir: join(root, "agent"),
    home: join(root, "home"),
    network: { kind: "on" },
  }
  const run = (i: PolicyInputs, command: string) => {
    const argv = sandboxArgv("bwrap", workspacePolicy(i), work, "/bin/sh", command)
    const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8" })
    return { status: r.status, out: r.stdout + r.stderr }
  }
  // Without naming it the private /tmp hides it (what the fix is about).
  expect(run(inputs, `sh ${tool}/hello.sh`).status).not.toBe(0)
  const withTools = { ...inputs, tools: [join(root, "install")] }
  expect(run(withTools, `sh ${tool}/hello.sh`)).toEqual({ status: 0, out: "hello from the install\n" })
  expect(run(withTools, `touch ${tool}/x`).out).toContain("Read-only file system")
})
