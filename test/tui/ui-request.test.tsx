import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function ready() {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  return app
}

const responses = (a: MountedApp) => a.client.calls("session.uiRespond")

test("select: the options are shown and the chosen one is sent back", async () => {
  const app = await ready()
  await app.emit({
    type: "ui_request",
    request: { id: "r1", kind: "select", title: "Pick a colour", options: ["red", "green", "blue"] },
  })
  const frame = await app.until("Pick a colour")
  expect(frame).toContain("red")
  expect(frame).toContain("blue")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Pick a colour"))
  expect(responses(app)).toEqual([{ sessionId: "s1", requestId: "r1", response: { value: "green" } }])
})

test("confirm: y answers yes; Esc on the next one answers no", async () => {
  const app = await ready()
  await app.emit(
    { type: "ui_request", request: { id: "r1", kind: "confirm", title: "Delete build/?", message: "12 files" } },
    { type: "ui_request", request: { id: "r2", kind: "confirm", title: "Push to main?", message: "3 commits" } },
  )
  expect(await app.until("Delete build/?")).toContain("12 files")
  app.mockInput.pressKey("y")
  expect(await app.until("Push to main?")).toContain("3 commits")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Push to main?"))
  expect(responses(app).map((r) => r.response)).toEqual([{ confirmed: true }, { confirmed: false }])
})

test("input: typed text is sent; Esc cancels", async () => {
  const app = await ready()
  await app.emit({
    type: "ui_request",
    request: { id: "r1", kind: "input", title: "Branch name", placeholder: "feature/…" },
  })
  await app.until("Branch name")
  await app.mockInput.typeText("feat/login")
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Branch name"))
  await app.emit({ type: "ui_request", request: { id: "r2", kind: "input", title: "Tag name" } })
  await app.until("Tag name")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Tag name"))
  expect(responses(app).map((r) => r.response)).toEqual([{ value: "feat/login" }, { cancelled: true }])
})

test("editor: the prefill can be edited and saved", async () => {
  const app = await ready()
  await app.emit({
    type: "ui_request",
    request: { id: "r1", kind: "editor", title: "Commit message", prefill: "fix: x" },
  })
  expect(await app.until("Commit message")).toContain("fix: x")
  await app.mockInput.typeText(" and y")
  app.mockInput.pressKey("s", { ctrl: true })
  await app.until((f) => !f.includes("Commit message"))
  expect(responses(app).map((r) => r.response)).toEqual([{ value: "fix: x and y" }])
})

test("a dialog answered in another window closes here without answering", async () => {
  const app = await ready()
  await app.emit({
    type: "ui_request",
    request: { id: "r1", kind: "select", title: "Which file?", options: ["a", "b"] },
  })
  await app.until("Which file?")
  await app.emit({ type: "ui_resolved", requestId: "r1" })
  await app.until((f) => !f.includes("Which file?"))
  expect(responses(app)).toEqual([])
  // The composer has the keys again.
  await app.mockInput.typeText("hello")
  expect(await app.until("hello")).toContain("› hello")
})

test("a pending dialog in the snapshot (attaching later) is shown", async () => {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      ui: {
        status: {},
        widgets: {},
        workingVisible: true,
        pending: [{ id: "r9", kind: "confirm", title: "Run migration?", message: "on prod" }],
      },
    }),
  })
  expect(await app.until("Run migration?")).toContain("on prod")
})

test("an answer that does not get through brings the dialog back: the host is still waiting", async () => {
  let refuse = true
  app = await mountApp({
    width: 80,
    height: 24,
    client: new FakeClient({
      "session.uiRespond": () => {
        if (refuse) throw new Error("connection to the daemon lost")
        return {}
      },
    }),
  })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit({ type: "ui_request", request: { id: "r1", kind: "confirm", title: "Deploy now?", message: "prod" } })
  await app.until("Deploy now?")
  app.mockInput.pressKey("y")
  expect(await app.until("connection to the daemon lost")).toContain("Deploy now?")
  refuse = false
  app.mockInput.pressKey("y")
  await app.until((f) => !f.includes("Deploy now?"))
  expect(app.client.calls("session.uiRespond").map((r) => r.response)).toEqual([
    { confirmed: true },
    { confirmed: true },
  ])
})

test("permission (a gated tool call of an editor's session): allow once, always, or deny; Esc denies", async () => {
  const app = await ready()
  await app.emit({
    type: "ui_request",
    request: {
      id: "r1",
      kind: "permission",
      toolCallId: "call-1",
      toolName: "bash",
      title: "bash: npm test",
      input: { command: "npm test" },
    },
  })
  const frame = await app.until("Allow bash: npm test?")
  expect(frame).toContain("1. Yes")
  expect(frame).toContain("2. Yes, and don't ask again this session for bash")
  expect(frame).toContain("3. No")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Allow bash: npm test?"))
  await app.emit({
    type: "ui_request",
    request: {
      id: "r2",
      kind: "permission",
      toolCallId: "call-2",
      toolName: "write",
      title: "write: a.txt",
      input: {},
    },
  })
  await app.until("Allow write: a.txt?")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Allow write: a.txt?"))
  expect(responses(app).map((r) => r.response)).toEqual([{ value: "allow_always" }, { cancelled: true }])
})

test("a timed dialog counts down in its title from the host's deadline (timed-confirm's '(4s)')", async () => {
  const app = await ready()
  // A window that attaches 2 s into a 7 s dialog shows the 5 s that are left.
  const deadline = Date.now() + 5_000
  await app.emit({
    type: "ui_request",
    request: {
      id: "r1",
      kind: "confirm",
      title: "Timed Confirmation",
      message: "Auto-cancels",
      timeoutMs: 7_000,
      deadline,
    },
  })
  expect(await app.until("Timed Confirmation (5s)")).toContain("Auto-cancels")
  expect(await app.until("Timed Confirmation (4s)")).not.toContain("(5s)")
})
