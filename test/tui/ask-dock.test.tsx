// The question dock in the real window: ask_user requests from the host show above the composer, the
// composer and status bar step aside, and the answer (or the cancel) goes back as session.uiRespond.
import { afterEach, expect, test } from "bun:test"
import type { SessionEvent, UiRequest } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { MANY, STACK, TESTS } from "./question-dock-harness"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const PLACEHOLDER = "Ask anything"
const STATUS = "Faux One · think medium"
const PAGE_UP = "\x1b[5~"
const PAGE_DOWN = "\x1b[6~"

async function ready(over: Parameters<typeof snapshot>[0] = {}, size = { width: 80, height: 24 }) {
  app = await mountApp(size)
  await app.emit({ type: "snapshot", snapshot: snapshot(over) })
  await app.until("╭")
  return app
}

const ask = (id: string, questions = [STACK, TESTS]): SessionEvent => ({
  type: "ui_request",
  request: { id, kind: "ask_user", questions },
})
const responses = (a: MountedApp) => a.client.calls("session.uiRespond")

test("the dock replaces the composer and status bar; keys answer it; they come back after", async () => {
  const app = await ready()
  expect(app.frame()).toContain(STATUS)
  await app.emit(ask("q1"))
  const frame = await app.until("Which runtime should the new service use?")
  expect(frame).toContain("· Stack   · Tests   Review")
  expect(frame).toContain("› 1. ○ Bun (Recommended)")
  expect(frame).not.toContain(PLACEHOLDER)
  expect(frame).not.toContain(STATUS)
  expect(frame).not.toContain("╭")

  // A digit picks and goes on to the next question.
  app.mockInput.pressKey("2")
  expect(await app.until("Which kinds of tests")).toContain("✓ Stack")
  app.mockInput.pressKey(" ")
  app.mockInput.pressArrow("down")
  app.mockInput.pressKey(" ")
  app.mockInput.pressArrow("right")
  const review = await app.until("[ Submit ]")
  expect(review).toContain("✓ Tests")
  app.mockInput.pressEnter()

  const back = await app.until(PLACEHOLDER)
  expect(back).toContain(STATUS)
  expect(back).not.toContain("Which runtime")
  expect(responses(app)).toEqual([
    {
      sessionId: "s1",
      requestId: "q1",
      response: {
        answers: [
          { id: "stack", value: "node", label: "Node.js", wasCustom: false, index: 2 },
          {
            id: "tests",
            multiple: true,
            selections: [
              { value: "unit", label: "Unit", wasCustom: false, index: 1 },
              { value: "e2e", label: "End to end", wasCustom: false, index: 2 },
            ],
          },
        ],
      },
    },
  ])
  await app.emit({ type: "ui_resolved", requestId: "q1" })
  // The composer has the keys again.
  await app.mockInput.typeText("thanks")
  expect(await app.until("› thanks")).not.toContain("Which runtime")
})

test("Escape cancels the questions and does not stop the running reply", async () => {
  const app = await ready({ running: true })
  await app.emit(ask("q1", [STACK]))
  await app.until("Which runtime")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Which runtime") && f.includes("Esc stops"))
  expect(responses(app).map((r) => r.response)).toEqual([{ cancelled: true }])
  expect(app.client.calls("session.abort")).toEqual([])
})

test("answered in another window: the dock closes without answering and the draft is still there", async () => {
  const app = await ready()
  await app.mockInput.typeText("half a thought")
  await app.until("› half a thought")
  await app.emit(ask("q1", [STACK, TESTS]))
  const docked = await app.until("Which runtime")
  expect(docked).not.toContain("half a thought")
  // Typed while the dock is up: digits pick (and go on), other keys do not leak into the hidden composer.
  await app.mockInput.typeText("x3")
  expect(await app.until("Which kinds of tests")).toContain("✓ Stack")
  await app.emit({ type: "ui_resolved", requestId: "q1" })
  const frame = await app.until("› half a thought")
  expect(frame).not.toContain("Which runtime")
  expect(frame).not.toContain("x3")
  expect(responses(app)).toEqual([])
})

test("several pending asks show one at a time, in order", async () => {
  const app = await ready()
  await app.emit(ask("q1", [STACK]), ask("q2", [TESTS]))
  await app.until("Which runtime")
  expect(app.frame()).not.toContain("Which kinds of tests")
  // The digit picks the only question's answer, which answers it.
  app.mockInput.pressKey("1")
  // The next one shows at once, before the host confirms the first.
  const second = await app.until("Which kinds of tests")
  expect(second).toContain("· Tests   Review")
  expect(second).not.toContain("Stack")
  await app.emit({ type: "ui_resolved", requestId: "q1" })
  app.mockInput.pressEscape()
  await app.until(PLACEHOLDER)
  expect(responses(app).map((r) => [r.requestId, r.response])).toEqual([
    ["q1", { answers: [{ id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 }] }],
    ["q2", { cancelled: true }],
  ])
})

