// `xagent acp` under acpx, the headless ACP client from the npm registry (run by Bun: its package
// asks for a newer Node than some machines have, and Bun runs it as it is): a one-shot prompt
// whose reply runs a tool behind acpx's permission policy, a read served by acpx's fs/read_text_file,
// and a named session two prompts share.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { sessionDirFor } from "../../src/runtime/files/session-files"
import { XAGENT_BIN } from "../fixture/mockllm"
import { BUN } from "../daemon/harness"
import { startAcpBox, type AcpBox } from "./harness"

const ACPX = createRequire(import.meta.url).resolve("acpx/dist/cli.js")
const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { tool: "read", args: { path: "readme.txt" } },
      { text: "Read through acpx." },
      { text: "Writing it now.", tool: "bash", args: { command: "echo from-acpx > acpx.txt" } },
      { text: "The file is written." },
      { text: "First of the named session." },
      { text: "Second of the named session." },
    ],
  })
}, SLOW)
afterAll(() => box.cleanup())

async function acpx(...args: string[]) {
  const proc = Bun.spawn(
    // --ttl: the queue owner acpx leaves behind for a session ends soon after its last prompt.
    [BUN, ACPX, "--agent", `${XAGENT_BIN} acp`, "--cwd", box.box.cwd, "--ttl", "2", ...args],
    { cwd: box.box.cwd, env: box.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" },
  )
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

test(
  "a read goes through acpx's fs/read_text_file, which acpx offers",
  async () => {
    writeFileSync(join(box.box.cwd, "readme.txt"), "read by acpx\n")
    const r = await acpx("--approve-all", "exec", "read the file")
    expect(r.code, r.stdout + r.stderr).toBe(0)
    expect(r.stdout).toContain("[client] fs/read_text_file")
    expect(r.stdout).toContain("Read through acpx.")
    expect(JSON.stringify(box.llm.requests().at(-1)?.last ?? [])).toContain("read by acpx")
  },
  SLOW,
)

test(
  "exec: the reply streams to acpx, the tool runs once acpx approves it, and the answer ends the run",
  async () => {
    const r = await acpx("--approve-all", "exec", "write the file")
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("Writing it now.")
    expect(r.stdout).toContain("The file is written.")
    expect(readFileSync(join(box.box.cwd, "acpx.txt"), "utf8")).toBe("from-acpx\n")
  },
  SLOW,
)

test(
  "a named session: created, then two prompts land in it, one after the other",
  async () => {
    const made = await acpx("sessions", "new", "--name", "two")
    expect(made.code, made.stderr).toBe(0)
    const first = await acpx("--deny-all", "prompt", "-s", "two", "first")
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain("First of the named session.")
    const second = await acpx("--deny-all", "prompt", "-s", "two", "second")
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain("Second of the named session.")
    // Both went to the session `sessions new` made: its file holds both replies, in order.
    const id = made.stdout.trim().split("\n")[0]!
    const dir = sessionDirFor(box.box.cwd, box.box.agentDir)
    const files = readdirSync(dir).filter((f) =>
      readFileSync(join(dir, f), "utf8").includes("First of the named session."),
    )
    expect(files).toEqual([expect.stringContaining(id)])
    const both = files.map((f) => readFileSync(join(dir, f), "utf8"))
    expect(both[0]!.indexOf("Second of the named session.")).toBeGreaterThan(both[0]!.indexOf("First of the named"))
  },
  SLOW,
)
