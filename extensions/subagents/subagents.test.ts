// The `agent` tool on a real Pi session (faux model): children are real Pi sessions in the host's
// process. The model answers by what each request holds (the first user message names the task),
// so the parent and its children, which run at once, each get their own replies.
import { expect, test } from "bun:test"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  fauxAssistantMessage,
  fauxToolCall,
  type AssistantMessage,
  type FauxResponseFactory,
} from "@earendil-works/pi-ai"
import type { SessionSnapshot, ToolItem } from "../../src/protocol"
import { toolArgs } from "../../test/fixture/faux"
import { messageText, useFauxSessions } from "../../test/fixture/faux-session"
import { subagentsOf } from "./rules"

const open = useFauxSessions()

type Msg = { role: string; content: unknown; toolsAdded?: { name: string }[]; toolsRemoved?: { name: string }[] }
const textOf = messageText
/** What one request is: its task (first user message), the tools offered, the tool results so far. */
function readRequest(messages: readonly Msg[]) {
  const task = textOf(messages.find((m) => m.role === "user")?.content)
  const tools = new Set<string>()
  for (const m of messages.filter((m) => m.role === "system")) {
    for (const t of m.toolsAdded ?? []) tools.add(t.name)
    for (const t of m.toolsRemoved ?? []) tools.delete(t.name)
  }
  const results = messages.filter((m) => m.role === "toolResult").map((m) => textOf(m.content))
  return { task, tools: [...tools].sort(), results }
}
const agentCall = (args: Record<string, unknown>, id?: string) =>
  fauxToolCall("agent", toolArgs(args), id ? { id } : {})
const calls = (...c: ReturnType<typeof agentCall>[]) => fauxAssistantMessage(c, { stopReason: "toolUse" })

/** Every request goes through `route`; enough steps for every request a test makes. */
function router(
  route: (r: ReturnType<typeof readRequest>, signal?: AbortSignal) => AssistantMessage | Promise<AssistantMessage>,
) {
  const step: FauxResponseFactory = (ctx, options) =>
    route(readRequest(ctx.messages as unknown as Msg[]), options?.signal)
  return Array.from({ length: 40 }, () => step)
}

const agentResults = (s: SessionSnapshot) =>
  s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "agent")
const settled = (s: SessionSnapshot) =>
  !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming && i.stopReason === "stop")

test("three agent calls in one message run at once, each child on its profile's tools, and every result reaches the parent", async () => {
  const { fx, rec, send } = await open()
  const childTasks = ["TASK-A find the loader", "TASK-B fix the typo", "TASK-C plan the change"]
  // A child answers only once all three have asked: run one after another, they would wait forever.
  let asked = 0
  let allAsked!: () => void
  const together = new Promise<void>((r) => (allAsked = r))
  fx.faux.setResponses(
    router(async (r) => {
      if (r.task === "delegate three") {
        if (!r.results.length)
          return calls(
            agentCall({ task: childTasks[0], title: "Find the loader", profile: "explore" }, "call-a"),
            agentCall({ task: childTasks[1], title: "Fix the typo" }, "call-b"),
            agentCall({ task: childTasks[2], title: "Plan the change", profile: "plan" }, "call-c"),
          )
        return fauxAssistantMessage(`parent got ${r.results.length} reports`)
      }
      if (++asked === 3) allAsked()
      await together
      return fauxAssistantMessage(`report of ${r.task.slice(0, 6)} with tools ${r.tools.join(",")}`)
    }),
  )
  await send("delegate three")
  const s = await rec.waitFor(settled, "the parent's reply after its children")
  const rows = agentResults(s)
  expect(rows.map((t) => t.status)).toEqual(["done", "done", "done"])
  const out = rows.map((t) => t.output ?? "")
  expect(out[0]).toContain("Subagent explore · Find the loader: done in 1 turn")
  expect(out[0]).toContain("report of TASK-A with tools find,grep,ls,read")
  expect(out[1]).toContain("report of TASK-B with tools agent,ask_user,bash,edit,find,grep,ls,read,todo_write,write")
  expect(out[2]).toContain("report of TASK-C with tools ask_user,find,grep,ls,read")
  // explore's child was offered no tool that writes or runs commands.
  expect(out[0]).not.toMatch(/bash|edit|write/)
  expect((rows[0]!.details as { profile: string; usage: { turns: number } }).usage.turns).toBe(1)
  const reply = s.items.filter((i) => i.kind === "assistant").pop()!
  expect(JSON.stringify(reply)).toContain("parent got 3 reports")
  // Nothing is left running: the rows under the status line go with the children; the roster keeps
  // each one that ended, with its model, last tool and tokens.
  const state = subagentsOf(s.info.extensions?.subagents)!
  expect(state.children).toEqual([])
  // (in the order they ended, which three children running at once do not fix)
  const ended = state.finished!.map((c) => [c.profile, c.title, c.status, c.model]).sort()
  expect(ended).toEqual([
    ["explore", "Find the loader", "done", "faux/faux-1"],
    ["general", "Fix the typo", "done", "faux/faux-1"],
    ["plan", "Plan the change", "done", "faux/faux-1"],
  ])
  expect(state.finished!.every((c) => (c.tokens?.output ?? 0) > 0 && c.endedAt! >= c.startedAt!)).toBe(true)
})

