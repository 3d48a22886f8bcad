// Inline mode in the real window (split-footer renderer): finished items go up to the terminal's
// scrollback once each, drawn as in the window; the live part, composer, dock, dialogs and status
// bar live in the footer; pages take the alternate screen and come back.
import { afterEach, expect, test } from "bun:test"
import type { SessionEvent, TranscriptItem } from "../../src/protocol"
import { clientWithOneSession, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { STACK } from "./question-dock-harness"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const COMPOSER = "Ask anything"
const WIDTHS = [120, 80, 40] as const

/** The scrollback so far: every row written above the footer, trailing blanks cut. */
function scrollback(a: MountedApp, into: string[] = []): string[] {
  for (const commit of a.externalOutput.take()) into.push(...commit.rows.map((r) => r.trimEnd()))
  return into
}

async function inline(over: Parameters<typeof mountApp>[0] = {}, snap: Parameters<typeof snapshot>[0] = {}) {
  app = await mountApp({ width: 80, height: 24, screen: "inline", ...over })
  await app.emit({ type: "snapshot", snapshot: snapshot(snap) })
  await app.until(COMPOSER)
  return app
}

/** Renders until the scrollback holds `text` (writes finish a microtask or two after the event). */
async function untilWritten(a: MountedApp, rows: string[], text: string) {
  // A deadline, not a speed limit: 2,000 items take seconds on a loaded machine.
  const end = Date.now() + 20_000
  while (!scrollback(a, rows).some((r) => r.includes(text))) {
    if (Date.now() > end) throw new Error(`never written: ${text}\n${rows.join("\n")}`)
    await a.renderOnce()
  }
  return rows
}

const count = (rows: string[], text: string) => rows.filter((r) => r.includes(text)).length

/** A history of `turns` short turns: `question i` then `answer i`. */
function questionsAndAnswers(turns: number): TranscriptItem[] {
  const items: TranscriptItem[] = []
  for (let i = 0; i < turns; i++)
    items.push(item.user(`u${i}`, `question ${i}`), item.assistant(`a${i}`, `answer ${i}`))
  return items
}

/** A reply (`a1`) streaming `text`, drawn in the footer. */
async function streaming(a: MountedApp, text: string) {
  await a.emit(
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text },
  )
  await a.until(text)
}

test("a finished item goes up once, drawn as in the window; the streaming reply stays in the footer", async () => {
  const a = await inline()
  const rows: string[] = []
  await a.emit(
    { type: "item_add", item: item.user("u1", "Explain x") },
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "# Title\n\nSome **bold** te" },
  )
  let frame = await a.until("Some bold te")
  expect(frame).toContain("Working")
  await untilWritten(a, rows, "Explain x")
  // The finished heading goes up while the reply streams; the paragraph being written stays below.
  await untilWritten(a, rows, "Title")
  frame = await a.until((f) => !f.includes("Title") && f.includes("Some bold te"))
  // The footer's rest of the reply still takes deltas.
  await a.emit({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "xt" })
  frame = await a.until("Some bold text")
  expect(frame).not.toContain("Title")
  expect(rows.join("\n")).not.toContain("Some")
  expect(frame).not.toContain("Explain x")

  await a.emit(
    { type: "item_update", item: item.assistant("a1", "# Title\n\nSome **bold** text.\n\n```ts\nconst x = 1\n```") },
    { type: "run", running: false },
  )
  await untilWritten(a, rows, "const x = 1")
  // (A frame right after the footer shrinks is blank until drawn: wait for the drawn one.)
  frame = await a.until((f) => !f.includes("Some bold") && f.includes(COMPOSER))
  // Markdown as the window draws it: markers concealed, the reply indented.
  expect(rows).toContain("  Title")
  expect(rows).toContain("  Some bold text.")
  expect(rows.join("\n")).not.toContain("**")
  for (let i = 0; i < 5; i++) await a.renderOnce()
  scrollback(a, rows)
  expect(count(rows, "Explain x")).toBe(1)
  expect(count(rows, "Some bold text.")).toBe(1)
  expect(rows.findIndex((r) => r.includes("Explain x"))).toBeLessThan(rows.indexOf("  Title"))
})

