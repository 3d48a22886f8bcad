// Extension UI through a real session: dialogs are held until a window answers (first answer
// wins), fire-and-forget calls become UI state, and pi-tui-only calls degrade to a warning.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { createLocalClient } from "../../src/client/local-client"
import type { EventEnvelope, UiRequest } from "../../src/protocol"
import { createFauxFixture, saidOf, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

const notices = (events: EventEnvelope[]) => saidOf(events).map((n) => `${n.level}: ${n.message}`)
const pendingOf = (kind: UiRequest["kind"]) => (s: { ui: { pending: UiRequest[] } }) =>
  s.ui.pending.some((r) => r.kind === kind)

const picker: ExtensionFactory = (pi) =>
  pi.registerCommand("pick", {
    handler: async (_args, ctx) => {
      const color = await ctx.ui.select("Pick a color", ["red", "green"])
      const sure = await ctx.ui.confirm("Sure?", `Use ${color}?`)
      ctx.ui.notify(`picked ${color} ${sure}`, "info")
    },
  })

test("select and confirm round-trip; the first answer wins and every window closes the dialog", async () => {
  fx = await createFauxFixture({ extensionFactories: [picker] })
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  const otherClient = createLocalClient(fx.host)
  const b: EventEnvelope[] = []
  otherClient.subscribe(sessionId, 0, (e) => b.push(e))

  await fx.client.request("session.prompt", { sessionId, text: "/pick" })
  const s = await a.waitFor(pendingOf("select"), "the select")
  const select = s.ui.pending[0]!
  expect(select).toEqual({ id: expect.any(String), kind: "select", title: "Pick a color", options: ["red", "green"] })
  expect(fx.host.live()[0]!.pendingQuestions).toBe(1)
  // A window that attaches now sees the open question in its snapshot.
  expect(fx.record(sessionId).state!.ui.pending).toEqual([select])

  await expect(
    fx.client.request("session.uiRespond", { sessionId, requestId: select.id, response: { value: "blue" } }),
  ).rejects.toThrow(/"blue" is not one of the options of "Pick a color": red, green/)
  await expect(
    fx.client.request("session.uiRespond", { sessionId, requestId: select.id, response: { confirmed: true } }),
  ).rejects.toMatchObject({
    code: "bad_request",
  })
  await otherClient.request("session.uiRespond", { sessionId, requestId: select.id, response: { value: "green" } })
  await expect(
    fx.client.request("session.uiRespond", { sessionId, requestId: select.id, response: { value: "red" } }),
  ).rejects.toMatchObject({
    code: "not_found",
  })
  expect(b.some((e) => e.event.type === "ui_resolved" && e.event.requestId === select.id)).toBe(true)

  const c = await a.waitFor(pendingOf("confirm"), "the confirm")
  const confirm = c.ui.pending[0]!
  expect(confirm).toMatchObject({ kind: "confirm", title: "Sure?", message: "Use green?" })
  await fx.client.request("session.uiRespond", { sessionId, requestId: confirm.id, response: { confirmed: true } })
  await a.waitFor((_s, ev) => notices(ev).includes("info: picked green true"), "the result")
  expect(a.state!.ui.pending).toEqual([])
  expect(b.filter((e) => e.event.type === "ui_resolved")).toHaveLength(2)
  await otherClient.close()
})

test("a cancelled dialog gives the extension its default", async () => {
  fx = await createFauxFixture({ extensionFactories: [picker] })
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/pick" })
  let s = await a.waitFor(pendingOf("select"), "the select")
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: s.ui.pending[0]!.id,
    response: { cancelled: true },
  })
  s = await a.waitFor(pendingOf("confirm"), "the confirm")
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: s.ui.pending[0]!.id,
    response: { cancelled: true },
  })
  await a.waitFor((_s, ev) => notices(ev).includes("info: picked undefined false"), "the defaults")
})

test("timeouts resolve with the default and close the dialog", async () => {
  const ext: ExtensionFactory = (pi) =>
    pi.registerCommand("ask", {
      handler: async (_a, ctx) => {
        const name = await ctx.ui.input("Name?", "your name", { timeout: 30 })
        ctx.ui.notify(`got ${name}`)
      },
    })
  fx = await createFauxFixture({ extensionFactories: [ext] })
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/ask" })
  await a.waitFor((_s, ev) => notices(ev).includes("info: got undefined"), "the timeout")
  const req = a.events.find((e) => e.event.type === "ui_request")!.event
  expect(req).toMatchObject({ request: { kind: "input", title: "Name?", placeholder: "your name", timeoutMs: 30 } })
  const deadline = (req as { request: { deadline?: number } }).request.deadline
  expect(deadline).toBeGreaterThan(Date.now() - 5_000)
  expect(deadline).toBeLessThanOrEqual(Date.now() + 30)
  expect(a.events.some((e) => e.event.type === "ui_resolved")).toBe(true)
  expect(a.state!.ui.pending).toEqual([])
})