test("children nest two deep: the third level's agent call is refused with the reason", async () => {
  const { fx, rec, send } = await open()
  fx.faux.setResponses(
    router((r) => {
      const next = { "go deep": "LEVEL-1", "LEVEL-1": "LEVEL-2", "LEVEL-2": "LEVEL-3" }[r.task]
      if (next && !r.results.length) return calls(agentCall({ task: next, title: `to ${next}` }))
      return fauxAssistantMessage(`${r.task} saw: ${r.results.join(" | ") || "nothing"}`)
    }),
  )
  await send("go deep")
  const s = await rec.waitFor(settled, "the parent's reply")
  const top = agentResults(s)[0]!
  expect(top.status).toBe("done")
  const text = top.output ?? ""
  expect(text).toContain("LEVEL-1 saw:")
  expect(text).toContain("LEVEL-2 saw:")
  expect(text).toContain("Subagents may nest 2 deep, and this one is already at depth 2")
  expect(text).not.toContain("LEVEL-3 saw")
})

test("Esc on the parent cancels its running child: the call ends cancelled and nothing is left", async () => {
  const { fx, rec, send, sessionId } = await open()
  let childAborted = false
  let childAsked!: () => void
  const asked = new Promise<void>((r) => (childAsked = r))
  fx.faux.setResponses(
    router(async (r, signal) => {
      if (r.task === "start one") {
        if (!r.results.length)
          return calls(agentCall({ task: "HANG until stopped", title: "Hang", profile: "explore" }))
        return fauxAssistantMessage("parent went on")
      }
      childAsked()
      await new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve()
        signal?.addEventListener("abort", () => resolve(), { once: true })
      })
      childAborted = signal?.aborted === true
      return fauxAssistantMessage("too late")
    }),
  )
  await send("start one")
  await rec.waitFor(
    (s) => subagentsOf(s.info.extensions?.subagents)?.children.some((c) => c.status === "running") === true,
    "the child running",
  )
  await asked
  await fx.client.request("session.abort", { sessionId })
  const s = await rec.waitFor(
    (s) =>
      !s.running &&
      agentResults(s)[0]?.status === "error" &&
      subagentsOf(s.info.extensions?.subagents)?.children.length === 0 &&
      subagentsOf(s.info.extensions?.subagents)?.finished?.[0]?.status === "cancelled",
    "the call ended with no child left",
  )
  expect(childAborted).toBe(true)
  expect(agentResults(s)[0]!.output ?? "").not.toContain("too late")
})

test("a profile that cannot run here is refused with its reason", async () => {
  const { fx, rec, send } = await open()
  // A repository's profile that would run a program it names (a model could be talked into it).
  mkdirSync(join(fx.cwd, ".xagent", "agents"), { recursive: true })
  writeFileSync(join(fx.cwd, ".xagent", "agents", "claude.md"), "---\nname: claude\nacp: claude-agent-acp\n---\n")
  fx.faux.setResponses(
    router((r) => {
      if (!r.results.length)
        return calls(
          agentCall({ task: "x", title: "on claude", profile: "claude" }, "c1"),
          agentCall({ task: "y", title: "nobody", profile: "no-such-profile" }, "c2"),
          agentCall({ task: "z", title: "later", background: true }, "c3"),
        )
      return fauxAssistantMessage("ok")
    }),
  )
  await send("try")
  const s = await rec.waitFor(settled, "the reply")
  const out = agentResults(s).map((t) => [t.status, t.output ?? ""])
  expect(out[0]![0]).toBe("error")
  expect(out[0]![1]).toContain("is this repository's and would run a program it names (claude-agent-acp)")
  expect(out[1]![1]).toContain("no profile is named 'no-such-profile'")
  expect(out[2]![1]).toContain("Background subagents need the xagent daemon")
})

