// Issue 26: xagent run in a folder that holds `$XAGENT_HOME` and is not a repository (a HOME
// holding `.xagent`): every bash call failed with "bwrap: Can't mkdir …/.xagent/run: Read-only
// file system". The state folder was hidden by an empty read-only tmpfs, and then its socket
// folder inside it was hidden again, which bwrap must first create in that read-only tmpfs.
// The state stays hidden, and the command runs.
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { bwrapArgs, sandboxArgv } from "../../src/runtime/sandbox/bwrap-args"
import { inside, workspacePolicy, type PolicyInputs } from "../../src/runtime/sandbox/policy"

// Outside /tmp: the sandbox replaces /tmp as a whole, which would hide the case.
const root = mkdtempSync(join(process.cwd(), ".xagent-home-in-ws-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const hasBwrap = spawnSync("bwrap", ["--unshare-user", "--ro-bind", "/", "/", "true"]).status === 0

function homeWorkspace() {
  const home = join(root, `home-${Math.random().toString(36).slice(2, 8)}`)
  const xagentHome = join(home, ".xagent")
  mkdirSync(join(xagentHome, "run"), { recursive: true })
  mkdirSync(join(home, "agent"), { recursive: true })
  writeFileSync(join(xagentHome, "secret-state"), "state\n")
  writeFileSync(join(home, "agent", "auth.json"), "{}\n")
  const inputs: PolicyInputs = {
    workspace: [home],
    tmp: mkdtempSync(join(root, "private-tmp-")),
    xagentHome,
    socketDir: join(xagentHome, "run"),
    agentDir: join(home, "agent"),
    home,
    network: { kind: "off" },
  }
  return { home, xagentHome, inputs }
}

test("no folder the sandbox hides lies inside another it hides, nor a masked file inside one", () => {
  const { xagentHome, inputs } = homeWorkspace()
  const p = workspacePolicy(inputs)
  expect(p.hidden).toContain(xagentHome)
  for (const h of p.hidden) expect(p.hidden.filter((o) => o !== h && inside(h, o))).toEqual([])
  for (const m of p.masked) expect(p.hidden.filter((h) => inside(m, h))).toEqual([])
  // the argument list bwrap gets: `--tmpfs` never names a path under an earlier read-only one
  const args = bwrapArgs(p, inputs.workspace[0]!)
  const readOnly: string[] = []
  args.forEach((a, i) => {
    if (a === "--tmpfs") expect(readOnly.filter((r) => inside(args[i + 1]!, r))).toEqual([])
    if (a === "--remount-ro") readOnly.push(args[i + 1]!)
  })
})

test.skipIf(!hasBwrap)("bash runs in a HOME that holds $XAGENT_HOME, and the state stays hidden", () => {
  const { home, xagentHome, inputs } = homeWorkspace()
  const argv = sandboxArgv(
    "bwrap",
    workspacePolicy(inputs),
    home,
    "/bin/sh",
    `echo ran; ls -A ${xagentHome}; touch made`,
  )
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8" })
  expect(r.stderr).not.toContain("Can't mkdir")
  expect({ status: r.status, out: r.stdout }).toEqual({ status: 0, out: "ran\n" })
})
