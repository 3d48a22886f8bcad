// The mappings of ACP (docs/adr-acp.md) that a scripted HTTP model cannot reach (a length stop, a
// model error), in process: the SDK's client() connected straight to xagent's agent app, over a
// real session host on pi-ai's faux model. Plus the pure rules of tool rows, plans and forms.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createAgent } from "../../src/acp/agent"
import { answersFromForm } from "../../src/acp/ask-form"
import { historyDiffGap, historyDiffs, patchHunks } from "../../src/acp/file-diffs"
import { advances, toolKind, toolLocations, hasRow } from "../../src/acp/tool-rows"
import { planEntries, promptBlocksOf, promptParts, stopReasonOf } from "../../src/acp/turn-map"
import type { AskQuestion } from "../../src/protocol"
import type { TodoItem } from "../../src/common/todo"
import { createFauxFixture, failOnceThenAnswer, QUICK_RETRY, type FauxFixture } from "../fixture/faux"
import { until } from "../daemon/harness"

describe("in process, Pi on the faux model", () => {
  let fx: FauxFixture
  let cx: acp.ClientContext
  let conn: acp.ClientConnection
  const updates: acp.SessionNotification[] = []
  beforeAll(async () => {
    fx = await createFauxFixture({ settings: { defaultProvider: "faux", defaultModel: "faux-1", ...QUICK_RETRY } })
    const { app } = createAgent({ client: async () => fx.client, version: "test", log: () => {} })
    conn = acp
      .client({ name: "in-process" })
      .onNotification(acp.methods.client.session.update, ({ params }) => void updates.push(params))
      .connect(app)
    cx = conn.agent
    await cx.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  })
  afterAll(async () => {
    conn.close()
    await fx.dispose()
  })

  const ask = async (sessionId: string) =>
    cx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "go" }] })

  test("length → max_tokens; a model error → -32603 with its message, never an `error` stop reason", async () => {
    const s = await cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
    fx.faux.setResponses([fauxAssistantMessage("cut short", { stopReason: "length" })])
    expect(await ask(s.sessionId)).toEqual({ stopReason: "max_tokens" })
    fx.faux.setResponses([fauxAssistantMessage("", { stopReason: "error", errorMessage: "model exploded" })])
    const err = (await ask(s.sessionId).catch((e: acp.RequestError) => e)) as acp.RequestError
    expect(err.code).toBe(-32603)
    expect(err.message).toContain("model exploded")
    fx.faux.setResponses([fauxAssistantMessage("fine again")])
    expect(await ask(s.sessionId)).toEqual({ stopReason: "end_turn" })
    const text = updates
      .filter((u) => u.sessionId === s.sessionId && u.update.sessionUpdate === "agent_message_chunk")
      .map((u) => (u.update as { content: { text: string } }).content.text)
      .join("")
    expect(text).toBe("cut shortfine again")
  })

  test("a retry is the agent's thought, never part of its answer", async () => {
    const s = await cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
    fx.faux.setResponses(failOnceThenAnswer("after the retry"))
    expect(await ask(s.sessionId)).toEqual({ stopReason: "end_turn" })
    const of = (kind: string) =>
      updates
        .filter((u) => u.sessionId === s.sessionId && u.update.sessionUpdate === kind)
        .map((u) => (u.update as { content: { text: string } }).content.text)
        .join("")
    expect(of("agent_message_chunk")).toBe("after the retry")
    expect(of("agent_thought_chunk")).toContain("Retrying (1/3)")
  })

  test("a session title change is a session_info_update; the thought level a config_option_update", async () => {
    const s = await cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
    fx.faux.setResponses([fauxAssistantMessage("named")])
    await ask(s.sessionId)
    const { sessions } = await fx.client.request("sessions.list", { cwd: fx.cwd })
    const hostId = sessions.find((x) => x.id === s.sessionId)!.live!.sessionId
    await fx.client.request("session.setName", { sessionId: hostId, name: "Fix the parser" })
    const of = () => updates.filter((u) => u.sessionId === s.sessionId).map((u) => u.update)
    await until(() => of().some((u) => u.sessionUpdate === "session_info_update"), "session_info_update")
    expect(of().find((u) => u.sessionUpdate === "session_info_update")).toMatchObject({ title: "Fix the parser" })
    // From another front end (a terminal window's /thinking): the editor's list follows.
    await fx.client.request("session.setThinking", { sessionId: hostId, level: "high" })
    const update = await until(
      () =>
        of().find(
          (u) =>
            u.sessionUpdate === "config_option_update" &&
            u.configOptions.some((o) => o.id === "thought_level" && o.currentValue === "high"),
        ),
      "config_option_update",
    )
    expect((update as { configOptions: { id: string }[] }).configOptions.map((o) => o.id)).toEqual([
      "model",
      "thought_level",
      "mode",
    ])
  })
})