test("past the limit a call waits for a slot, in order, and leaves the queue when aborted", async () => {
  const { createSlots } = await import("./slots")
  const slots = createSlots(2)
  const a = await slots.take()
  const b = await slots.take()
  let third: (() => void) | undefined
  const waiting = slots.take().then((r) => (third = r))
  const stop = new AbortController()
  const dropped = slots.take(stop.signal)
  stop.abort()
  expect(await dropped).toBeUndefined()
  expect(third).toBeUndefined()
  a!()
  await waiting
  expect(third).toBeFunction()
  // b's release then the third's: nothing waits, so a fresh take gets a slot at once.
  b!()
  third!()
  expect(await slots.take()).toBeFunction()
})

test("a child's tools are the parent's own: its read reads the parent's folder", async () => {
  const { fx, rec, send } = await open({ files: { "notes.txt": "NOTE-42 in the parent's folder" } })
  fx.faux.setResponses(
    router((r) => {
      if (r.task === "ask a reader") {
        if (!r.results.length) return calls(agentCall({ task: "READ notes", title: "Read notes", profile: "explore" }))
        return fauxAssistantMessage("done")
      }
      if (!r.results.length)
        return fauxAssistantMessage([fauxToolCall("read", toolArgs({ path: "notes.txt" }))], { stopReason: "toolUse" })
      return fauxAssistantMessage(`child read: ${r.results[0]}`)
    }),
  )
  await send("ask a reader")
  const s = await rec.waitFor(settled, "the reply")
  const out = agentResults(s)[0]!
  expect(out.status).toBe("done")
  expect(out.output).toContain("child read: ")
  expect(out.output).toContain("NOTE-42 in the parent's folder")
  expect((out.details as { usage: { turns: number } }).usage.turns).toBe(2)
})

test("a bad XAGENT_SUBAGENTS_MAX is said at start and refuses the call with the reason, never a silent default", async () => {
  const before = process.env.XAGENT_SUBAGENTS_MAX
  process.env.XAGENT_SUBAGENTS_MAX = "lots"
  try {
    const { fx, rec, send } = await open()
    fx.faux.setResponses(
      router((r) =>
        r.results.length
          ? fauxAssistantMessage(`parent saw: ${r.results.join(" | ")}`)
          : calls(agentCall({ task: "CHILD never runs", title: "Never" })),
      ),
    )
    await send("delegate")
    const s = await rec.waitFor(settled, "the parent's reply")
    const row = agentResults(s)[0]!
    expect(row.status).toBe("error")
    expect(row.output).toContain('Cannot start a subagent: XAGENT_SUBAGENTS_MAX is "lots"')
    expect(row.output).toContain("whole number from 1")
    expect(JSON.stringify(s.items)).toContain('subagents: XAGENT_SUBAGENTS_MAX is \\"lots\\"')
  } finally {
    if (before === undefined) delete process.env.XAGENT_SUBAGENTS_MAX
    else process.env.XAGENT_SUBAGENTS_MAX = before
  }
})

test("the roster's ended children come back from the session file when the conversation is reopened", async () => {
  const { fx, rec, send, sessionId } = await open()
  fx.faux.setResponses(
    router((r) => {
      if (r.task === "delegate one")
        return r.results.length
          ? fauxAssistantMessage("parent done")
          : calls(agentCall({ task: "CHILD look around", title: "Look around", profile: "explore" }, "call-1"))
      return fauxAssistantMessage("child report")
    }),
  )
  await send("delegate one")
  const s = await rec.waitFor(settled, "the parent's reply")
  const live = subagentsOf(s.info.extensions?.subagents)!.finished!
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: s.info.file! })
  const reopened = await fx
    .record(again.sessionId)
    .waitFor((r) => (subagentsOf(r.info.extensions?.subagents)?.finished?.length ?? 0) > 0, "the rebuilt roster")
  const back = subagentsOf(reopened.info.extensions?.subagents)!.finished!
  expect(back.map((c) => [c.id, c.profile, c.title, c.status, c.model, c.tokens])).toEqual(
    live.map((c) => ["call-1", c.profile, c.title, c.status, c.model, c.tokens]),
  )
})

