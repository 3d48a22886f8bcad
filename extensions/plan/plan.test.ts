// Plan mode on a real Pi session (faux model): a plan request that reads and asks, one whose write
// is refused, the outcomes (blocked, no_plan, invalid repaired once / failing twice), Implement with
// an edited plan file, auto-accept, keep planning, a mid-run change rejected, tools restored.
import { expect, test } from "bun:test"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import type { CustomItem, SessionSnapshot, ToolItem } from "../../src/protocol"
import type { FauxFixture } from "../../test/fixture/faux"
import { toolTurn, useFauxSessions } from "../../test/fixture/faux-session"

const open = useFauxSessions()
const setup = () => open({ files: { "src/app.ts": "export const x = 1\n" } })
const call = toolTurn
const PLAN = "1. Add the flag\n2. Test it\n\n## Risks\n- none"
const submit = (extra: Record<string, unknown> = {}) =>
  call("submit_plan", { outcome: "plan_ready", title: "Add a flag", plan: PLAN, ...extra })
const cards = (s: SessionSnapshot, type: string) =>
  s.items.filter((i): i is CustomItem => i.kind === "custom" && i.customType === type)
const toolsSeen: string[][] = []
const seeing = (reply: ReturnType<typeof fauxAssistantMessage>) => (ctx: TranscriptContext) => {
  toolsSeen.push(getCurrentTools(ctx.messages).map((t) => t.name))
  return reply
}
const idle = (rec: ReturnType<FauxFixture["record"]>, pred: (s: SessionSnapshot) => boolean, what: string) =>
  rec.waitFor((s) => !s.running && pred(s), what)

test("a plan request reads, asks one question, ends plan_ready with a file; Implement carries the edited file", async () => {
  const { fx, sessionId, rec, send } = await setup()
  toolsSeen.length = 0
  fx.faux.setResponses([
    seeing(call("read", { path: "src/app.ts" })),
    call("ask_user", {
      questions: [{ id: "q", label: "Name", prompt: "Flag name?", choices: [{ value: "v", label: "--verbose" }] }],
    }),
    submit(),
    fauxAssistantMessage("Plan submitted."),
  ])
  await send("/plan add a verbose flag")
  const asked = await rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "ask_user"), "the question")
  expect(asked.info.extensions?.plan).toEqual({ mode: "plan" })
  const req = asked.ui.pending.find((r) => r.kind === "ask_user")!
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: req.id,
    response: { answers: [{ id: "q", value: "v", label: "--verbose", wasCustom: false, index: 1 }] },
  })
  const done = await idle(rec, (s) => cards(s, "plan").length === 1, "the plan card")
  // The read-only tools and submit_plan, with the changing ones still on offer (refused when called).
  expect(toolsSeen[0]).toEqual(expect.arrayContaining(["bash", "read", "submit_plan", "ask_user", "todo_write"]))
  expect(toolsSeen[0]).toEqual(expect.arrayContaining(["edit", "write"]))
  const card = cards(done, "plan")[0]!
  const d = card.details as { outcome: string; path: string; plan: string }
  expect(d.outcome).toBe("plan_ready")
  expect(readFileSync(d.path, "utf8")).toContain("1. Add the flag")
  expect(done.info.extensions?.plan).toBeUndefined()

  // The person edits the file; Implement sends what the file says, with the normal tools back.
  writeFileSync(d.path, "# Add a flag\n\n1. Add the flag as --loud\n")
  let implementCtx: TranscriptContext | undefined
  fx.faux.setResponses([(ctx) => ((implementCtx = ctx), fauxAssistantMessage("Implemented."))])
  await send("/plan implement")
  const ran = await idle(
    rec,
    (s) => cards(s, "plan-implement").length === 1 && s.items.at(-1)?.kind === "assistant",
    "the run",
  )
  expect((cards(ran, "plan-implement")[0]!.details as { plan: string }).plan).toContain("--loud")
  expect(JSON.stringify(implementCtx!.messages.at(-1))).toContain("--loud")
  expect(getCurrentTools(implementCtx!.messages).map((t) => t.name)).toContain("write")
  expect(getCurrentTools(implementCtx!.messages).map((t) => t.name)).toContain("submit_plan")
  await idle(rec, (s) => s.ui.status.plan === undefined, "plan status cleared")
})