describe("pure rules", () => {
  test("tool kinds, rows and absolute locations", () => {
    expect(
      ["read", "ls", "edit", "write", "bash", "grep", "find", "fetch", "submit_plan", "mystery"].map(toolKind),
    ).toEqual(["read", "read", "edit", "edit", "execute", "search", "search", "fetch", "switch_mode", "other"])
    expect(hasRow("todo_write")).toBe(false)
    expect(toolLocations({ name: "read", args: { path: "a/b.ts", offset: 7 } }, "/w")).toEqual([
      { path: "/w/a/b.ts", line: 7 },
    ])
    expect(toolLocations({ name: "grep", args: { pattern: "x" } }, "/w")).toEqual([{ path: "/w" }])
  })

  test("a status never moves backwards", () => {
    expect(advances("pending", "in_progress")).toBe(true)
    expect(advances("in_progress", "pending")).toBe(false)
    expect(advances("completed", "failed")).toBe(false)
    expect(advances("failed", "completed")).toBe(false)
  })

  test("stop reasons: a cancel asked for makes any end `cancelled`", () => {
    expect(stopReasonOf("end_turn", false)).toBe("end_turn")
    expect(stopReasonOf("error", true)).toBe("cancelled")
    expect(stopReasonOf("error", false)).toBe("error")
  })

  test("a todo status SDK clients do not know is shown done with a [cancelled] mark, not dropped", () => {
    const todos = [{ id: "1", content: "gone", status: "cancelled" }] as unknown as TodoItem[]
    expect(planEntries(todos)).toEqual([{ content: "[cancelled] gone", priority: "medium", status: "completed" }])
  })

  test("prompt content: embedded context kept with its uri; unknown blocks refused", () => {
    const ok = promptParts([
      { type: "text", text: "look" },
      { type: "resource", resource: { uri: "file:///w/a.ts", text: "code" } },
    ])
    expect(ok).toEqual({ text: 'look\n\n<context uri="file:///w/a.ts">\ncode\n</context>', images: [] })
    expect(promptParts([{ type: "image", data: "x", mimeType: "image/bmp" }])).toHaveProperty("problem")
  })

  test("a replayed write over an existing file whose session kept no patch says so instead of a diff", () => {
    const item = { kind: "tool", id: "w", name: "write", status: "done", args: { path: "/w/a", content: "x" } }
    expect(historyDiffs({ ...item, details: { created: false } } as never, "/w")).toEqual([])
    expect(historyDiffGap({ ...item, details: { created: false } } as never)).toContain("did not keep")
    expect(historyDiffGap({ ...item, details: { created: true } } as never)).toBeUndefined()
    const patched = {
      ...item,
      details: { created: false, patch: "@@ -1 +1 @@\n-old\n+x\n\\ No newline at end of file\n" },
    }
    expect(historyDiffs(patched as never, "/w")).toEqual([
      { type: "diff", path: "/w/a", oldText: "old\n", newText: "x" },
    ])
    expect(historyDiffGap(patched as never)).toBeUndefined()
  })

  test("a prompt's text comes back as the blocks it was joined from (session/load)", () => {
    const blocks = [
      { type: "resource", resource: { uri: "file:///w/a.ts", text: "a\n\n</context> b" } },
      { type: "text", text: "one\n\ntwo" },
      { type: "resource_link", uri: "file:///w/my%20b.ts", name: "my b.ts" },
      { type: "resource_link", uri: "https://x.org/doc/", name: "doc" },
    ] as const
    const parts = promptParts(blocks)
    if ("problem" in parts) throw new Error(parts.problem)
    expect(promptBlocksOf(parts.text)).toEqual([...blocks])
    // Text that only mentions one stays text.
    expect(promptBlocksOf('see @file:///a and <context uri="x">')).toEqual([
      { type: "text", text: 'see @file:///a and <context uri="x">' },
    ])
  })

  test("form answers: a choice and a typed answer to a single question, or a refused custom, are problems", () => {
    const q: AskQuestion[] = [
      { id: "a", label: "A", prompt: "?", choices: [{ value: "x", label: "X" }] },
      { id: "b", label: "B", prompt: "?", allowCustom: false, choices: [{ value: "y", label: "Y" }] },
    ]
    expect(answersFromForm(q, { q0: "x", q0_custom: "z", q1: "y" })).toHaveProperty("problem")
    expect(answersFromForm(q, { q0: "x", q1_custom: "z" })).toHaveProperty("problem")
    expect(answersFromForm(q, { q0_custom: " typed ", q1: "y" })).toEqual({
      answers: [
        { id: "a", value: "typed", label: "typed", wasCustom: true },
        { id: "b", value: "y", label: "Y", wasCustom: false, index: 1 },
      ],
    })
    expect(answersFromForm(q, "nope")).toHaveProperty("problem")
  })
})

describe("a history's edit patch as diffs", () => {
  test("each hunk's text before and after, context in both; a last line without a newline kept so", () => {
    const patch = [
      "--- a.txt",
      "+++ a.txt",
      "@@ -1,3 +1,3 @@",
      " one",
      "-two",
      "+TWO",
      " three",
      "@@ -20,2 +20,2 @@",
      " nineteen",
      "-end",
      "\\ No newline at end of file",
      "+END",
      "\\ No newline at end of file",
      "",
    ].join("\n")
    expect(patchHunks(patch)).toEqual([
      { oldText: "one\ntwo\nthree\n", newText: "one\nTWO\nthree\n" },
      { oldText: "nineteen\nend", newText: "nineteen\nEND" },
    ])
  })
})