test("the words streamed before a tool row are on screen in every frame that shows the row", async () => {
  const a = await inline()
  const rows: string[] = []
  await streaming(a, "Checking the folder first.")
  // The reply ends as the tool starts: its words go up, the tool row stays in the footer.
  await a.emit(
    { type: "item_update", item: item.assistant("a1", "Checking the folder first.") },
    { type: "item_add", item: item.tool("t1", "bash", { command: "sleep 1" }, { status: "running" }) },
  )
  for (let i = 0; i < 40 && !rows.some((r) => r.includes("Checking the folder")); i++) {
    const frame = a.frame()
    if (frame.includes("sleep 1")) expect(frame).toContain("Checking the folder first.")
    await a.renderOnce()
    scrollback(a, rows)
  }
  await untilWritten(a, rows, "Checking the folder first.")
  const frame = await a.until("sleep 1")
  expect(frame).not.toContain("Checking the folder first.")
  expect(count(rows, "Checking the folder first.")).toBe(1)
})

test("a tool row that starts while its reply's rows are drawn off screen shows with the reply's words (the footer keeps them until they are up)", async () => {
  const a = await inline()
  const rows: string[] = []
  await streaming(a, "Checking the folder first.")
  for (let i = 0; i < 3; i++) await a.renderOnce()
  // The reply ends (its words are on their way up), then its tool starts in a later frame: the
  // reply is being drawn for the scrollback when the tool row comes.
  await a.emit({ type: "item_update", item: item.assistant("a1", "Checking the folder first.") })
  await a.emit({ type: "item_add", item: item.tool("t1", "bash", { command: "sleep 1" }, { status: "running" }) })
  for (let i = 0; i < 40; i++) {
    scrollback(a, rows)
    const frame = a.frame()
    if (frame.includes("sleep 1") && !rows.some((r) => r.includes("Checking the folder")))
      expect(frame).toContain("Checking the folder first.")
    if (frame.includes("sleep 1") && rows.some((r) => r.includes("Checking the folder"))) break
    await a.renderOnce()
  }
  await untilWritten(a, rows, "Checking the folder first.")
  expect(count(rows, "Checking the folder first.")).toBe(1)
})

test("a resumed session's 2,000 items go up once each and in order; the footer holds the composer", async () => {
  const items = questionsAndAnswers(1000)
  const a = await inline({}, { items })
  const rows = await untilWritten(a, [], "answer 999")
  const texts = rows.filter((r) => /question \d+|answer \d+/.test(r)).map((r) => r.trim().replace(/^│ /, ""))
  expect(texts).toHaveLength(2000)
  expect(texts.slice(0, 4)).toEqual(["question 0", "answer 0", "question 1", "answer 1"])
  expect(texts.at(-1)).toBe("answer 999")
  const frame = await a.until(COMPOSER)
  expect(frame).not.toContain("answer 999")
})

test("a long history's newest items are on screen at once, while the rows above them go up; each is written once", async () => {
  const items = questionsAndAnswers(1000)
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  const a = app
  const rows: string[] = []
  await a.emit({ type: "snapshot", snapshot: snapshot({ items }) })
  // The newest answer shows in the footer before the history above it is written (it was drawn
  // only once all 2,000 rows were up: 4 s of a resume before its last message was on screen).
  const frame = await a.until("answer 999")
  expect(frame).toContain("question 999")
  expect(count(scrollback(a, rows), "answer ")).toBeLessThan(1000)
  await untilWritten(a, rows, "answer 999")
  expect(count(rows, "answer 999")).toBe(1)
  expect(count(rows, "answer ")).toBe(1000)
  // Written, it leaves the footer: the composer is all that is left there.
  expect(await a.until((f) => !f.includes("answer 999") && f.includes(COMPOSER))).not.toContain("question 999")
})