const writes = [
  call("write", { path: "src/app.ts", content: "gone" }),
  call("bash", { command: "rm -f src/app.ts" }),
  call("bash", { command: "echo hi > out.txt" }),
  call("bash", { command: "cat src/app.ts | wc -l" }),
  submit(),
  fauxAssistantMessage("done"),
]

test("a plan request's bash runs in the read-only sandbox: the kernel refuses its writes; nothing changes on disk", async () => {
  const { fx, rec, send } = await setup()
  fx.faux.setResponses([
    writes[0]!,
    writes[1]!,
    (ctx: TranscriptContext) => {
      // While the request runs the session's info says plan mode, in the read-only scope.
      const info = rec.state!.info
      expect([info.extensions?.plan, info.sandbox?.scope]).toEqual([{ mode: "plan" }, "read-only"])
      return writes[2]!
    },
    ...writes.slice(3),
  ])
  await send("/plan rewrite app")
  const s = await idle(rec, (s) => cards(s, "plan").length === 1, "the card")
  const tools = s.items.filter((i): i is ToolItem => i.kind === "tool")
  expect(tools.map((t) => t.status)).toEqual(["error", "error", "error", "done", "done"])
  // The reason the model reads says why: read-only while planning, not that the tool is missing.
  expect(tools[0]!.output).toContain("Plan mode: write is refused while planning (read-only)")
  expect(tools[1]!.output).toContain("Read-only file system")
  expect(tools[2]!.output).toContain("Read-only file system")
  expect(tools[3]!.output?.trim()).toBe("1")
  expect(readFileSync(join(fx.cwd, "src/app.ts"), "utf8")).toBe("export const x = 1\n")
  expect(existsSync(join(fx.cwd, "out.txt"))).toBe(false)
  // Every way out gives the workspace scope back.
  expect([s.info.extensions?.plan, s.info.sandbox?.scope]).toEqual([undefined, undefined])
})

test("with no sandbox a plan request's bash is held to the allow-list, and the info says so", async () => {
  const { fx, sessionId, rec, send } = await open({
    files: { "src/app.ts": "export const x = 1\n" },
    hostOptions: { bwrap: "/nonexistent/bwrap" },
  })
  fx.faux.setResponses(writes)
  await send("/plan rewrite app")
  // The one reading command still asks whether to run without a sandbox at all.
  const asking = await rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "confirm"), "the no-sandbox question")
  expect([asking.info.extensions?.plan, asking.info.sandbox?.available, asking.info.sandbox?.scope]).toEqual([
    { mode: "plan" },
    false,
    undefined,
  ])
  const req = asking.ui.pending.find((r) => r.kind === "confirm")!
  await fx.client.request("session.uiRespond", { sessionId, requestId: req.id, response: { confirmed: true } })
  const s = await idle(rec, (s) => cards(s, "plan").length === 1, "the card")
  const tools = s.items.filter((i): i is ToolItem => i.kind === "tool")
  expect(tools.map((t) => t.status)).toEqual(["error", "error", "error", "done", "done"])
  expect(tools[1]!.output).toContain("Plan mode: bash refused")
  expect(tools[2]!.output).toContain("redirecting output into a file")
  expect(readFileSync(join(fx.cwd, "src/app.ts"), "utf8")).toBe("export const x = 1\n")
  expect(existsSync(join(fx.cwd, "out.txt"))).toBe(false)
  expect(s.info.extensions?.plan).toBeUndefined()
})

test("blocked says what is missing; no_plan leaves an ordinary reply and no card", async () => {
  const { fx, rec, send } = await setup()
  fx.faux.setResponses([
    call("submit_plan", { outcome: "blocked", missing: "the API key name" }),
    fauxAssistantMessage("I need the key name."),
  ])
  await send("/plan wire the API")
  const s = await idle(rec, (s) => cards(s, "plan").length === 1, "blocked card")
  expect(cards(s, "plan")[0]!.details).toMatchObject({ outcome: "blocked", missing: "the API key name" })

  fx.faux.setResponses([call("submit_plan", { outcome: "no_plan" }), fauxAssistantMessage("It is one line: x = 2.")])
  await send("/plan what is x?")
  const t = await idle(rec, (s) => s.items.filter((i) => i.kind === "assistant").length === 4, "the reply")
  expect(cards(t, "plan").length).toBe(1)
})

