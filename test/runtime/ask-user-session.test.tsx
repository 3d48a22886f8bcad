// ask_user end to end inside the runtime: a real Pi session on the faux model calls the tool, a window
// answers with session.uiRespond, and the model's next call sees the answer. Resumed, the transcript draws
// the same cards. `interactive: false` (the --print runs) leaves the tool out.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxToolCall, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import type { AskQuestion, SessionSnapshot, ToolItem, UiRequest } from "../../src/protocol"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"
import { FakeClient } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

const fixtures: FauxFixture[] = []
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  for (const f of fixtures.splice(0)) await f.dispose()
})
async function fixture(opts: Parameters<typeof createFauxFixture>[0] = {}) {
  const fx = await createFauxFixture(opts)
  fixtures.push(fx)
  return fx
}

const LAYOUT: AskQuestion = {
  id: "layout",
  label: "Layout",
  prompt: "Which panels should the dashboard have?",
  multiple: true,
  uiSketch: true,
  choices: [
    { value: "side", label: "Sidebar", sketch: "+----+-------+\n| nav| main  |\n+----+-------+" },
    {
      value: "top",
      label: "Top bar",
      description: "Tabs across the top",
      sketch: "+------------+\n| tabs       |\n+------------+",
    },
    { value: "none", label: "Nothing" },
  ],
}
const STACK: AskQuestion = {
  id: "stack",
  label: "Stack",
  prompt: "Which runtime?",
  choices: [
    { value: "bun", label: "Bun", recommended: true },
    { value: "node", label: "Node" },
  ],
}

type AskRequest = Extract<UiRequest, { kind: "ask_user" }>
const pendingAsk = (s: SessionSnapshot) => s.ui.pending.find((r): r is AskRequest => r.kind === "ask_user")
/** What the model was sent, copied at the call (the context object lives on). */
type Seen = { tools: string[]; messages: { role: string }[] }
const copy = (ctx: TranscriptContext): Seen => ({
  tools: getCurrentTools(ctx.messages).map((t) => t.name),
  messages: JSON.parse(JSON.stringify(ctx.messages)),
})
type ToolResultMessage = {
  role: "toolResult"
  toolName: string
  content: { type: string; text?: string }[]
  details: unknown
}