test("a long history goes up in batches with a turn of the event loop between them: timers and sockets are not held off", async () => {
  const items = questionsAndAnswers(1000)
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  const a = app
  const rows: string[] = []
  // A timer set as the history arrives stands for the daemon's connection, a key, a frame: it
  // must run while the history is still going up, not after its last row (a 2,000-message
  // resume was connected to its host only once its whole history was written).
  let upWhenTimerRan = -1
  const emitted = a.emit({ type: "snapshot", snapshot: snapshot({ items }) })
  setTimeout(() => (upWhenTimerRan = count(scrollback(a, rows), "answer ")), 0)
  await emitted
  await untilWritten(a, rows, "answer 999")
  expect(count(rows, "answer ")).toBe(1000)
  expect(upWhenTimerRan).toBeGreaterThanOrEqual(0)
  expect(upWhenTimerRan).toBeLessThan(1000)
})

test("a reconnect's snapshot writes nothing twice; /new puts up a separator", async () => {
  const history = [item.user("u1", "first question"), item.assistant("a1", "first answer")]
  const a = await inline({}, { items: history })
  const rows = await untilWritten(a, [], "first answer")
  await a.emit({ type: "snapshot", snapshot: snapshot({ items: [...history, item.user("u2", "second question")] }) })
  await untilWritten(a, rows, "second question")
  expect(count(rows, "first question")).toBe(1)
  expect(count(rows, "first answer")).toBe(1)

  await a.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ piSessionId: "pi-2" }) }) })
  await untilWritten(a, rows, "new session")
  expect(rows.find((r) => r.includes("new session"))).toMatch(/^─+ new session ─+$/)
  expect(count(rows, "first question")).toBe(1)
})

test("a run of resizes clears the terminal once and writes the transcript again at the new width, each item once", async () => {
  const long = "a paragraph long enough to wrap at forty columns but not at eighty ones"
  const history = [item.user("u1", "first question"), item.assistant("a1", `${long}\n\nfirst answer`)]
  const a = await inline({}, { items: history })
  await untilWritten(a, [], "first answer")
  // The clear of the screen and the scrollback is the renderer's (the test renderer has no terminal
  // to clear); what the window writes after it is read here.
  let clears = 0
  a.renderer.resetSplitFooterForReplay = (o) => {
    clears++
    expect(o).toEqual({ clearSavedLines: true })
  }
  for (const cols of [60, 50, 40]) a.resize(cols, 24)
  // The rewrite waits for the resizes to stop.
  await a.until(() => clears > 0)
  const after: string[] = []
  await untilWritten(a, after, "first answer")
  expect(clears).toBe(1)
  expect(count(after, "first question")).toBe(1)
  expect(count(after, "first answer")).toBe(1)
  expect(after.findIndex((r) => r.includes("first question"))).toBeLessThan(
    after.findIndex((r) => r.includes("first answer")),
  )
  // Drawn at the new width: the paragraph wraps now.
  expect(after.every((r) => r.length <= 40)).toBe(true)
  expect(after.some((r) => r.includes(long))).toBe(false)
  expect(after.join(" ")).toContain("wrap at")
  expect(a.frame()).toContain(COMPOSER)

  // The footer growing is no resize: nothing is written again.
  await a.emit(
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a2", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a2", blockIndex: 0, blockType: "text", delta: "one\ntwo\nthree\nfour\nfive" },
  )
  await a.until("five")
  // Nothing to wait on for "nothing happens": past the rewrite's quiet time (120 ms), twice over.
  await Bun.sleep(300)
  await a.renderOnce()
  expect(clears).toBe(1)
  expect(count(scrollback(a), "first answer")).toBe(0)
})