test("invalid: one repair in the same run succeeds; failing twice leaves a warning card and the text", async () => {
  const { fx, rec, send } = await setup()
  fx.faux.setResponses([fauxAssistantMessage("Here is my plan: do it."), submit(), fauxAssistantMessage("ok")])
  await send("/plan something")
  const s = await idle(rec, (s) => cards(s, "plan").length === 1, "the repaired card")
  expect(cards(s, "plan")[0]!.details).toMatchObject({ outcome: "plan_ready" })
  expect(fx.faux.state.callCount).toBe(3)

  fx.faux.setResponses([fauxAssistantMessage("Plan: A then B."), fauxAssistantMessage("Still just text.")])
  await send("/plan other")
  const t = await idle(rec, (s) => cards(s, "plan").length === 2, "the warning card")
  expect(cards(t, "plan")[1]!.details).toMatchObject({ outcome: "invalid" })
  expect(JSON.stringify(t.items)).toContain("Still just text.")
  expect(fx.faux.state.callCount).toBe(5)
})

test("keep planning sends feedback in the same conversation; a mid-run change is held for approval and rejected", async () => {
  const { fx, sessionId, rec, send } = await setup()
  fx.faux.setResponses([submit(), fauxAssistantMessage("planned")])
  await send("/plan add a flag")
  await idle(rec, (s) => cards(s, "plan").length === 1, "first card")
  let seen: TranscriptContext | undefined
  fx.faux.setResponses([
    (ctx) => ((seen = ctx), submit({ plan: "1. Add the flag\n2. Document it" })),
    fauxAssistantMessage("revised"),
  ])
  await send("/plan also document it")
  await idle(rec, (s) => cards(s, "plan").length === 2, "revised card")
  expect(JSON.stringify(seen!.messages)).toContain("Feedback on the plan, revise it: also document it")
  expect(JSON.stringify(seen!.messages)).toContain("add a flag")

  fx.faux.setResponses([submit({ plan: "1. Delete everything" }), fauxAssistantMessage("kept to the plan")])
  await send("/plan implement --auto")
  const asking = await rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "confirm"), "the approval")
  expect(asking.ui.status.plan).toContain("auto-accepted")
  const req = asking.ui.pending.find((r) => r.kind === "confirm")!
  expect(req.kind === "confirm" && req.message).toContain("+ 1. Delete everything")
  await fx.client.request("session.uiRespond", { sessionId, requestId: req.id, response: { confirmed: false } })
  const s = await idle(rec, (s) => s.items.at(-1)?.kind === "assistant" && s.ui.status.plan === undefined, "the end")
  const change = s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "submit_plan").at(-1)!
  expect(change.details).toMatchObject({ decision: "rejected", after: "1. Delete everything" })
  expect(change.output).toContain("rejected")
})