test("the model asks, a window answers, the model reads the answer; resumed, the cards show it", async () => {
  const fx = await fixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const seen: Seen[] = []
  fx.faux.setResponses([
    (ctx) => {
      seen.push(copy(ctx))
      const call = fauxToolCall("ask_user", toolArgs({ questions: [LAYOUT, STACK] }))
      return fauxAssistantMessage([call], { stopReason: "toolUse" })
    },
    (ctx) => {
      seen.push(copy(ctx))
      return fauxAssistantMessage("Sidebar and top bar on Bun, then.")
    },
  ])
  await fx.client.request("session.prompt", { sessionId, text: "plan the dashboard" })
  const asked = await rec.waitFor((s) => pendingAsk(s) !== undefined, "the questions")
  const request = pendingAsk(asked)!
  // The questions reach the window literally: sketches keep their ASCII.
  expect(request.questions).toEqual([LAYOUT, STACK])
  expect(asked.items.find((i) => i.kind === "tool")).toMatchObject({ name: "ask_user", status: "running" })

  const answers = [
    {
      id: "layout",
      multiple: true as const,
      selections: [
        { value: "side", label: "Sidebar", wasCustom: false, index: 1, note: "narrow" },
        { value: "top", label: "Top bar", wasCustom: false, index: 2 },
      ],
    },
    { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 },
  ]
  await fx.client.request("session.uiRespond", { sessionId, requestId: request.id, response: { answers } })
  const live = await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  expect(live.ui.pending).toEqual([])

  expect(seen[0]!.tools).toContain("ask_user")
  const result = seen[1]!.messages.find((m) => m.role === "toolResult") as unknown as ToolResultMessage
  expect(result.toolName).toBe("ask_user")
  expect(result.content).toEqual([
    { type: "text", text: 'Layout: Sidebar (choice 1) [note: "narrow"], Top bar (choice 2)\nStack: Bun (choice 1)' },
  ])
  expect(result.details).toEqual({ answers })

  // A second host resumes the file: the same tool item, from the session file.
  const fx2 = await fixture({ agentDir: fx.agentDir, cwd: fx.cwd })
  const opened = await fx2.open({ kind: "session", ref: live.info.file! })
  const resumed = fx2.record(opened.sessionId).state!
  const tool = resumed.items.find((i): i is ToolItem => i.kind === "tool")!
  expect(tool).toMatchObject({
    name: "ask_user",
    status: "done",
    args: { questions: [LAYOUT, STACK] },
    details: { answers },
  })

  // And a window drawing that snapshot shows the call and result cards.
  app = await mountApp({ width: 90, height: 40, client: new FakeClient() })
  await app.emit({ type: "snapshot", snapshot: { ...resumed, sessionId: "s1" } })
  const frame = await app.until("Sidebar and top bar on Bun")
  expect(frame).toContain("◇ 1/2 Layout")
  expect(frame).toContain("Which panels should the dashboard have?")
  // Answered: the card names the questions and the answers, not every choice again.
  expect(frame).not.toContain("○ Top bar  Tabs across the top")
  expect(frame).toContain("◇ 2/2 Stack")
  expect(frame).not.toContain("1. Bun (Recommended)")
  expect(frame).toContain("✓ Layout: Sidebar (note: narrow), Top bar")
  expect(frame).toContain("✓ Stack: Bun")
  expect(frame).not.toContain("waiting for an answer")
  // The literal sketch stays in the stored input; the card does not draw it.
  expect(frame).not.toContain("| nav| main  |")
})

test("a cancel reaches the model as cancelled, and the card says so", async () => {
  const fx = await fixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const seen: Seen[] = []
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("ask_user", toolArgs({ questions: [STACK] }))], { stopReason: "toolUse" }),
    (ctx) => {
      seen.push(copy(ctx))
      return fauxAssistantMessage("Alright, I will pick.")
    },
  ])
  await fx.client.request("session.prompt", { sessionId, text: "pick" })
  const request = pendingAsk(await rec.waitFor((s) => pendingAsk(s) !== undefined, "the question"))!
  await fx.client.request("session.uiRespond", { sessionId, requestId: request.id, response: { cancelled: true } })
  const live = await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  const result = seen[0]!.messages.find((m) => m.role === "toolResult") as unknown as ToolResultMessage
  expect(result.content[0]!.text).toBe("The person cancelled the questions without answering.")
  expect(result.details).toEqual({ answers: [], cancelled: true })

  app = await mountApp({ width: 80, height: 24, client: new FakeClient() })
  await app.emit({ type: "snapshot", snapshot: { ...live, sessionId: "s1" } })
  expect(await app.until("Alright, I will pick.")).toContain("✗ Cancelled: the questions were not answered")
})

test("ask_user is offered in interactive sessions only (print runs open with interactive: false)", async () => {
  const fx = await fixture()
  const tools: string[][] = []
  const capture = (ctx: TranscriptContext) => {
    tools.push(getCurrentTools(ctx.messages).map((t) => t.name))
    return fauxAssistantMessage("ok")
  }
  fx.faux.setResponses([capture, capture])
  for (const interactive of [undefined, false]) {
    const { sessionId } = await fx.open({ kind: "new" }, interactive === undefined ? {} : { interactive })
    const rec = fx.record(sessionId)
    await fx.client.request("session.prompt", { sessionId, text: "hi" })
    await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
    rec.stop()
  }
  expect(tools[0]).toContain("ask_user")
  expect(tools[0]).toContain("read")
  expect(tools[1]).not.toContain("ask_user")
  expect(tools[1]).toContain("read")
})