for (const width of WIDTHS) {
  test(`at ${width} columns: a long live reply keeps the composer and status bar in view, the footer two rows short of the terminal`, async () => {
    const a = await inline({ width, height: 20 })
    const long = Array.from({ length: 60 }, (_, i) => `line ${i} of the reply`).join("\n\n")
    await a.emit(
      { type: "run", running: true },
      { type: "item_add", item: item.assistant("a1", long, { streaming: true }) },
      { type: "queue", queue: { steering: [], followUp: ["and then the tests"] } },
    )
    const frame = await a.until("line 59 of the reply")
    // The terminal less the two rows kept for scrollback writes.
    expect(a.renderer.footerHeight).toBe(18)
    expect(frame).toContain("╭")
    expect(frame).toContain("Esc stop")
    expect(frame).toContain("Faux One")
    expect(frame).toContain("and then the tests")
    expect(frame).toContain("Working")
    expect(frame).not.toContain("line 0 of the reply")
    expect(scrollback(a)).toEqual([])
  })

  test(`at ${width} columns: the question dock answers from the footer and it shrinks back after`, async () => {
    const a = await inline({ width, height: 24 })
    const small = a.renderer.footerHeight
    const ask: SessionEvent = { type: "ui_request", request: { id: "q1", kind: "ask_user", questions: [STACK] } }
    await a.emit(ask)
    const frame = await a.until("1. ○ Bun")
    expect(frame).not.toContain(COMPOSER)
    expect(a.renderer.footerHeight).toBeGreaterThan(small)
    // The second choice's digit answers the only question.
    a.mockInput.pressKey("2")
    await a.until(() => a.client.calls("session.uiRespond").length > 0)
    await a.emit({ type: "ui_resolved", requestId: "q1" })
    await a.until(COMPOSER)
    await a.until(() => a.renderer.footerHeight === small)
  })

  test(`at ${width} columns: a dialog takes the composer's place, the footer as tall as it, and shrinks back after`, async () => {
    const a = await inline({ width, height: 24 })
    const small = a.renderer.footerHeight
    await a.emit({
      type: "ui_request",
      request: { id: "d1", kind: "select", title: "Pick a colour", options: ["red", "green"] },
    })
    const frame = await a.until("Pick a colour")
    expect(frame).toContain("green")
    expect(frame).not.toContain(COMPOSER)
    expect(a.renderer.footerHeight).toBeGreaterThan(small)
    expect(a.renderer.footerHeight).toBeLessThan(22)
    a.mockInput.pressEnter()
    await a.until(() => a.client.calls("session.uiRespond").length > 0)
    await a.until(() => a.renderer.footerHeight === small)
  })
}

test("extension widgets sit in the footer around the composer", async () => {
  const a = await inline()
  await a.emit({ type: "ui_widget", key: "w", lines: ["widget line one", "widget line two"], placement: "aboveEditor" })
  const frame = await a.until("widget line two")
  expect(frame).toContain(COMPOSER)
  expect(scrollback(a)).toEqual([])
})

test("the sessions page opens on the alternate screen; back, what finished meanwhile goes up", async () => {
  const client = clientWithOneSession("old")
  const a = await inline({ client }, { items: [item.user("u1", "before the page")] })
  const rows = await untilWritten(a, [], "before the page")
  await a.emit(
    { type: "run", running: true },
    { type: "item_add", item: item.assistant("a1", "streaming", { streaming: true }) },
  )
  await a.submit("/session")
  await a.until(() => a.renderer.screenMode === "alternate-screen")
  await a.until("old")
  expect(a.renderer.footerHeight).toBeGreaterThan(0)
  expect(a.frame().trimEnd().split("\n")).toHaveLength(24)
  // The reply ends while the page is up: it waits for the main screen.
  await a.emit(
    { type: "item_update", item: item.assistant("a1", "finished meanwhile") },
    { type: "run", running: false },
  )
  for (let i = 0; i < 3; i++) await a.renderOnce()
  expect(scrollback(a, rows).join("\n")).not.toContain("finished meanwhile")
  a.mockInput.pressEscape()
  await a.until(() => a.renderer.screenMode === "split-footer")
  await untilWritten(a, rows, "finished meanwhile")
  await a.until(COMPOSER)
  expect(count(rows, "before the page")).toBe(1)
})

