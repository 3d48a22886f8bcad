// Plan mode's read-only scope (runtime/sandbox): the same jail with nothing writable, not even
// the workspace or /tmp, the file tools refused, and full access unavailable while it lasts.
import { afterAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { guardedWrite } from "../../src/runtime/sandbox/file-guard"
import { SessionSandbox } from "../../src/runtime/sandbox/session-sandbox"

const root = mkdtempSync(join(tmpdir(), "xagent-scope-"))
const cwd = join(root, "work")
mkdirSync(cwd)
writeFileSync(join(cwd, "a.txt"), "kept\n")
const sb = new SessionSandbox({ xagentHome: join(root, "xagent"), agentDir: join(root, "agent") })
afterAll(() => {
  sb.dispose()
  rmSync(root, { recursive: true, force: true })
})
const never = async () => false

async function run(command: string) {
  const argv = (await sb.argv(cwd, "bash", command, never))!
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd, encoding: "utf8" })
  return { status: r.status, out: r.stdout + r.stderr }
}

test("the workspace scope writes the workspace and /tmp; read-only writes nothing and still reads", async () => {
  expect((await run("echo w > b.txt && echo t > /tmp/t && cat /tmp/t")).out).toBe("t\n")
  sb.setScope("read-only")
  expect(sb.info().scope).toBe("read-only")
  for (const cmd of ["echo x > a.txt", "echo x > /tmp/x", "mkdir sub"]) {
    const r = await run(cmd)
    expect(r.status).not.toBe(0)
    expect(r.out).toContain("Read-only file system")
  }
  expect((await run("cat a.txt")).out).toBe("kept\n")
  await expect(guardedWrite(sb.writeRoots(cwd)!, join(cwd, "a.txt"), "x")).rejects.toThrow(
    /Refused: .* outside the workspace \(none/,
  )
  expect(readFileSync(join(cwd, "a.txt"), "utf8")).toBe("kept\n")
  expect(() => sb.setMode("full")).toThrow(/read-only/)
  sb.setScope("workspace")
  expect((await run("echo y > a.txt && cat a.txt")).out).toBe("y\n")
})