test("a question pending when the window attaches is shown", async () => {
  const pending: UiRequest[] = [{ id: "q9", kind: "ask_user", questions: [STACK] }]
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ ui: { status: {}, widgets: {}, workingVisible: true, pending } }),
  })
  const frame = await app.until("Which runtime")
  expect(frame).not.toContain(PLACEHOLDER)
})

test("PageUp/PageDown scroll the dock, not the transcript; Ctrl+D does not quit from under it, Ctrl+C does", async () => {
  const items = Array.from({ length: 30 }, (_, i) => item.assistant(`a${i}`, `reply number ${i}`))
  const app = await ready({ items }, { width: 80, height: 30 })
  await app.until("reply number 29")
  await app.emit(ask("q1", [MANY]))
  const first = await app.until("Pick one of many options")
  expect(first).toContain("Option 1 ")
  expect(first).not.toContain("Option 12")
  for (let i = 0; i < 3; i++) app.mockInput.pressKey(PAGE_DOWN)
  expect(await app.until("Option 12")).toContain("reply number 29")
  app.mockInput.pressKey(PAGE_UP)
  const up = await app.until((f) => !f.includes("Option 12"))
  expect(up).toContain("reply number 29")
  app.mockInput.pressKey("d", { ctrl: true })
  await app.renderOnce()
  expect(app.exits).toEqual([])
  expect(app.frame()).toContain("Pick one of many options")
  // Ctrl+C keeps its app-wide meaning: armed once, the second press quits.
  app.mockInput.pressKey("c", { ctrl: true })
  expect(await app.until("Esc cancels questions · Ctrl+C again quits")).toContain("Pick one of many options")
  app.mockInput.pressKey("c", { ctrl: true })
  expect(app.exits).toEqual([0])
})

test("a dialog over the dock takes the keys; the dock keeps its answers", async () => {
  const app = await ready()
  await app.emit(ask("q1", [STACK]))
  await app.until("Which runtime")
  app.mockInput.pressArrow("down")
  app.mockInput.pressKey(" ")
  await app.until("✓ Stack")
  await app.emit({
    type: "ui_request",
    request: { id: "d1", kind: "select", title: "Pick a colour", options: ["red", "green"] },
  })
  await app.until("Pick a colour")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Pick a colour"))
  const frame = app.frame()
  expect(frame).toContain("› 2. ● Node.js")
  expect(frame).toContain("✓ Stack")
  expect(responses(app).map((r) => r.response)).toEqual([{ value: "green" }])
})

test("an ask_user tool item is a card: the questions while it waits, the answers once done", async () => {
  const app = await ready({ running: true }, { width: 80, height: 30 })
  const call = item.tool("t1", "ask_user", { questions: [STACK, TESTS] }, { status: "running" })
  await app.emit({ type: "item_add", item: call })
  const waiting = await app.until("… waiting for an answer")
  expect(waiting).toContain("◇ 1/2 Stack")
  expect(waiting).toContain("1. Bun (Recommended)  Fast startup")
  expect(waiting).toContain("◇ 2/2 Tests")
  expect(waiting).toContain("Select 1 to 2 answers.")
  const details = {
    answers: [
      { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 },
      { id: "tests", multiple: true, selections: [{ value: "fuzz", label: "Fuzz", wasCustom: false, index: 3 }] },
    ],
  }
  const doneItem = { ...call, status: "done", output: "Stack: Bun (choice 1)", details } as typeof call
  await app.emit({ type: "item_update", item: doneItem })
  const done = await app.until("✓ Tests: Fuzz")
  expect(done).toContain("✓ Stack: Bun")
  expect(done).not.toContain("waiting for an answer")
  // Not the generic tool row with its raw output.
  expect(done).not.toContain("Stack: Bun (choice 1)")
})

test("while the dock is up during a reply, the Ctrl+C hint says what Esc does there", async () => {
  const app = await ready({ running: true })
  await app.emit(ask("q1", [STACK]))
  await app.until("Which runtime")
  app.mockInput.pressKey("c", { ctrl: true })
  const frame = await app.until("Ctrl+C again quits")
  expect(frame).toContain("Esc cancels questions · Ctrl+C again quits")
  expect(frame).not.toContain("Esc stops the reply")
})

test("while the dock is open the transcript's card is one line a question, not the choices again", async () => {
  const questions = [STACK, TESTS]
  const app = await ready(
    { items: [item.tool("t1", "ask_user", { questions }, { status: "running" })] },
    { width: 100, height: 40 },
  )
  await app.emit(ask("q1", questions))
  const frame = await app.until("Which runtime should the new service use?")
  expect(frame).toContain("◇ 1/2 Stack")
  expect(frame).toContain("◇ 2/2 Tests")
  // The dock shows the prompt and the choices; the card above does not repeat them.
  expect(frame.match(/Which runtime should the new service use\?/g)).toHaveLength(1)
  expect(frame.match(/Fast startup, bundler/g)).toHaveLength(1)
})