test("toasts over a small footer get the rows they need", async () => {
  const a = await inline({ width: 60 }, { items: [item.user("u1", "hello")] })
  const small = a.renderer.footerHeight
  expect(small).toBeLessThan(8)
  await a.emit(
    { type: "ui_notify", level: "warning", message: "first notice that is long enough to wrap onto a second row" },
    { type: "ui_notify", level: "error", message: "another notice, long enough to wrap onto a second row" },
    { type: "ui_notify", level: "info", message: "second notice" },
  )
  const frame = await a.until("second notice")
  expect(frame).toContain("first notice")
  expect(a.renderer.footerHeight).toBeGreaterThan(small)
  // The notices' rows are drawn over the footer, all of them inside it, in rows of their own above
  // the composer: none of the composer's rows is drawn over.
  const rows = frame.split("\n")
  const last = rows.findIndex((r) => r.includes("second notice"))
  expect(last).toBeLessThan(a.renderer.footerHeight)
  const composerTop = rows.findIndex((r) => r.includes("╭"))
  expect(composerTop).toBeGreaterThan(last)
  expect(rows[composerTop + 1]).toContain(COMPOSER)
  expect(rows.slice(composerTop).join("\n")).not.toContain("notice")
})

test("a tool call id another session in this window used already still goes up, with its output (providers and the scripted model reuse call ids)", async () => {
  const tool = (over: Record<string, unknown>) =>
    item.tool("call_1_0", "bash", { command: "sleep 4; echo slow-done" }, { timestamp: 2, ...over })
  const history = [
    item.user("u-1", "run first"),
    item.assistant("a-1", "", {
      blocks: [
        { type: "text", text: "First run." },
        { type: "toolCall", id: "call_1_0", name: "bash", args: {} },
      ],
      stopReason: "toolUse",
    }),
    item.tool("call_1_0", "bash", { command: "echo first-done" }, { output: "first-done" }),
    item.assistant("a-2", "endA"),
  ]
  const a = await inline({}, { items: history })
  const rows = await untilWritten(a, [], "endA")
  // /new: the next session's model numbers its calls from 1 again.
  await a.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ piSessionId: "pi-2" }) }) })
  await untilWritten(a, rows, "new session")
  const reply = (over: Record<string, unknown>) =>
    item.assistant("a-3", "", { timestamp: 2, blocks: [{ type: "text", text: "Let me run it." }], ...over })
  await a.emit(
    { type: "item_add", item: item.user("u-2", "run slow") },
    { type: "run", running: true },
    { type: "item_add", item: reply({ streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a-3", blockIndex: 0, blockType: "text", delta: "Let me run it." },
  )
  await a.until("Let me run it.")
  const withCall = {
    blocks: [
      { type: "text", text: "Let me run it." },
      { type: "toolCall", id: "call_1_0", name: "bash", args: { command: "sleep 4; echo slow-done" } },
    ],
  }
  await a.emit(
    { type: "item_update", item: reply({ streaming: true, ...withCall }) },
    { type: "item_add", item: tool({ status: "pending" }) },
  )
  await a.emit({ type: "item_update", item: reply({ ...withCall, stopReason: "toolUse" }) })
  await a.emit({ type: "item_update", item: tool({ status: "running" }) })
  await a.until("slow-done")
  await a.emit(
    { type: "item_update", item: tool({ status: "done", output: "slow-done" }) },
    { type: "item_add", item: item.assistant("a-4", "Finished.", { timestamp: 3 }) },
    { type: "run", running: false },
  )
  await untilWritten(a, rows, "Finished.")
  for (let i = 0; i < 5; i++) await a.renderOnce()
  scrollback(a, rows)
  const after = rows.slice(rows.findIndex((r) => r.includes("new session")))
  expect(count(after, "sleep 4; echo slow-done")).toBe(1)
  expect(count(after, "slow-done")).toBeGreaterThanOrEqual(2)
  const at = (text: string) => after.findIndex((r) => r.includes(text))
  expect(at("Let me run it.")).toBeLessThan(at("sleep 4"))
  expect(at("sleep 4")).toBeLessThan(at("Finished."))
})

test("thinking goes up as the window draws it: the session's label, and no preview when Pi hides thinking", async () => {
  const reply = item.assistant("a1", "", {
    blocks: [
      { type: "thinking", text: "a private chain of thought" },
      { type: "text", text: "The answer." },
    ],
  })
  const a = await inline({}, { items: [item.user("u1", "why")] })
  const rows = await untilWritten(a, [], "why")
  await a.emit(
    { type: "info", info: sessionInfo({ hideThinking: true }) },
    { type: "ui_thinking_label", label: "Pondering" },
    { type: "item_add", item: reply },
  )
  await untilWritten(a, rows, "The answer.")
  expect(rows.join("\n")).toContain("▸ Pondering")
  expect(rows.join("\n")).not.toContain("private chain")
})

test("a row whose write fails goes up all the same (it was dropped)", async () => {
  const a = await inline({}, { items: [item.user("u1", "before")] })
  const rows = await untilWritten(a, [], "before")
  const create = a.renderer.createScrollbackSurface.bind(a.renderer)
  let failed = 0
  a.renderer.createScrollbackSurface = (o) => {
    if (failed++ === 0) throw new Error("the terminal said no")
    return create(o)
  }
  await a.emit({ type: "item_add", item: item.tool("t1", "bash", { command: "echo kept" }, { output: "kept-out" }) })
  await untilWritten(a, rows, "kept-out")
  expect(failed).toBeGreaterThan(1)
  expect(count(rows, "echo kept")).toBe(1)
})

test("a resize whose clear fails keeps writing what was on its way (the queued rows were dropped, the ledger kept)", async () => {
  const a = await inline({}, { items: [item.user("u0", "first question")] })
  const rows = await untilWritten(a, [], "first question")
  let clears = 0
  a.renderer.resetSplitFooterForReplay = () => {
    clears++
    throw new Error("no terminal to clear")
  }
  // The next write is held while it is drawn, so what follows it waits in the queue.
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  const create = a.renderer.createScrollbackSurface.bind(a.renderer)
  a.renderer.createScrollbackSurface = (o) => {
    const surface = create(o)
    const settle = surface.settle.bind(surface)
    surface.settle = async (ms) => {
      await held
      return settle(ms)
    }
    return surface
  }
  await a.emit({ type: "item_add", item: item.user("u1", "second question") })
  await a.emit({ type: "item_add", item: item.user("u2", "third question") })
  a.resize(70, 24)
  // The rewrite starts once the size is still, and waits for the write on its way.
  await Bun.sleep(300)
  await a.renderOnce()
  release()
  await a.until(() => clears > 0)
  await untilWritten(a, rows, "third question")
  expect(count(rows, "second question")).toBe(1)
  expect(count(rows, "third question")).toBe(1)
})

test("a row that cannot be drawn goes up as its plain text", async () => {
  const a = await inline({}, { items: [item.user("u1", "before")] })
  const rows = await untilWritten(a, [], "before")
  const create = a.renderer.createScrollbackSurface.bind(a.renderer)
  let calls = 0
  // The batch's draw and the item's own draw both fail; the plain text is the third try.
  a.renderer.createScrollbackSurface = (o) => {
    if (++calls <= 2) throw new Error("cannot draw this")
    return create(o)
  }
  await a.emit({ type: "item_add", item: item.tool("t1", "bash", { command: "echo kept" }, { output: "kept-out" }) })
  await untilWritten(a, rows, "kept-out")
  expect(rows.join("\n")).toContain("Tool: bash")
})

test("an open plan card (held in the footer) goes up before the separator when the view moves on", async () => {
  const card: TranscriptItem = {
    kind: "custom",
    id: "c-card",
    customType: "plan",
    text: "",
    details: { outcome: "plan_ready", title: "Add a flag", plan: "1. Parse it\n2. Use it" },
    timestamp: 2,
  }
  const a = await inline({}, { items: [item.user("u1", "plan the flag"), card] })
  const rows = await untilWritten(a, [], "plan the flag")
  // Its actions are live below; it waits there.
  await a.until("Add a flag")
  for (let i = 0; i < 3; i++) await a.renderOnce()
  expect(scrollback(a, rows).join("\n")).not.toContain("Add a flag")
  await a.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ piSessionId: "pi-2" }) }) })
  await untilWritten(a, rows, "new session")
  const at = (text: string) => rows.findIndex((r) => r.includes(text))
  expect(at("Add a flag")).toBeGreaterThan(-1)
  expect(at("Add a flag")).toBeLessThan(at("new session"))
  expect(count(rows, "Add a flag")).toBe(1)
})