test("a child asks in the parent's windows, named by it: its write waits on the parent's consent gate, its ask_user is the parent's dock", async () => {
  const { fx, rec, send, sessionId } = await open()
  await fx.client.request("session.setApproval", { sessionId, approval: "ask" })
  fx.faux.setResponses(
    router((r) => {
      if (r.task === "delegate a change")
        return r.results.length
          ? fauxAssistantMessage("parent done")
          : calls(agentCall({ task: "CHILD write then ask", title: "Write it" }, "call-w"))
      if (r.results.length === 0)
        return fauxAssistantMessage([fauxToolCall("write", toolArgs({ path: "made.txt", content: "child\n" }))], {
          stopReason: "toolUse",
        })
      if (r.results.length === 1)
        return fauxAssistantMessage(
          [
            fauxToolCall(
              "ask_user",
              toolArgs({
                questions: [{ id: "q", label: "Name", prompt: "Which name?", choices: [{ value: "a", label: "A" }] }],
              }),
            ),
          ],
          { stopReason: "toolUse" },
        )
      return fauxAssistantMessage(`child saw: ${r.results.join(" | ")}`)
    }),
  )
  await send("delegate a change")
  // The parent's own agent call waits on the gate first (it is gated), unnamed: allowed.
  const first = await rec.waitFor((s) => s.ui.pending.some((p) => p.kind === "permission"), "the agent call's consent")
  const own = first.ui.pending.find((p) => p.kind === "permission")!
  expect(own).toMatchObject({ toolName: "agent" })
  expect(own.from).toBeUndefined()
  await fx.client.request("session.uiRespond", { sessionId, requestId: own.id, response: { value: "allow_once" } })
  // The child's write: the same gate, named by the child; refused, so nothing is written.
  const asked = await rec.waitFor(
    (s) => s.ui.pending.some((p) => p.kind === "permission" && p.toolName === "write"),
    "the child's write waiting on the gate",
  )
  const write = asked.ui.pending.find((p) => p.kind === "permission" && p.toolName === "write")!
  expect(write).toMatchObject({ from: "general · Write it", title: "write: made.txt" })
  await fx.client.request("session.uiRespond", { sessionId, requestId: write.id, response: { value: "reject_once" } })
  // Its question: the parent's ask_user dock, named by the child.
  const q = await rec.waitFor((s) => s.ui.pending.some((p) => p.kind === "ask_user"), "the child's question")
  const question = q.ui.pending.find((p) => p.kind === "ask_user")!
  expect(question.from).toBe("general · Write it")
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: question.id,
    response: { answers: [{ id: "q", value: "a", label: "A", wasCustom: false, index: 1 }] },
  })
  const s = await rec.waitFor(settled, "the parent's reply")
  const out = agentResults(s)[0]!.output ?? ""
  expect(out).toContain("child saw: Not run: the person did not allow this tool call.")
  expect(out).toContain("| Name: A (choice 1)")
  expect(existsSync(join(fx.cwd, "made.txt"))).toBe(false)
})

test("a Claude Code agent file of the project's runs as it is: its tools mapped, its body the child's instructions", async () => {
  const { fx, rec, send } = await open()
  // The layout and file Claude Code's documentation shows for a subagent.
  mkdirSync(join(fx.cwd, ".claude", "agents"), { recursive: true })
  writeFileSync(
    join(fx.cwd, ".claude", "agents", "code-reviewer.md"),
    [
      "---",
      "name: code-reviewer",
      "description: Expert code review specialist. Proactively reviews code for quality, security, and maintainability. Use immediately after writing or modifying code.",
      "tools: Read, Grep, Glob",
      "model: inherit",
      "---",
      "",
      "You are a senior code reviewer ensuring high standards of code quality and security.",
      "",
    ].join("\n"),
  )
  let childSystem = ""
  const step: FauxResponseFactory = (ctx) => {
    const r = readRequest(ctx.messages as unknown as Msg[])
    if (r.task === "review it") {
      if (!r.results.length)
        return calls(agentCall({ task: "REVIEW the diff", title: "Review", profile: "code-reviewer" }, "c-rev"))
      return fauxAssistantMessage("parent done")
    }
    // The prompt travels in the request's system messages (their text and sections).
    childSystem = JSON.stringify((ctx.messages as unknown as Msg[]).filter((m) => m.role === "system"))
    return fauxAssistantMessage(`review with tools ${r.tools.join(",")}`)
  }
  fx.faux.setResponses([step, step, step])
  await send("review it")
  const s = await rec.waitFor(settled, "the reply")
  const row = agentResults(s)[0]!
  expect(row.status).toBe("done")
  expect(row.output).toContain("Subagent code-reviewer · Review: done")
  // Read, Grep and Glob are read, grep and find here.
  expect(row.output).toContain("review with tools find,grep,read")
  expect(childSystem).toContain("You are a senior code reviewer ensuring high standards")
})
