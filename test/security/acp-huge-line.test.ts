// Issue 26: one 70 MB line to `xagent acp` ended it (the SDK's reader gives up past 32 MB): the
// editor saw its agent exit 0 with no error and no reason. The line is dropped and said (a
// JSON-RPC error, stderr, acp.log), and the connection goes on.
import { afterAll, expect, test } from "bun:test"
import { spawn } from "node:child_process"
import { makeSandbox, XAGENT_BIN } from "../fixture/mockllm"
import { WAIT_MS } from "../fixture/wait"

const box = makeSandbox()
afterAll(() => box.cleanup())

const initialize = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })

test("a 70 MB line is refused with a reason, and the next request is answered", async () => {
  const proc = spawn(XAGENT_BIN, ["acp"], { cwd: box.cwd, env: box.env, stdio: ["pipe", "pipe", "pipe"] })
  let out = ""
  let err = ""
  let exited: number | null | undefined
  proc.stdout.on("data", (d) => (out += d))
  proc.stderr.on("data", (d) => (err += d))
  proc.on("exit", (code) => (exited = code))
  const until = async (what: string, check: () => boolean) => {
    const deadline = Date.now() + WAIT_MS * 2
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stdout: ${out.slice(0, 2000)}`)
      await Bun.sleep(50)
    }
  }
  const responses = () =>
    out
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id?: number | null; result?: unknown; error?: { message: string } })
  try {
    proc.stdin.write(`${initialize(1)}\n`)
    await until("the first answer", () => responses().some((r) => r.id === 1))
    const huge = `{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"${"a".repeat(70 * 1024 * 1024)}"}}\n`
    proc.stdin.write(huge)
    proc.stdin.write(`${initialize(3)}\n`)
    await until("the answer after the huge line", () => responses().some((r) => r.id === 3) || exited !== undefined)
    expect(exited).toBeUndefined()
    const refusal = responses().find((r) => r.id === null && r.error)
    expect(refusal?.error?.message).toMatch(/70 MB was dropped: messages past 32 MB are refused/)
    expect(err).toMatch(/xagent acp: a message of 70 MB was dropped/)
    expect(responses().find((r) => r.id === 3)?.result).toBeDefined()
  } finally {
    proc.kill()
  }
}, 120_000)
