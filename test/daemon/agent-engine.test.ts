// A session whose engine is an external ACP agent (docs/adr-acp-client.md), through real sockets:
// the agent is `xagent acp` itself (bin/xagent, over the scripted model), so a window's session
// runs on another xagent session. What a window receives is checked as it would draw it (a
// Recorder's snapshot): the reply's text, the tool row, the agent's permission as the approval
// dialog answered with session.uiRespond, a stop mid-reply, and the agent's process ending
// with the session. The agent's `xagent acp` runs its sessions in a daemon of its own. The scripted model's steps are consumed in order, so the tests run in order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { readdirSync, readFileSync, readlinkSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { AssistantItem, ToolItem } from "../../src/protocol"
import { XAGENT_BIN } from "../fixture/mockllm"
import { Recorder, assistantTexts, startBox, until, type DaemonBox, turnsEnded, openXagentAgent } from "./harness"

const SLOW = 120_000

/** `xagent acp` processes working in `cwd` (the agent's, and nothing else of this box's is one). */
function agentPids(cwd: string): number[] {
  const out: number[] = []
  for (const name of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0")
      if (!argv.includes("acp") || !argv.some((a) => a.endsWith("bin/xagent") || a.endsWith("cli/main.ts"))) continue
      if (readlinkSync(`/proc/${name}/cwd`) === cwd) out.push(Number(name))
    } catch {
      // gone meanwhile
    }
  }
  return out
}

/** `n` turns have ended (turn_end comes after the run's end). */
let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder
let stopAgentDaemon: (() => Promise<void>) | undefined

beforeAll(async () => {
  box = await startBox({
    turns: [
      { text: "Hello from the engine.", reasoning: "Thinking it over." },
      { tool: "bash", args: { command: "echo engine-out" }, text: "Running it." },
      { text: "Ran." },
      { repeat: "word ", count: 4000, tps: 40 },
      { repeat: "more ", count: 4000, tps: 40 },
    ],
  })
  c = await box.connect()
  const opened = await openXagentAgent(box, c)
  sessionId = opened.sessionId
  stopAgentDaemon = opened.stopAgentDaemon
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  // the agent's own daemon first (its `xagent acp` started one in its home)
  await stopAgentDaemon?.()
  await box?.cleanup()
})

