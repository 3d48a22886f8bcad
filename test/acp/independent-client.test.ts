// End to end, twice: once with a client written only from the ACP schema (raw JSON-RPC 2.0 lines
// over the pipe, no SDK), once with the SDK's client(). Each: initialize, a new session, a
// prompt whose tool call needs permission (allowed once), the reply, and a cancelled second prompt.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { allow, chunkText, newSession, prompt, startAcpBox, type AcpBox } from "./harness"

const SLOW = 90_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox(
    {
      turns: [
        { tool: "bash", args: { command: "echo raw-ran" } },
        { text: "Raw done." },
        { repeat: "slow ", count: 3000 },
        { tool: "bash", args: { command: "echo sdk-ran" } },
        { text: "SDK done." },
        { repeat: "slow ", count: 3000 },
      ],
    },
    { tps: 200 },
  )
}, SLOW)
afterAll(() => box.cleanup())

type Msg = { jsonrpc: "2.0"; id?: number | string | null; method?: string; params?: any; result?: any; error?: any }

/** A JSON-RPC 2.0 peer over newline-delimited JSON, as the ACP schema describes the transport. */
function rawClient(box: AcpBox) {
  const proc = box.spawnAgent()
  const waiting = new Map<number, (m: Msg) => void>()
  const seen: Msg[] = []
  const listeners = new Set<(m: Msg) => void>()
  let nextId = 1
  const send = (m: Msg) => {
    proc.stdin.write(JSON.stringify(m) + "\n")
    proc.stdin.flush()
  }
  void (async () => {
    let buf = ""
    for await (const chunk of proc.stdout) {
      buf += new TextDecoder().decode(chunk)
      let nl: number
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl)
        buf = buf.slice(nl + 1)
        if (!line.trim()) continue
        const m = JSON.parse(line) as Msg
        seen.push(m)
        if (m.method === undefined && typeof m.id === "number") waiting.get(m.id)?.(m)
        for (const l of listeners) l(m)
      }
    }
  })()
  return {
    seen,
    request(method: string, params: unknown): Promise<Msg> {
      const id = nextId++
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        send({ jsonrpc: "2.0", id, method, params })
      })
    },
    notify: (method: string, params: unknown) => send({ jsonrpc: "2.0", method, params }),
    respond: (id: Msg["id"], result: unknown) => send({ jsonrpc: "2.0", id, result }),
    on: (fn: (m: Msg) => void) => listeners.add(fn),
    updates: (sessionId: string) =>
      seen
        .filter((m) => m.method === "session/update" && m.params?.sessionId === sessionId)
        .map((m) => m.params.update),
    async close() {
      proc.stdin.end()
      await proc.exited
    },
  }
}

test(
  "an independent JSON-RPC client: permission allowed once, the reply, then a cancelled prompt",
  async () => {
    const c = rawClient(box)
    try {
      // The agent asks; this client answers with an option it was offered.
      c.on((m) => {
        if (m.method === "session/request_permission") {
          const offered = m.params.options.map((o: { optionId: string }) => o.optionId)
          expect(offered).toContain("allow_once")
          c.respond(m.id, { outcome: { outcome: "selected", optionId: "allow_once" } })
        }
      })
      const init = await c.request("initialize", { protocolVersion: 1, clientCapabilities: {} })
      expect(init.result.protocolVersion).toBe(1)
      const made = await c.request("session/new", { cwd: box.box.cwd, mcpServers: [] })
      const sessionId = made.result.sessionId as string
      expect(typeof sessionId).toBe("string")
      const first = await c.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "run it" }] })
      expect(first.result).toEqual({ stopReason: "end_turn" })
      const ups = c.updates(sessionId)
      const call = ups.find((u) => u.sessionUpdate === "tool_call")
      expect(call.kind).toBe("execute")
      const done = ups.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed")
      expect(done.toolCallId).toBe(call.toolCallId)
      expect(JSON.stringify(done.content)).toContain("raw-ran")
      const permission = c.seen.find((m) => m.method === "session/request_permission")!
      expect(permission.params.toolCall.toolCallId).toBe(call.toolCallId)
      expect(
        ups
          .filter((u) => u.sessionUpdate === "agent_message_chunk")
          .map((u) => u.content.text)
          .join(""),
      ).toBe("Raw done.")

      const second = c.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "talk" }] })
      await new Promise<void>((resolve) =>
        c.on((m) => {
          if (
            m.params?.update?.sessionUpdate === "agent_message_chunk" &&
            m.params.update.content.text.includes("slow")
          )
            resolve()
        }),
      )
      c.notify("session/cancel", { sessionId })
      expect((await second).result).toEqual({ stopReason: "cancelled" })
      // Every message this agent wrote was JSON-RPC 2.0.
      expect(c.seen.every((m) => m.jsonrpc === "2.0")).toBe(true)
    } finally {
      await c.close()
    }
  },
  SLOW,
)

test(
  "the SDK's client(): the same run",
  async () => {
    const ed = await box.editor()
    try {
      ed.onPermission = () => allow("allow_once")
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "run it")).stopReason).toBe("end_turn")
      expect(ed.permissions).toHaveLength(1)
      expect(JSON.stringify(ed.of(s.sessionId))).toContain("sdk-ran")
      expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("SDK done.")
      const before = ed.of(s.sessionId).length
      const second = prompt(ed, s.sessionId, "talk")
      await ed.waitFor(
        () =>
          ed
            .of(s.sessionId)
            .slice(before)
            .some((u) => u.sessionUpdate === "agent_message_chunk"),
        "the second reply streaming",
      )
      await ed.cx.notify(acp.methods.agent.session.cancel, { sessionId: s.sessionId })
      expect(await second).toEqual({ stopReason: "cancelled" })
    } finally {
      await ed.close()
    }
  },
  SLOW,
)
