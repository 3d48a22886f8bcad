// ACP from an editor's side: the SDK's client() against `bin/xagent acp` on a
// real stdio pipe, its sessions in a real daemon, Pi on a scripted model. The model's script is
// consumed in order, so the tests run in order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  allow,
  chunkText,
  firstRow,
  lastSent,
  loadSession,
  newSession,
  pipeStream,
  prompt,
  resumeSession,
  rowUpdates,
  startAcpBox,
  type AcpBox,
  type Editor,
} from "./harness"

const SLOW = 90_000

/** The statuses a row went through, repeats folded. */
const statuses = (rows: { status?: string }[]) =>
  rows.map((u) => u.status).filter((st, i, all) => st !== undefined && st !== all[i - 1])

let box: AcpBox
let ed: Editor
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { text: "Hello there.", reasoning: "Let me think." },
      { tool: "read", args: { path: "notes.txt", offset: 2 } },
      { text: "Read it." },
      { tool: "write", args: { path: "new.txt", content: "fresh\n" } },
      { text: "Wrote." },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "two", newText: "TWO" }] } },
      { text: "Edited." },
      { tool: "bash", args: { command: "echo acp-bash-out" } },
      { text: "Ran." },
      {
        tool: "todo_write",
        args: {
          todos: [
            { content: "first", status: "completed" },
            { content: "second", status: "in_progress" },
            { content: "third", status: "pending" },
          ],
        },
      },
      { text: "Listed." },
      { tool: "bash", args: { command: "echo never-one > one.txt" } },
      { text: "Denied once." },
      { tool: "bash", args: { command: "echo never-two > two.txt" } },
      { text: "Denied twice." },
      { tool: "bash", args: { command: "echo always-1" } },
      { tool: "bash", args: { command: "echo always-2" } },
      { text: "Both ran." },
      { text: "Resumed." },
    ],
    fallback: "A plan reply.",
  })
  writeFileSync(join(box.box.cwd, "notes.txt"), "one\ntwo\nthree\n")
  ed = await box.editor()
}, SLOW)
afterAll(() => box.cleanup())

