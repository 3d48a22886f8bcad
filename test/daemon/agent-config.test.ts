// An external ACP agent's settings chosen from a window, through real sockets: the agent is
// `xagent acp` itself (bin/xagent over the scripted model, with two models, one that reasons), which
// advertises a model, a thought_level and a mode config option. session.models answers with the
// agent's own choices, session.setAgentOption sends session/set_config_option, and the session's
// info moves only with what the agent confirmed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { writeAgentDir } from "../fixture/mockllm"
import { Recorder, startBox, type DaemonBox, openXagentAgent } from "./harness"

const SLOW = 120_000

let box: DaemonBox
let c: SocketClient
let sessionId: string
let rec: Recorder
let stopAgentDaemon: (() => Promise<void>) | undefined

beforeAll(async () => {
  box = await startBox({ turns: [{ text: "unused" }] })
  writeAgentDir(box.box.agentDir, { baseUrl: box.llm.baseUrl })
  // a second model that reasons, so the agent offers a choice of model and of thinking
  const model = (id: string, name: string, reasoning: boolean) => ({
    id,
    name,
    reasoning,
    contextWindow: 128000,
    maxTokens: 4096,
  })
  writeFileSync(
    join(box.box.agentDir, "models.json"),
    JSON.stringify({
      providers: {
        mockllm: {
          baseUrl: box.llm.baseUrl,
          api: "openai-completions",
          apiKey: "mock-key",
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [model("mock-1", "Mock", false), model("mock-think", "Mock Thinker", true)],
        },
      },
    }),
  )
  c = await box.connect()
  const opened = await openXagentAgent(box, c)
  sessionId = opened.sessionId
  stopAgentDaemon = opened.stopAgentDaemon
  rec = new Recorder(c, sessionId)
}, SLOW)

afterAll(async () => {
  rec?.stop()
  await stopAgentDaemon?.()
  await box?.cleanup()
})

describe("an ACP agent's model, effort and mode from the window", () => {
  test(
    "session.models answers with the agent's own choices, as it confirmed them",
    async () => {
      const r = await c.request("session.models", { sessionId })
      expect(r.models).toEqual([])
      expect(r.agent!.model).toEqual({
        current: "mockllm/mock-1",
        choices: [
          { value: "mockllm/mock-1", name: "Mock" },
          { value: "mockllm/mock-think", name: "Mock Thinker" },
        ],
      })
      // mock-1 does not reason: its only level is off
      expect(r.agent!.effort).toEqual({ current: "off", choices: [{ value: "off", name: "off" }] })
      expect(r.agent!.mode).toMatchObject({ current: "default", choices: [{ value: "default" }, { value: "plan" }] })
      // the mode's choices are the info's too, so Shift+Tab knows there is one to move to
      const s = await rec.waitFor((s) => !!s.info.agentMode, "the session's info")
      expect(s.info.agentMode).toEqual(r.agent!.mode!)
    },
    SLOW,
  )

  test(
    "a model picked goes to the agent as session/set_config_option; the info shows what the agent confirmed",
    async () => {
      await c.request("session.setAgentOption", { sessionId, kind: "model", value: "mockllm/mock-think" })
      const s = await rec.waitFor((s) => s.info.model?.id === "mockllm/mock-think", "the agent's new model")
      expect(s.info.model).toMatchObject({ id: "mockllm/mock-think", name: "Mock Thinker" })
      // the model that reasons brings the agent's thinking levels: one is chosen the same way
      const r = await c.request("session.models", { sessionId })
      expect(r.agent!.effort!.choices.map((c) => c.value)).toContain("high")
      await c.request("session.setAgentOption", { sessionId, kind: "effort", value: "high" })
      const after = await c.request("session.models", { sessionId })
      expect(after.agent!.effort!.current).toBe("high")
      expect(after.agent!.model!.current).toBe("mockllm/mock-think")
    },
    SLOW,
  )

  test(
    "the agent's mode is chosen the same way, and shows beside its name",
    async () => {
      await c.request("session.setAgentOption", { sessionId, kind: "mode", value: "plan" })
      const s = await rec.waitFor((s) => s.info.agentMode?.current === "plan", "the agent's plan mode")
      expect(s.info.name).toEndWith("(ACP, Plan)")
    },
    SLOW,
  )

  test(
    "a value the agent did not offer is refused with its choices, and nothing changes",
    async () => {
      await expect(
        c.request("session.setAgentOption", { sessionId, kind: "model", value: "mockllm/none" }),
      ).rejects.toThrow('does not offer "mockllm/none": choose one of Mock, Mock Thinker')
      const r = await c.request("session.models", { sessionId })
      expect(r.agent!.model!.current).toBe("mockllm/mock-think")
    },
    SLOW,
  )

  test(
    "Ctrl+P moves to the agent's next model, and /thinking <level> is the agent's level of that name",
    async () => {
      const back = await c.request("session.cycleModel", { sessionId, direction: "backward" })
      expect(back.model!.id).toBe("mockllm/mock-1")
      await rec.waitFor((s) => s.info.model?.id === "mockllm/mock-1", "the agent's first model again")
      // mock-1 does not reason: the agent offers no "high" now, and says what it does offer
      await expect(c.request("session.setThinking", { sessionId, level: "high" })).rejects.toThrow(
        'does not offer "high": choose one of off',
      )
      await c.request("session.cycleModel", { sessionId })
      await rec.waitFor((s) => s.info.model?.id === "mockllm/mock-think", "the thinking model again")
      await c.request("session.setThinking", { sessionId, level: "low" })
      expect((await c.request("session.models", { sessionId })).agent!.effort!.current).toBe("low")
    },
    SLOW,
  )

  test(
    "a Pi session refuses an agent's setting, naming its own requests",
    async () => {
      const pi = await c.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" } })
      await expect(
        c.request("session.setAgentOption", { sessionId: pi.sessionId, kind: "mode", value: "plan" }),
      ).rejects.toThrow(/runs on Pi, not an external agent/)
      await c.request("session.close", { sessionId: pi.sessionId })
    },
    SLOW,
  )
})