test("the normal tool set comes back after an interrupt and after a reopen", async () => {
  const { fx, sessionId, rec } = await open({ tokensPerSecond: 5 })
  fx.faux.setResponses([fauxAssistantMessage("a long plan ".repeat(50))])
  await fx.client.request("session.prompt", { sessionId, text: "/plan slow" })
  await rec.waitFor((s) => s.running && !!s.info.extensions?.plan, "planning")
  await fx.client.request("session.abort", { sessionId })
  await idle(rec, (s) => !s.info.extensions?.plan && s.info.sandbox?.scope === undefined, "restored after abort")
  let tools: string[] = []
  fx.faux.setResponses([
    (ctx) => ((tools = getCurrentTools(ctx.messages).map((t) => t.name)), fauxAssistantMessage("hi")),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "hello" })
  await idle(rec, (s) => s.items.at(-1)?.kind === "assistant" && tools.length > 0, "normal reply")
  expect(tools).toContain("write")
  expect(tools).not.toContain("submit_plan")

  // Cut off mid-request (the session closes while planning): reopened, the normal set is back.
  fx.faux.setResponses([fauxAssistantMessage("another long plan ".repeat(50))])
  await fx.client.request("session.prompt", { sessionId, text: "/plan again" })
  const planning = await rec.waitFor((s) => s.running && !!s.info.extensions?.plan, "planning again")
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: planning.info.file! })
  const rec2 = fx.record(again.sessionId)
  await rec2.waitFor((s) => s.info.file === planning.info.file, "reopened")
  let reopened: string[] = []
  fx.faux.setResponses([
    (ctx) => ((reopened = getCurrentTools(ctx.messages).map((t) => t.name)), fauxAssistantMessage("hi")),
  ])
  await fx.client.request("session.prompt", { sessionId: again.sessionId, text: "hello again" })
  await idle(rec2, () => reopened.length > 0, "a reply after reopening")
  expect(reopened).toContain("write")
  expect(reopened).not.toContain("submit_plan")
  expect(rec2.state!.info.extensions?.plan).toBeUndefined()
  expect(rec2.state!.info.sandbox?.scope).toBeUndefined()
})

test("full access is off while a plan request runs and comes back after it", async () => {
  const { fx, sessionId, rec, send } = await setup()
  await fx.client.request("session.setPermissions", { sessionId, mode: "full" })
  let during: unknown
  fx.faux.setResponses([
    () => ((during = rec.state!.info.sandbox), call("bash", { command: "echo x > out.txt" })),
    submit(),
    fauxAssistantMessage("done"),
  ])
  await send("/plan write out.txt")
  const s = await idle(rec, (s) => cards(s, "plan").length === 1, "the card")
  expect(during).toMatchObject({ mode: "sandboxed", scope: "read-only" })
  expect(existsSync(join(fx.cwd, "out.txt"))).toBe(false)
  expect(s.info.sandbox).toMatchObject({ mode: "full" })
  expect(s.info.sandbox?.scope).toBeUndefined()
})

test("implementing with approvals: an edit asks with its change; 'don't ask again' lets later edits run, a write still asks", async () => {
  const { fx, sessionId, rec, send } = await setup()
  fx.faux.setResponses([submit(), fauxAssistantMessage("planned")])
  await send("/plan add a flag")
  await idle(rec, (s) => cards(s, "plan").length === 1, "the card")
  const edit = (from: string, to: string) =>
    call("edit", { path: "src/app.ts", edits: [{ oldText: from, newText: to }] })
  fx.faux.setResponses([
    edit("x = 1", "x = 2"),
    call("write", { path: "src/new.ts", content: "export const y = 1\n" }),
    edit("x = 2", "x = 3"),
    fauxAssistantMessage("Implemented."),
  ])
  await send("/plan implement")
  const asked: string[] = []
  const answer = async (toolName: string, value: string) => {
    const s = await rec.waitFor(
      (s) => s.ui.pending.some((r) => r.kind === "permission" && r.toolName === toolName),
      `the ${toolName} approval`,
    )
    const req = s.ui.pending.find((r) => r.kind === "permission")!
    if (req.kind !== "permission") throw new Error("not a permission")
    asked.push(`${req.title} ${JSON.stringify(req.input)}`)
    await fx.client.request("session.uiRespond", { sessionId, requestId: req.id, response: { value } })
  }
  await answer("edit", "allow_always")
  await answer("write", "allow_once")
  const done = await idle(rec, (s) => s.items.at(-1)?.kind === "assistant", "the end")
  expect(asked).toHaveLength(2)
  expect(asked[0]).toContain("edit: src/app.ts")
  expect(asked[0]).toContain('"newText":"x = 2"')
  expect(asked[1]).toContain("write: src/new.ts")
  expect(readFileSync(join(fx.cwd, "src/app.ts"), "utf8")).toBe("export const x = 3\n")
  expect(readFileSync(join(fx.cwd, "src/new.ts"), "utf8")).toBe("export const y = 1\n")
  expect(done.ui.pending).toEqual([])
})