test("status, widgets, title and working message become UI state; a component widget is a component view", async () => {
  const ext: ExtensionFactory = (pi) =>
    pi.registerCommand("paint", {
      handler: async (_a, ctx) => {
        ctx.ui.setStatus("mode", ctx.ui.theme.fg("accent", "plan"))
        ctx.ui.setWidget("todo", ["[ ] milk", "[x] eggs"], { placement: "belowEditor" })
        ctx.ui.setWidget("fancy", () => ({ render: () => ["\x1b[1mfancy\x1b[0m\x1b]0;title\x07"], invalidate() {} }))
        ctx.ui.setTitle("Shopping")
        ctx.ui.setWorkingMessage("Counting eggs")
        ctx.ui.setWorkingVisible(false)
        ctx.ui.notify("painted")
      },
    })
  fx = await createFauxFixture({ extensionFactories: [ext] })
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/paint" })
  await a.waitFor((_s, ev) => notices(ev).includes("info: painted"), "the command")
  expect(notices(a.events)).toEqual(["info: painted"])
  const ui = fx.record(sessionId).state!.ui
  expect(ui).toEqual({
    // Styled by Pi's own theme, as in pi (the window draws its text: test/tui/session-chrome.test.tsx).
    status: { mode: expect.stringMatching(/^\x1b\[[0-9;]+mplan\x1b\[39m$/) },
    widgets: { todo: { lines: ["[ ] milk", "[x] eggs"], placement: "belowEditor" } },
    title: "Shopping",
    workingMessage: "Counting eggs",
    workingVisible: false,
    pending: [],
    // Its colours kept, the title-setting sequence gone.
    components: [
      {
        id: expect.any(String),
        slot: "widget",
        key: "fancy",
        placement: "aboveEditor",
        lines: ["\x1b[1mfancy\x1b[0m"],
        width: 80,
        focusable: false,
      },
    ],
  })
})

test("closing the session cancels an open dialog", async () => {
  let answer: unknown = "unset"
  let settled!: () => void
  const done = new Promise<void>((r) => (settled = r))
  const ext: ExtensionFactory = (pi) =>
    pi.registerCommand("wait", {
      handler: async (_a, ctx) => {
        answer = await ctx.ui.select("Which?", ["a", "b"])
        settled()
      },
    })
  fx = await createFauxFixture({ extensionFactories: [ext] })
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/wait" })
  await a.waitFor(pendingOf("select"), "the select")
  await fx.client.request("session.close", { sessionId })
  await done
  expect(answer).toBeUndefined()
  expect(a.events.at(-1)!.event).toEqual({ type: "closed", reason: "closed" })
})

test("the bundled ask_user tool asks through the bridge and answers the model", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const a = fx.record(sessionId)
  const question = {
    id: "stack",
    label: "Stack",
    prompt: "Which runtime?",
    choices: [
      { value: "bun", label: "Bun" },
      { value: "node", label: "Node" },
    ],
  }
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("ask_user", { questions: [question] })], { stopReason: "toolUse" }),
    fauxAssistantMessage("Bun it is."),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "pick a runtime for me" })
  const s = await a.waitFor(pendingOf("ask_user"), "the questions")
  const req = s.ui.pending[0]!
  expect(req).toEqual({ id: expect.any(String), kind: "ask_user", questions: [question] })
  await expect(
    fx.client.request("session.uiRespond", {
      sessionId,
      requestId: req.id,
      response: { answers: [{ id: "stack", value: "deno", label: "Deno", wasCustom: false }] },
    }),
  ).rejects.toThrow(/"deno" is not a choice/)
  const answer = { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 }
  await fx.client.request("session.uiRespond", { sessionId, requestId: req.id, response: { answers: [answer] } })
  const end = await a.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  expect(end.items.find((i) => i.kind === "tool")).toMatchObject({
    name: "ask_user",
    status: "done",
    output: "Stack: Bun (choice 1)",
    details: { answers: [answer] },
  })
})
