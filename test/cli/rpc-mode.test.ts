// `xagent --mode rpc` speaks Pi's RPC protocol on stdin/stdout (docs/rpc.md of the installed Pi):
// a client writes commands as JSON lines and reads responses, events and extension UI requests
// back, here against bin/xagent and the scripted model, with a dialog answered over the pipe.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { okModelBox } from "./run-xagent"

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  ;({ box, llm } = await okModelBox())
  writeFileSync(
    join(box.cwd, "pick.ts"),
    [
      "export default function (pi: any) {",
      '  pi.registerCommand("pick", { description: "asks", handler: async (_args: string, ctx: any) => {',
      '    const v = await ctx.ui.select("Pick one", ["alpha", "beta"])',
      "    pi.sendUserMessage(`PICKED ${v}`)",
      "  } })",
      "}",
    ].join("\n"),
  )
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

/** A JSON-lines client of Pi's RPC mode over a child's stdin and stdout. */
function rpcClient(args: string[]) {
  const proc = Bun.spawn([XAGENT_BIN, "--mode", "rpc", ...args], {
    cwd: box.cwd,
    env: box.env,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  })
  const seen: Record<string, unknown>[] = []
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] =
    []
  void (async () => {
    let buf = ""
    for await (const chunk of proc.stdout) {
      buf += new TextDecoder().decode(chunk)
      let nl: number
      while ((nl = buf.indexOf("\n")) !== -1) {
        const line = buf.slice(0, nl)
        buf = buf.slice(nl + 1)
        if (!line.trim()) continue
        const msg = JSON.parse(line) as Record<string, unknown>
        seen.push(msg)
        for (const w of [...waiters])
          if (w.match(msg)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(msg)
          }
      }
    }
  })()
  return {
    seen,
    send: (cmd: object) => proc.stdin.write(JSON.stringify(cmd) + "\n"),
    /** The first message from `from` on (an index into `seen`) that matches, now or once it comes. */
    next: (match: (m: Record<string, unknown>) => boolean, from = 0) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const found = seen.slice(from).find(match)
        if (found) return resolve(found)
        waiters.push({ match, resolve })
      }),
    async close() {
      proc.stdin.end()
      const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
      return { code, stderr }
    },
  }
}

const userTexts = () =>
  llm
    .requests()
    .flatMap((r) => (r.last as { role: string; content: unknown }[]).filter((m) => m.role === "user"))
    .map((m) => JSON.stringify(m.content))

test("--mode rpc: a prompt gets Pi's response and events back; an extension's select is answered over the pipe", async () => {
  const rpc = rpcClient(["-e", "pick.ts", "--no-session"])
  rpc.send({ id: "1", type: "prompt", message: "hello over rpc" })
  expect(await rpc.next((m) => m.type === "response" && m.id === "1")).toMatchObject({
    command: "prompt",
    success: true,
  })
  await rpc.next((m) => m.type === "agent_end")
  expect(rpc.seen.map((m) => m.type)).toContain("message_update")
  expect(userTexts().some((t) => t.includes("hello over rpc"))).toBe(true)

  rpc.send({ id: "2", type: "get_state" })
  const state = await rpc.next((m) => m.type === "response" && m.id === "2")
  expect(state).toMatchObject({ success: true, data: { model: { provider: "mockllm", id: "mock-1" } } })

  const before = rpc.seen.length
  rpc.send({ id: "3", type: "prompt", message: "/pick" })
  const ask = await rpc.next((m) => m.type === "extension_ui_request" && m.method === "select", before)
  expect(ask).toMatchObject({ title: "Pick one", options: ["alpha", "beta"] })
  rpc.send({ type: "extension_ui_response", id: ask.id, value: "beta" })
  await rpc.next((m) => m.type === "agent_end", before)
  expect(userTexts().some((t) => t.includes("PICKED beta"))).toBe(true)

  const { code } = await rpc.close()
  expect(code).toBe(0)
}, 60_000)

test("--mode rpc refuses @file arguments and messages: its prompts come on stdin", async () => {
  const { runXagent } = await import("./run-xagent")
  const r = await runXagent(["--mode", "rpc", "@x.md"], box)
  expect(r.code).toBe(2)
  expect(r.stderr).toBe("xagent: @file arguments are not taken with --mode rpc\n")
  const m = await runXagent(["--mode", "rpc", "hello"], box)
  expect(m.code).toBe(2)
  expect(m.stderr).toBe("xagent: --mode rpc takes its prompts on stdin, not as messages\n")
})

test("Pi's own RpcClient (its examples/rpc-client.ts) drives xagent --mode rpc as it drives pi", async () => {
  const { RpcClient } = await import("@earendil-works/pi-coding-agent")
  // RpcClient runs `node <cliPath> --mode rpc …`: this shim hands those arguments to bin/xagent.
  const shim = join(box.root, "xagent-shim.mjs")
  writeFileSync(
    shim,
    [
      'import { spawn } from "node:child_process"',
      `const child = spawn(${JSON.stringify(XAGENT_BIN)}, process.argv.slice(2), { stdio: "inherit" })`,
      'child.on("exit", (code) => process.exit(code ?? 1))',
      'process.on("SIGTERM", () => child.kill("SIGTERM"))',
    ].join("\n"),
  )
  const client = new RpcClient({ cliPath: shim, cwd: box.cwd, env: box.env, args: ["--no-session"] })
  await client.start()
  try {
    const events = await client.promptAndWait("hello from RpcClient", undefined, 30_000)
    expect(events.some((e) => e.type === "agent_end")).toBe(true)
    expect(userTexts().some((t) => t.includes("hello from RpcClient"))).toBe(true)
    expect((await client.getState()).model).toMatchObject({ provider: "mockllm", id: "mock-1" })
  } finally {
    await client.stop()
  }
}, 60_000)
