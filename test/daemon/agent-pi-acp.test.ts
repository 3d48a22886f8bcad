// A session whose engine is a real ACP agent from the npm registry, `pi-acp` (over the Pi that
// xagent ships, on the scripted model), through real sockets: a reply with text and a bash tool
// call that Pi's permission-gate example extension asks about, the question answered as a window
// answers it (session.uiRespond), the tool's row and the reply after it; then its model, mode,
// usage and commands as the status line's and the palette's; its settings chosen from the window
// (pi-acp's model and thought_level config options, and its older modes, which are Pi's thinking
// levels: session/set_mode).
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { ToolItem } from "../../src/protocol"
import { PI_EXAMPLES, REPO_ROOT, writeAgentDir } from "../fixture/mockllm"
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
      { tool: "bash", args: { command: "rm -rf doomed && echo pi-acp-out" }, text: "Removing it." },
      { text: "Removed." },
    ],
  })
  writeAgentDir(box.box.agentDir, {
    baseUrl: box.llm.baseUrl,
    // a model that reasons, so pi-acp offers thinking levels to choose (its modes and thought_level)
    reasoning: true,
    settings: { extensions: [join(PI_EXAMPLES, "permission-gate.ts")] },
  })
  mkdirSync(join(box.box.cwd, "doomed"))
  c = await box.connect()
  const opened = await c.request("session.open", {
    cwd: box.box.cwd,
    mode: { kind: "new" },
    // `pi` from the checkout (pi-acp runs `pi --mode rpc`), on the box's Pi home
    agent: { command: [join(BIN, "pi-acp")], env: { PATH: `${BIN}:${process.env.PATH}` } },
  })
  sessionId = opened.sessionId
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  await box?.cleanup()
})

describe("pi-acp as a session's engine", () => {
  test(
    "text and a bash call the agent asks about: the question answered in the window, the bash row with its output, the reply",
    async () => {
      await c.request("session.prompt", { sessionId, text: "remove it" })
      const asked = await rec.waitFor((s) => s.ui.pending.length > 0, "the permission request")
      const request = asked.ui.pending[0]!
      // pi-acp asks its extension's select with the extension's own options, once
      expect(request).toMatchObject({ kind: "select", options: ["Yes", "No"] })
      if (request.kind !== "select") return
      expect(request.title).toEndWith("rm -rf doomed && echo pi-acp-out\n\nAllow?")
      await c.request("session.uiRespond", { sessionId, requestId: request.id, response: { value: "Yes" } })
      const s = await rec.waitFor(turnsEnded(1), "the turn to end after the tool")
      expect(existsSync(join(box.box.cwd, "doomed"))).toBe(false)
      // the question is no row of its own (it is no tool call of the agent's): one bash row, done
      const tools = s.items.filter((i): i is ToolItem => i.kind === "tool")
      expect(tools).toHaveLength(1)
      expect(tools[0]).toMatchObject({
        name: "bash",
        status: "done",
        args: { command: "rm -rf doomed && echo pi-acp-out" },
      })
      // its output came as pi-acp's terminal_output, the only way it sends a command's output
      expect(tools[0]!.output).toContain("pi-acp-out")
      expect(s.items.map((i) => i.kind)).toEqual(["user", "assistant", "tool", "assistant"])
      expect(assistantTexts(s.items)).toEqual(["Removing it.", "Removed."])
    },
    SLOW,
  )

  test(
    "its model, mode and context are the status line's; its commands the palette's, run as `/name args`",
    async () => {
      const s0 = rec.snapshot!
      // pi-acp's modes are Pi's thinking levels; its model is the box's scripted one
      expect(s0.info.name).toBe("pi ACP adapter (ACP, Thinking: off)")
      expect(s0.info.model).toMatchObject({ id: "mockllm/mock-1" })
      // its usage_update: how full the context is, of the model's 128000
      expect(s0.stats.context).toMatchObject({ contextWindow: 128000 })
      expect(s0.stats.context!.tokens).toBeGreaterThan(0)
      const { commands } = await c.request("session.commands", { sessionId })
      expect(commands).toContainEqual({
        name: "name",
        description: "Set session display name (<name>)",
        source: "prompt",
      })
      // picked in the palette it is typed as `/name args` and sent as the message, as ACP agents take it
      await c.request("session.prompt", { sessionId, text: "/name Renamed here" })
      const s = await rec.waitFor(turnsEnded(2), "the command's turn")
      expect(assistantTexts(s.items).at(-1)).toBe("Session name set: Renamed here")
      expect(box.llm.requests()).toHaveLength(2)
    },
    SLOW,
  )

  test(
    "its settings from the window: its model option, and its older modes (Pi's thinking levels) set with session/set_mode",
    async () => {
      const r = await c.request("session.models", { sessionId })
      expect(r.agent!.model).toEqual({
        current: "mockllm/mock-1",
        choices: [{ value: "mockllm/mock-1", name: "mockllm/Mock" }],
      })
      // no config option of the mode category: the mode is its older modes, offered to Shift+Tab
      expect(r.agent!.mode!.choices.map((c) => c.value)).toContain("high")
      expect(rec.snapshot!.info.agentMode).toEqual(r.agent!.mode!)
      await c.request("session.setAgentOption", { sessionId, kind: "mode", value: "high" })
      const s = await rec.waitFor((s) => s.info.agentMode?.current === "high", "pi-acp's new mode")
      expect(s.info.name).toBe("pi ACP adapter (ACP, Thinking: high)")
      // its thought_level option moved with it (its config_option_update), and is set the same way
      expect((await c.request("session.models", { sessionId })).agent!.effort!.current).toBe("high")
      await c.request("session.setAgentOption", { sessionId, kind: "effort", value: "low" })
      await rec.waitFor((s) => s.info.name === "pi ACP adapter (ACP, Thinking: low)", "pi-acp's thinking low")
    },
    SLOW,
  )
})