describe("an ACP agent as a session's engine", () => {
  test(
    "a prompt's reply reaches the window as an assistant item with its thinking, then turn_end",
    async () => {
      await c.request("session.prompt", { sessionId, text: "hello" })
      const s = await rec.waitFor(turnsEnded(1), "the first reply")
      expect(s.items.map((i) => i.kind)).toEqual(["user", "assistant"])
      expect(assistantTexts(s.items)).toEqual(["Hello from the engine."])
      const reply = s.items[1] as AssistantItem
      expect(reply.blocks.find((b) => b.type === "thinking")).toEqual({ type: "thinking", text: "Thinking it over." })
      // streamed as deltas, and the run announced around it
      expect(rec.events.some((e) => e.event.type === "text_delta")).toBe(true)
      const ends = rec.events.filter((e) => e.event.type === "turn_end").map((e) => e.event)
      expect(ends).toEqual([{ type: "turn_end", stopReason: "end_turn", itemId: reply.id }])
      expect(agentPids(box.box.cwd)).toHaveLength(1)
    },
    SLOW,
  )

  test(
    "the agent's permission is the window's approval dialog; the answer runs the tool and its row shows the output",
    async () => {
      await c.request("session.prompt", { sessionId, text: "run it" })
      const asked = await rec.waitFor((s) => s.ui.pending.length > 0, "the permission request")
      const request = asked.ui.pending[0]!
      expect(request.kind).toBe("permission")
      if (request.kind !== "permission") return
      expect(asked.items.some((i) => i.kind === "tool" && i.id === request.toolCallId)).toBe(true)
      // one message at a time: a second prompt while the first runs is refused, with the reason
      await expect(c.request("session.prompt", { sessionId, text: "another" })).rejects.toThrow(/still answering/)
      await c.request("session.uiRespond", { sessionId, requestId: request.id, response: { value: "allow_once" } })
      const s = await rec.waitFor(turnsEnded(2), "the turn to end after the tool")
      expect(s.ui.pending).toEqual([])
      const tool = s.items.find((i) => i.kind === "tool") as ToolItem
      expect(tool.status).toBe("done")
      expect(tool.output).toContain("engine-out")
      // the tool's row sits between the text before it and the text after it
      expect(s.items.map((i) => i.kind)).toEqual(["user", "assistant", "user", "assistant", "tool", "assistant"])
      expect(assistantTexts(s.items)).toEqual(["Hello from the engine.", "Running it.", "Ran."])
      // a second window that comes now draws the same session from its snapshot
      const other = new Recorder(await box.attach(), sessionId)
      const seen = await other.waitFor((o) => o.items.length === s.items.length, "the second window's snapshot")
      other.stop()
      expect(seen.items).toEqual(s.items)
    },
    SLOW,
  )

  test(
    "Esc mid-reply cancels the agent's turn: turn_end cancelled, the reply kept as far as it came",
    async () => {
      const before = rec.events.length
      await c.request("session.prompt", { sessionId, text: "go on" })
      await rec.waitFor(
        (s) => (assistantTexts(s.items).at(-1) ?? "").startsWith("word word"),
        "the long reply to start",
      )
      await c.request("session.abort", { sessionId })
      const s = await rec.waitFor(turnsEnded(3), "the cancelled turn")
      const end = rec.events.slice(before).find((e) => e.event.type === "turn_end")!.event
      expect(end).toMatchObject({ type: "turn_end", stopReason: "cancelled" })
      const last = s.items.at(-1) as AssistantItem
      expect(last.kind).toBe("assistant")
      expect(last.streaming).toBe(false)
      expect(last.stopReason).toBe("aborted")
      expect(assistantTexts([last])[0]!.length).toBeLessThan("word ".length * 4000)
    },
    SLOW,
  )

  test(
    "what the agent session does not serve is refused with the reason",
    async () => {
      await expect(c.request("session.tree", { sessionId })).rejects.toThrow(/external ACP agent/)
      // the palette's list is the agent's own commands (as its available_commands_update named
      // them), each sent back as prompt text
      const { commands } = await c.request("session.commands", { sessionId })
      expect(commands.length).toBeGreaterThan(0)
      expect(commands.every((cmd) => cmd.source === "prompt")).toBe(true)
    },
    SLOW,
  )

  test(
    "closing the session ends the agent's process",
    async () => {
      expect(agentPids(box.box.cwd)).toHaveLength(1)
      await c.request("session.close", { sessionId })
      await until(() => agentPids(box.box.cwd).length === 0, "the agent's process to end")
      // the host said so in the daemon's log
      await until(() => box.log().includes(`agent ${sessionId} exited`), "the agent's end in the daemon log")
    },
    SLOW,
  )

  test(
    "an agent that dies mid-reply: its windows are told why, and the session ends",
    async () => {
      const opened = await c.request("session.open", {
        cwd: box.box.cwd,
        mode: { kind: "new" },
        agent: { command: [XAGENT_BIN, "acp"], env: { XAGENT_HOME: join(box.box.root, "agent-home") } },
      })
      const watch = new Recorder(c, opened.sessionId)
      await c.request("session.prompt", { sessionId: opened.sessionId, text: "talk" })
      await watch.waitFor((s) => (assistantTexts(s.items).at(-1) ?? "").startsWith("more more"), "the reply to start")
      const [pid] = agentPids(box.box.cwd)
      process.kill(pid!, "SIGKILL")
      const s = await watch.waitFor(
        (s, events) => events.some((e) => e.event.type === "closed"),
        "the session to end with its agent",
      )
      watch.stop()
      expect(s.running).toBe(false)
      const notices = s.items.filter((i) => i.kind === "notice").map((i) => (i as { text: string }).text)
      expect(notices.some((t) => t.includes("The agent was ended by SIGKILL"))).toBe(true)
      const closed = watch.events.find((e) => e.event.type === "closed")!.event
      expect(closed).toEqual({ type: "closed", reason: "The agent was ended by SIGKILL" })
      // the session is gone from the host: a request for it says so
      await expect(c.request("session.prompt", { sessionId: opened.sessionId, text: "again" })).rejects.toThrow(
        /Unknown session/,
      )
    },
    SLOW,
  )
})
