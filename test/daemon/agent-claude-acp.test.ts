// A session whose engine is a real ACP agent from the npm registry, `claude-agent-acp` (Claude
// Code's ACP front end) on the scripted model's Anthropic Messages endpoint, through real
// sockets: a reply with text and a Bash call Claude Code asks permission for, answered as a
// window answers the approval dialog, the row with its output and the reply after it; then its
// configuration, commands and plan (TodoWrite) as the session's info, palette and todo card. Its
// home and config are the test's own, so it never reads the machine's.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { ToolItem } from "../../src/protocol"
import { REPO_ROOT } from "../fixture/mockllm"
import { Recorder, assistantTexts, startBox, type DaemonBox, turnsEnded } from "./harness"

const SLOW = 120_000
const BIN = join(REPO_ROOT, "node_modules/.bin")
let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder

beforeAll(async () => {
  box = await startBox({
    turns: [
      // a command that changes files: Claude Code's default mode asks before it (an `echo` alone it runs unasked)
      { tool: "Bash", args: { command: "touch made && echo claude-out", description: "Make it" }, text: "Making it." },
      { text: "Made." },
      {
        tool: "TodoWrite",
        args: {
          todos: [
            { content: "Make the file", status: "completed", activeForm: "Making the file" },
            { content: "Check it", status: "in_progress", activeForm: "Checking it" },
          ],
        },
      },
      { text: "Planned." },
    ],
  })
  const claudeHome = join(box.box.root, "claude")
  mkdirSync(claudeHome)
  c = await box.connect()
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    agent: {
      command: [join(BIN, "claude-agent-acp")],
      env: {
        ANTHROPIC_BASE_URL: box.llm.anthropicBaseUrl,
        ANTHROPIC_API_KEY: "scripted",
        // as root Claude Code refuses to run unless told it is in a sandbox
        IS_SANDBOX: "1",
        HOME: claudeHome,
        CLAUDE_CONFIG_DIR: join(claudeHome, ".claude"),
      },
    },
  })
  sessionId = opened.sessionId
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  await box?.cleanup()
})

describe("claude-agent-acp as a session's engine", () => {
  test(
    "text and a Bash call it asks permission for: the approval answered, the bash row with its output, the reply",
    async () => {
      await c.request("session.prompt", { sessionId, text: "make it" })
      const asked = await rec.waitFor((s) => s.ui.pending.length > 0, "the permission request")
      const request = asked.ui.pending[0]!
      expect(existsSync(join(box.box.cwd, "made"))).toBe(false)
      // Claude Code offers Always Allow, Allow and Reject: xagent's own three, so its approval dialog
      expect(request).toMatchObject({ kind: "permission", title: "touch made && echo claude-out" })
      await c.request("session.uiRespond", { sessionId, requestId: request.id, response: { value: "allow_once" } })
      const s = await rec.waitFor(turnsEnded(1), "the turn to end after the tool")
      expect(existsSync(join(box.box.cwd, "made"))).toBe(true)
      const tools = s.items.filter((i): i is ToolItem => i.kind === "tool")
      expect(tools).toHaveLength(1)
      expect(tools[0]).toMatchObject({
        name: "bash",
        status: "done",
        args: { command: "touch made && echo claude-out" },
      })
      expect(tools[0]!.output).toContain("claude-out")
      expect(s.items.map((i) => i.kind)).toEqual(["user", "assistant", "tool", "assistant"])
      expect(assistantTexts(s.items)).toEqual(["Making it.", "Made."])
    },
    SLOW,
  )

  test(
    "its configuration is the session's info, its commands the palette's, and its plan the todo card",
    async () => {
      // what session/new answered: its model and mode options, by their names
      const info = rec.snapshot!.info
      expect(info.name).toBe("Claude Agent (ACP, Default)")
      expect(info.model).toEqual({ provider: "Claude Agent", id: "default", name: "Default (recommended)" })
      // its slash commands, sent as `/name args` prompt text when picked
      const { commands } = await c.request("session.commands", { sessionId })
      expect(commands).toContainEqual(expect.objectContaining({ name: "init", source: "prompt" }))
      // TodoWrite is Claude Code's plan: drawn as the todo card, with the list's counts
      await c.request("session.prompt", { sessionId, text: "plan it" })
      const s = await rec.waitFor(turnsEnded(2), "the plan turn")
      expect(s.items.slice(4).map((i) => i.kind)).toEqual(["user", "custom", "assistant"])
      expect(s.items[5]).toMatchObject({
        customType: "todo",
        text: "Todo · 1 of 2 done\n[x] Make the file\n[>] Check it",
        details: {
          todos: [
            { id: "1", content: "Make the file", status: "completed" },
            { id: "2", content: "Check it", status: "in_progress" },
          ],
        },
      })
      expect(assistantTexts(s.items).at(-1)).toBe("Planned.")
      // Its usage_update is the status line's context and cost: Claude Code sums the last
      // request's usage as message_start reported it (the scripted model's fourth request: 4,000
      // input tokens, no cache, 1 output token so far) against its model's 200k window. It failed
      // the SDK's check while the scripted model left out the cache fields real Anthropic sends
      // (their sum was NaN, sent as null).
      expect(s.stats.context).toEqual({ tokens: 4001, contextWindow: 200_000, percent: (4001 / 200_000) * 100 })
      expect(s.stats.cost).toBeGreaterThan(0)
    },
    SLOW,
  )
})
