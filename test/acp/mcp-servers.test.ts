// An editor's MCP servers (ACP `mcpServers`) reach its session's Pi: a tiny stdio MCP server
// written here (JSON-RPC lines: initialize, tools/list, tools/call) whose tool the faux model
// calls, in process over a real session host; nothing is written to the person's mcp.json.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { writeEchoMcp } from "../fixture/echo-mcp"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { inProcessEditor, type InProcessEditor } from "./in-process"
import { until } from "../daemon/harness"

let fx: FauxFixture
let ed: InProcessEditor

beforeAll(async () => {
  fx = await createFauxFixture()
  writeEchoMcp(join(fx.cwd, ".."))
  ed = await inProcessEditor(fx)
})
afterAll(async () => {
  ed.close()
  await fx.dispose()
})

test("mcpCapabilities say what xagent connects: stdio and http, not sse", () => {
  expect(ed.init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: false })
})

test("an editor's stdio MCP server is the session's: the model calls its tool, the result reaches the editor, no mcp.json is written", async () => {
  const pidFile = join(fx.cwd, "..", "echo.pid")
  const s = await ed.cx.request(acp.methods.agent.session.new, {
    cwd: fx.cwd,
    mcpServers: [
      {
        name: "echo tools",
        command: process.execPath,
        args: [join(fx.cwd, "..", "echo-mcp.js"), pidFile],
        // An editor's values are literal: Pi would otherwise read `$HOME` and a leading `!` as its own syntax.
        env: [{ name: "MARK", value: "!$HOME" }],
      },
    ],
  })
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("mcp__echo_tools__shout", { text: "hello" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("shouted"),
  ])
  const r = await ed.cx.request(acp.methods.agent.session.prompt, {
    sessionId: s.sessionId,
    prompt: [{ type: "text", text: "shout hello" }],
  })
  expect(r).toEqual({ stopReason: "end_turn" })
  const mine = ed.updates.filter((u) => u.sessionId === s.sessionId).map((u) => u.update)
  const done = mine.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed") as
    acp.ToolCallUpdate | undefined
  expect(JSON.stringify(done?.content)).toContain("HELLO !$HOME")
  // The gate asks for an MCP tool as for any tool that is not read-only by name.
  expect(ed.permissions.some((p) => p.sessionId === s.sessionId)).toBe(true)
  expect(existsSync(join(fx.agentDir, "mcp.json"))).toBe(false)

  // Leaving the session takes the editor's servers back: Pi stops the process.
  const pid = Number(readFileSync(pidFile, "utf8"))
  await ed.cx.request(acp.methods.agent.session.close, { sessionId: s.sessionId })
  await until(() => {
    try {
      process.kill(pid, 0)
      return false
    } catch {
      return true
    }
  }, "the MCP server to stop")
})

test("an editor's http MCP server is reached over streamable HTTP, its headers sent as given", async () => {
  const seen: (string | null)[] = []
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      if (req.method !== "POST") return new Response(null, { status: 405 })
      seen.push(req.headers.get("x-token"))
      const msg = (await req.json()) as { id?: number; method: string; params: Record<string, never> }
      if (msg.id === undefined) return new Response(null, { status: 202 })
      const result =
        msg.method === "initialize"
          ? {
              protocolVersion: msg.params.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: "web", version: "1" },
            }
          : msg.method === "tools/list"
            ? { tools: [{ name: "token", description: "Says the token it got", inputSchema: { type: "object" } }] }
            : { content: [{ type: "text", text: `token was ${req.headers.get("x-token")}` }] }
      return Response.json({ jsonrpc: "2.0", id: msg.id, result })
    },
  })
  try {
    const s = await ed.cx.request(acp.methods.agent.session.new, {
      cwd: fx.cwd,
      mcpServers: [
        {
          type: "http",
          name: "web",
          url: `http://127.0.0.1:${server.port}/mcp`,
          headers: [{ name: "X-Token", value: "$ecret" }],
        },
      ],
    })
    fx.faux.setResponses([
      fauxAssistantMessage([fauxToolCall("mcp__web__token", {})], { stopReason: "toolUse" }),
      fauxAssistantMessage("asked"),
    ])
    const r = await ed.cx.request(acp.methods.agent.session.prompt, {
      sessionId: s.sessionId,
      prompt: [{ type: "text", text: "what token" }],
    })
    expect(r).toEqual({ stopReason: "end_turn" })
    const done = ed.updates
      .filter((u) => u.sessionId === s.sessionId)
      .map((u) => u.update)
      .find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed") as acp.ToolCallUpdate | undefined
    expect(JSON.stringify(done?.content)).toContain("token was $ecret")
    expect(new Set(seen)).toEqual(new Set(["$ecret"]))
    await ed.cx.request(acp.methods.agent.session.close, { sessionId: s.sessionId })
  } finally {
    server.stop(true)
  }
})

test("an sse server, or one without a command, is refused with a clear error and opens nothing", async () => {
  const sse = (await ed.cx
    .request(acp.methods.agent.session.new, {
      cwd: fx.cwd,
      mcpServers: [{ type: "sse", name: "old", url: "http://127.0.0.1:1/sse", headers: [] }],
    })
    .catch((e: acp.RequestError) => e)) as acp.RequestError
  expect(sse.code).toBe(-32602)
  expect(sse.message + JSON.stringify(sse.data ?? "")).toContain("sse")
  const none = (await ed.cx
    .request(acp.methods.agent.session.new, {
      cwd: fx.cwd,
      mcpServers: [{ name: "empty", command: "", args: [], env: [] }],
    })
    .catch((e: acp.RequestError) => e)) as acp.RequestError
  expect(none.code).toBe(-32602)
})