describe("stdio agent", () => {
  test(
    "a_initialize_v1_and_gating: honest capabilities; nothing before initialize; unknown methods -32601",
    async () => {
      const proc = box.spawnAgent()
      const { writable, readable } = pipeStream(proc)
      const conn = acp.client({ name: "raw" }).connect(acp.ndJsonStream(writable, readable))
      const early = await conn.agent
        .request(acp.methods.agent.session.new, { cwd: box.box.cwd, mcpServers: [] })
        .catch((e: acp.RequestError) => e)
      expect((early as acp.RequestError).code).toBe(-32600)
      const init = await conn.agent.request(acp.methods.agent.initialize, {
        protocolVersion: 1,
        clientCapabilities: {},
      })
      expect(init.protocolVersion).toBe(1)
      expect(init.agentInfo?.name).toBe("xagent")
      expect(init.authMethods).toEqual([])
      expect(init.agentCapabilities).toEqual({
        loadSession: true,
        promptCapabilities: { image: true, embeddedContext: true },
        mcpCapabilities: { http: true, sse: false },
        // fork is in the SDK's unstable schema only.
        sessionCapabilities: { list: {}, resume: {}, close: {}, fork: {} } as acp.SessionCapabilities,
      })
      const unknown = await conn.agent.request("xagent/nothing", {}).catch((e: acp.RequestError) => e)
      expect((unknown as acp.RequestError).code).toBe(-32601)
      conn.close()
      proc.stdin.end()
      await proc.exited
    },
    SLOW,
  )

  test(
    "a_new_rejects_relative_cwd (and a missing folder), with a message that says why",
    async () => {
      const rel = await ed.cx
        .request(acp.methods.agent.session.new, { cwd: "project", mcpServers: [] })
        .catch((e: acp.RequestError) => e)
      expect((rel as acp.RequestError).code).toBe(-32602)
      expect((rel as acp.RequestError).message).toContain("absolute")
      const gone = await ed.cx
        .request(acp.methods.agent.session.new, { cwd: join(box.box.cwd, "nope"), mcpServers: [] })
        .catch((e: acp.RequestError) => e)
      expect((gone as acp.RequestError).code).toBe(-32602)
      expect((gone as acp.RequestError).message).toContain("No such folder")
    },
    SLOW,
  )

  let firstSession = ""
  test(
    "a_prompt_text_thought_then_end_turn: every update arrives before the response",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      firstSession = s.sessionId
      const r = await prompt(ed, s.sessionId, "hi")
      // Read at the moment the response came: nothing may trail it.
      const seen = ed.of(s.sessionId)
      expect(r.stopReason).toBe("end_turn")
      expect(chunkText(seen, "agent_thought_chunk")).toBe("Let me think.")
      expect(chunkText(seen, "agent_message_chunk")).toBe("Hello there.")
      const ids = new Set(
        seen
          .filter((u) => u.sessionUpdate === "agent_message_chunk")
          .map((u) => (u as { messageId?: string }).messageId),
      )
      expect(ids.size).toBe(1)
    },
    SLOW,
  )

  test(
    "a_read_row_lifecycle_absolute_location: read row, kind read, absolute path with its line",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "read notes")).stopReason).toBe("end_turn")
      const row = firstRow(ed.of(s.sessionId))!
      expect(row.kind).toBe("read")
      const rows = rowUpdates(ed.of(s.sessionId), row.toolCallId)
      expect(statuses(rows)).toEqual(["pending", "in_progress", "completed"])
      expect(rows[0]!.locations).toEqual([{ path: join(box.box.cwd, "notes.txt"), line: 2 }])
      expect(JSON.stringify(rows.at(-1)!.content)).toContain("two")
      expect(ed.permissions).toHaveLength(0)
    },
    SLOW,
  )

  test(
    "a_edit_write_absolute_diff_newfile_null: write's diff has oldText null, edit's the file before",
    async () => {
      ed.onPermission = () => allow("allow_once")
      const s = await newSession(ed, box.box.cwd)
      await prompt(ed, s.sessionId, "write a file")
      await prompt(ed, s.sessionId, "edit notes")
      const rows = ed.of(s.sessionId).filter((u) => u.sessionUpdate === "tool_call") as {
        toolCallId: string
        kind: string
      }[]
      expect(rows.map((r) => r.kind)).toEqual(["edit", "edit"])
      const diffOf = (id: string) =>
        (rowUpdates(ed.of(s.sessionId), id).at(-1)!.content ?? []).find((c) => (c as { type: string }).type === "diff")
      expect(diffOf(rows[0]!.toolCallId)).toEqual({
        type: "diff",
        path: join(box.box.cwd, "new.txt"),
        oldText: null,
        newText: "fresh\n",
      })
      expect(diffOf(rows[1]!.toolCallId)).toEqual({
        type: "diff",
        path: join(box.box.cwd, "notes.txt"),
        oldText: "one\ntwo\nthree\n",
        newText: "one\nTWO\nthree\n",
      })
      // The permission card showed what the edit would change before it ran.
      const card = ed.permissions.at(-1)!.toolCall
      expect(card.content).toEqual([
        { type: "diff", path: join(box.box.cwd, "notes.txt"), oldText: "two", newText: "TWO" },
      ])
    },
    SLOW,
  )

  test(
    "a_bash_row_execute_output and a_permission_allow_once_runs_tool",
    async () => {
      ed.permissions.length = 0
      ed.onPermission = () => allow("allow_once")
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "run it")).stopReason).toBe("end_turn")
      const row = firstRow(ed.of(s.sessionId))!
      expect(row.kind).toBe("execute")
      expect(row.title).toBe("echo acp-bash-out")
      const p = ed.permissions[0]!
      expect(p.toolCall.toolCallId).toBe(row.toolCallId)
      expect(p.toolCall.status).toBe("pending")
      expect(p.options.map((o) => o.optionId)).toEqual(["allow_once", "allow_always", "reject_once"])
      const rows = rowUpdates(ed.of(s.sessionId), row.toolCallId)
      // Output may stream in several in_progress updates; the status never goes back.
      expect(statuses(rows)).toEqual(["pending", "in_progress", "completed"])
      expect(JSON.stringify(rows.at(-1)!.content)).toContain("acp-bash-out")
      expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Ran.")
      expect(lastSent(box)).toContain("acp-bash-out")
    },
    SLOW,
  )

  test(
    "a_todo_plan_full_list_survives_sdk_validation: todo_write is a plan update, not a row",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      await prompt(ed, s.sessionId, "make a list")
      const seen = ed.of(s.sessionId)
      expect(seen.some((u) => u.sessionUpdate === "tool_call")).toBe(false)
      const plan = seen.find((u) => u.sessionUpdate === "plan") as { entries: unknown[] } | undefined
      expect(plan?.entries).toEqual([
        { content: "first", priority: "medium", status: "completed" },
        { content: "second", priority: "medium", status: "in_progress" },
        { content: "third", priority: "medium", status: "pending" },
      ])
    },
    SLOW,
  )

  test(
    "a_permission_unknown_option_or_error_denies: nothing runs, the model is told",
    async () => {
      ed.onPermission = () => allow("allow_everything_forever")
      const s = await newSession(ed, box.box.cwd)
      await prompt(ed, s.sessionId, "try one")
      let row = firstRow(ed.of(s.sessionId))!
      expect(rowUpdates(ed.of(s.sessionId), row.toolCallId).at(-1)!.status).toBe("failed")
      expect(lastSent(box)).toContain("Not run: the person did not allow this tool call.")
      ed.onPermission = () => {
        throw new Error("the editor broke")
      }
      const before = ed.of(s.sessionId).length
      await prompt(ed, s.sessionId, "try two")
      row = firstRow(ed.of(s.sessionId).slice(before))!
      expect(rowUpdates(ed.of(s.sessionId), row.toolCallId).at(-1)!.status).toBe("failed")
      expect(lastSent(box)).toContain("Not run: the person did not allow this tool call.")
      const { existsSync } = await import("node:fs")
      expect(existsSync(join(box.box.cwd, "one.txt"))).toBe(false)
      expect(existsSync(join(box.box.cwd, "two.txt"))).toBe(false)
    },
    SLOW,
  )

  test(
    "allow_always is remembered for the session: the second bash call asks nobody",
    async () => {
      ed.permissions.length = 0
      ed.onPermission = () => allow("allow_always")
      const s = await newSession(ed, box.box.cwd)
      expect((await prompt(ed, s.sessionId, "two commands")).stopReason).toBe("end_turn")
      expect(ed.permissions).toHaveLength(1)
      expect(lastSent(box)).toContain("always-2")
    },
    SLOW,
  )

  test(
    "a_config_full_list_and_boolean_gating: full list back, bad ids, values and booleans refused",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      expect(s.configOptions!.map((o) => o.id)).toEqual(["model", "thought_level", "mode"])
      expect(s.modes?.currentModeId).toBe("default")
      const r = await ed.cx.request(acp.methods.agent.session.setConfigOption, {
        sessionId: s.sessionId,
        configId: "thought_level",
        value: "off",
      })
      expect(r.configOptions.map((o) => o.id)).toEqual(["model", "thought_level", "mode"])
      const bad = async (params: object) =>
        (await ed.cx
          .request(acp.methods.agent.session.setConfigOption, { sessionId: s.sessionId, ...params } as never)
          .catch((e: acp.RequestError) => e)) as acp.RequestError
      const unknown = await bad({ configId: "colour", value: "red" })
      expect(unknown.code).toBe(-32602)
      expect(unknown.message).toContain("model, thought_level, mode")
      const value = await bad({ configId: "model", value: "nobody/none" })
      expect(value.code).toBe(-32602)
      expect(value.message).toContain("mockllm/mock-1")
      const bool = await bad({ configId: "mode", type: "boolean", value: true })
      expect(bool.code).toBe(-32602)
      const noSession = await bad({ sessionId: "nope", configId: "mode", value: "plan" })
      expect(noSession.code).toBe(-32002)
    },
    SLOW,
  )

  test(
    "a_load_replays_before_response_unknown_32002",
    async () => {
      const other = await box.editor()
      try {
        const missing = await other.cx
          .request(acp.methods.agent.session.load, { sessionId: "no-such-session", cwd: box.box.cwd, mcpServers: [] })
          .catch((e: acp.RequestError) => e)
        expect((missing as acp.RequestError).code).toBe(-32002)
        const r = await loadSession(other, box.box.cwd, firstSession)
        const seen = other.of(firstSession)
        expect(chunkText(seen, "user_message_chunk")).toBe("hi")
        expect(chunkText(seen, "agent_message_chunk")).toBe("Hello there.")
        // The same message id as when it streamed live.
        const liveId = (
          ed.of(firstSession).find((u) => u.sessionUpdate === "agent_message_chunk") as { messageId?: string }
        ).messageId
        expect((seen.find((u) => u.sessionUpdate === "agent_message_chunk") as { messageId?: string }).messageId).toBe(
          liveId,
        )
        expect(r.configOptions?.map((o) => o.id)).toEqual(["model", "thought_level", "mode"])
        // The first editor still holds it live: it was joined, not opened a second time.
        const term = await box.attach()
        const { sessions } = await term.daemon("daemon.status", {})
        expect(sessions.filter((x) => x.piSessionId === firstSession)).toHaveLength(1)
        const list = await other.cx.request(acp.methods.agent.session.list, { cwd: box.box.cwd })
        expect(list.sessions.some((x) => x.sessionId === firstSession && x.cwd === box.box.cwd)).toBe(true)
        expect(await other.cx.request(acp.methods.agent.session.close, { sessionId: firstSession })).toEqual({})
        const closed = await prompt(other, firstSession, "again").catch((e: acp.RequestError) => e)
        expect((closed as acp.RequestError).code).toBe(-32002)
        // resume: the same session again, without its history.
        const resumed = await resumeSession(other, box.box.cwd, firstSession)
        expect(resumed.configOptions?.map((o) => o.id)).toEqual(["model", "thought_level", "mode"])
        const after = other.updates.length
        expect((await prompt(other, firstSession, "and now?")).stopReason).toBe("end_turn")
        const since = other.updates.slice(after).map((u) => u.update)
        expect(chunkText(since, "user_message_chunk")).toBe("")
        expect(chunkText(since, "agent_message_chunk")).toBe("Resumed.")
      } finally {
        await other.close()
      }
    },
    SLOW,
  )

  test(
    "a_commands_update_goal: the slash commands follow session/new",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      const cmds = await ed.waitFor(
        () =>
          ed.of(s.sessionId).find((u) => u.sessionUpdate === "available_commands_update") as
            { availableCommands: { name: string; description: string }[] } | undefined,
        "available_commands_update",
      )
      // The context meter is announced too (the session knows its model's window).
      const usage = await ed.waitFor(
        () => ed.of(s.sessionId).find((u) => u.sessionUpdate === "usage_update") as { size: number } | undefined,
        "usage_update",
      )
      expect(usage.size).toBe(128000)
      const names = cmds.availableCommands.map((c) => c.name)
      for (const n of ["goal", "plan", "compact", "todo"]) expect(names).toContain(n)
      expect(cmds.availableCommands.find((c) => c.name === "goal")!.description).toContain("goal")
    },
    SLOW,
  )

  test(
    "a_plan_mode_current_mode_update_field: mode plan sends currentModeId, prompts go as /plan",
    async () => {
      const s = await newSession(ed, box.box.cwd)
      await ed.cx.request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: "plan" })
      const update = ed.of(s.sessionId).find((u) => u.sessionUpdate === "current_mode_update") as
        { currentModeId?: string; modeId?: string } | undefined
      expect(update).toEqual({ sessionUpdate: "current_mode_update", currentModeId: "plan" } as never)
      const r = await ed.cx.request(acp.methods.agent.session.setConfigOption, {
        sessionId: s.sessionId,
        configId: "mode",
        value: "plan",
      })
      expect(r.configOptions.find((o) => o.id === "mode")!.currentValue).toBe("plan")
      const badMode = await ed.cx
        .request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: "yolo" })
        .catch((e: acp.RequestError) => e)
      expect((badMode as acp.RequestError).code).toBe(-32602)
      expect((await prompt(ed, s.sessionId, "plan the thing")).stopReason).toBe("end_turn")
      // Plan mode's request: the model was told to plan (submit_plan is its tool).
      expect(JSON.stringify(box.llm.requests().at(-1)!.tools)).toContain("submit_plan")
    },
    SLOW,
  )

  test(
    "a_stdio_smoke_under_bun: stdout carries JSON-RPC lines only; logs go to acp.log",
    async () => {
      const proc = box.spawnAgent()
      proc.stdin.write(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: 1, clientCapabilities: {} },
        }) + "\n",
      )
      proc.stdin.write("this is not json\n")
      proc.stdin.flush()
      proc.stdin.end()
      const out = await new Response(proc.stdout).text()
      await proc.exited
      const lines = out.split("\n").filter(Boolean)
      expect(lines.length).toBeGreaterThan(0)
      for (const l of lines) expect(JSON.parse(l).jsonrpc).toBe("2.0")
      const said = lines.map((l) => JSON.parse(l))
      expect(said.find((m) => m.id === 1).result.protocolVersion).toBe(1)
      expect(said.find((m) => m.id === null).error.code).toBe(-32700)
      expect(box.acpLog()).toContain("acp agent started")
    },
    SLOW,
  )
})
