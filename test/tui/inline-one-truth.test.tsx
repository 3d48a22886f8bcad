// One truth for the transcript: what inline mode commits while a session runs, what a resize
// writes again, what full screen shows and what a resume writes are the same rows, for every shape
// of item. Each shape is streamed as the host projects it (runtime/session/event-projection.ts): a reply's blocks as
// deltas, its tool calls added when the call is complete, each tool run and done in turn.
import { afterEach, expect, test } from "bun:test"
import { TODO_CARD } from "../../src/common/todo"
import { type SessionEvent, type TranscriptItem } from "../../src/protocol"
import { PLAN_CARD } from "../../extensions/plan/rules"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let apps: MountedApp[] = []
afterEach(() => {
  for (const a of apps) a.renderer.destroy()
  apps = []
})

const WIDTH = 90
const COMPOSER = "Ask anything"

type Block = { type: "text" | "thinking"; text: string } | { type: "toolCall"; id: string; name: string; args: unknown }
interface Turn {
  /** The reply's blocks, as the model sends them. */
  blocks?: Block[]
  /** Its tool calls' ends: output, error or not, details, an extension's rows. */
  results?: Record<string, { output: string; error?: boolean; details?: unknown; rendered?: string[] }>
  /** Items that are no reply (a prompt, a card, a notice, a `!` command), added whole. */
  items?: TranscriptItem[]
}

let clock = 1000
const user = (text: string): Turn => ({ items: [{ ...item.user(`u-${++clock}`, text), timestamp: clock }] })
const call = (id: string, name: string, args: unknown): Block => ({ type: "toolCall", id, name, args })

/** Every shape, in one session: the ids repeat the ones a model numbers per session. */
const TURNS: Turn[] = [
  user("plain text"),
  { blocks: [{ type: "text", text: "A reply in **one** paragraph.\n\nAnd a second one, after a blank line." }] },
  user("thinking only"),
  { blocks: [{ type: "thinking", text: "Only thoughts here." }] },
  user("a tool call alone"),
  { blocks: [call("call_1_0", "bash", { command: "echo alone" })], results: { call_1_0: { output: "alone-out" } } },
  { blocks: [{ type: "text", text: "After the lone call." }] },
  user("text then a tool call"),
  {
    blocks: [{ type: "text", text: "Let me run it." }, call("call_2_0", "bash", { command: "echo with-text" })],
    results: { call_2_0: { output: "with-text-out" } },
  },
  user("thinking, text and several calls"),
  {
    blocks: [
      { type: "thinking", text: "Which files matter?" },
      { type: "text", text: "Reading two files, then editing one." },
      call("call_3_0", "read", { path: "src/app.js" }),
      call("call_3_1", "edit", { path: "src/app.js", oldText: "a", newText: "b" }),
      call("call_3_2", "bash", { command: "false" }),
    ],
    results: {
      call_3_0: { output: "const a = 1\nconst b = 2\n" },
      call_3_1: {
        output: "Edited src/app.js",
        details: { diff: "-1 const a = 1\n+1 const b = 1", firstChangedLine: 1 },
      },
      call_3_2: { output: "Command exited with code 1", error: true },
    },
  },
  user("an extension's own rows"),
  {
    blocks: [call("call_4_0", "deploy", { target: "prod" })],
    results: { call_4_0: { output: "ok", rendered: ["◆ deploy prod", "  deployed in 3s"] } },
  },
  user("cards"),
  {
    blocks: [call("call_5_0", "todo_write", { todos: [] })],
    results: {
      call_5_0: {
        output: "1 todo",
        details: { todos: [{ content: "write the tests", status: "in_progress" }] },
      },
    },
  },
  {
    items: [
      {
        kind: "custom",
        id: `c-${++clock}`,
        customType: TODO_CARD,
        text: "",
        details: { todos: [{ content: "a todo snapshot", status: "completed" }], snapshot: true },
        timestamp: clock,
      },
      {
        kind: "custom",
        id: `c-${++clock}`,
        customType: PLAN_CARD,
        text: "",
        details: { outcome: "plan_ready", title: "Add a flag", plan: "1. Parse it\n2. Use it" },
        timestamp: clock,
      },
      { kind: "custom", id: `c-${++clock}`, customType: "other-ext", text: "an extension's message", timestamp: clock },
      { kind: "notice", id: "n-1", level: "warning", text: "a warning notice", timestamp: ++clock },
      {
        kind: "bash",
        id: `b-${++clock}`,
        command: "echo bang",
        output: "bang-out",
        exitCode: 0,
        status: "done",
        timestamp: clock,
      },
      {
        kind: "compaction",
        id: "k-1",
        summary: "What came before, in short.",
        tokensBefore: 12000,
        timestamp: ++clock,
      },
    ],
  },
  // After the plan card, so its actions are closed in every path.
  user("the end"),
  { blocks: [{ type: "text", text: "Done." }] },
]

/** The events a host sends for the turns, and the items it holds at the end. */
function project(turns: Turn[]): { events: SessionEvent[][]; items: TranscriptItem[] } {
  const events: SessionEvent[][] = []
  const items = new Map<string, TranscriptItem>()
  const put = (it: TranscriptItem) => items.set(it.id, structuredClone(it))
  for (const t of turns) {
    for (const it of t.items ?? []) {
      events.push([{ type: "item_add", item: it }])
      put(it)
    }
    if (!t.blocks) continue
    const id = `a-${++clock}`
    const reply = (blocks: Block[], over: Record<string, unknown> = {}): TranscriptItem =>
      ({ ...item.assistant(id, "", { blocks, timestamp: clock, ...over }) }) as TranscriptItem
    const calls = t.blocks.filter((b) => b.type === "toolCall")
    events.push([
      { type: "run", running: true },
      { type: "item_add", item: reply([], { streaming: true }) },
    ])
    t.blocks.forEach((b, i) => {
      if (b.type === "toolCall") {
        const tool = item.tool(b.id, b.name, b.args, { status: "pending", timestamp: clock })
        events.push([
          { type: "item_update", item: reply(t.blocks!.slice(0, i + 1), { streaming: true }) },
          { type: "item_add", item: tool },
        ])
        return
      }
      // Two deltas a block, split inside a word.
      const half = Math.ceil(b.text.length / 2)
      for (const delta of ["", b.text.slice(0, half), b.text.slice(half)])
        events.push([{ type: "text_delta", itemId: id, blockIndex: i, blockType: b.type, delta }])
    })
    const final = reply(t.blocks, { stopReason: calls.length ? "toolUse" : "stop" })
    events.push([{ type: "item_update", item: final }])
    put(final)
    for (const c of calls) {
      const r = t.results![c.id]!
      const base = item.tool(c.id, c.name, c.args, { status: "running", timestamp: clock })
      events.push([{ type: "item_update", item: base }])
      const done = {
        ...base,
        status: r.error ? "error" : "done",
        output: r.output,
        ...(r.details ? { details: r.details } : {}),
        ...(r.rendered ? { rendered: { lines: r.rendered, width: WIDTH } } : {}),
      } as TranscriptItem
      events.push([{ type: "item_update", item: done }])
      put(done)
    }
    events.push([{ type: "run", running: false }])
  }
  return { events, items: [...items.values()] }
}

/** Rows as text: right edges trimmed, blank rows dropped (spacing is the row components' own). */
const normalize = (rows: string[]) => rows.map((r) => r.trimEnd()).filter((r) => r.trim().length > 0)

function taken(a: MountedApp, into: string[]): string[] {
  for (const commit of a.externalOutput.take()) into.push(...commit.rows)
  return into
}

async function untilTaken(a: MountedApp, rows: string[], text: string) {
  const end = Date.now() + 30_000
  while (!taken(a, rows).some((r) => r.includes(text))) {
    if (Date.now() > end) throw new Error(`never written: ${text}\n${rows.join("\n")}`)
    await a.renderOnce()
  }
  // Whatever else was on its way.
  for (let i = 0; i < 5; i++) await a.renderOnce()
  return taken(a, rows)
}

/** The session's snapshot: an extension named its thinking rows (every path must draw that name). */
const session = (items: TranscriptItem[], piSessionId = "pi-1") =>
  snapshot({
    items,
    info: sessionInfo({ piSessionId }),
    ui: { status: {}, widgets: {}, workingVisible: true, pending: [], thinkingLabel: "Pondering" },
  })

async function inline(items: TranscriptItem[] = []) {
  const a = await mountApp({ width: WIDTH, height: 30, screen: "inline" })
  apps.push(a)
  await a.emit({ type: "snapshot", snapshot: session(items) })
  await a.until(COMPOSER)
  return a
}

/** A session this window showed before, whose model numbered its tool calls the same way. */
const EARLIER: TranscriptItem[] = [
  { ...item.user("u-1", "an earlier session"), timestamp: 1 },
  ...["call_1_0", "call_2_0", "call_3_0", "call_3_1", "call_3_2", "call_4_0", "call_5_0"].map((id) =>
    item.tool(id, "bash", { command: `echo earlier ${id}` }, { output: "earlier-out" }),
  ),
]

const LAST = "Done."

test("every item shape reads the same committed live, rewritten on a resize, in full screen and resumed", async () => {
  const { events, items } = project(TURNS)

  // 1. Live: the events one by one, as a session runs, after /new in a window that showed another.
  const live = await inline(EARLIER)
  await untilTaken(live, [], "echo earlier call_5_0")
  await live.emit({ type: "snapshot", snapshot: session([], "pi-2") })
  const liveRows: string[] = []
  for (const batch of events) {
    await live.emit(...batch)
    taken(live, liveRows)
  }
  await untilTaken(live, liveRows, LAST)

  // 2. A resize (the height only: the same width draws the same rows) writes it all again.
  let cleared = false
  live.renderer.resetSplitFooterForReplay = () => void (cleared = true)
  live.resize(WIDTH, 40)
  await live.until(() => cleared, 30_000)
  const rewritten = await untilTaken(live, [], LAST)

  // 3. Resumed: the same items in one snapshot.
  const resumed = await untilTaken(await inline(items), [], LAST)

  // 4. Full screen, tall enough for the whole transcript.
  // (A full screen window tells its host its width, for extensions' rows.)
  const client = new FakeClient({ "session.componentResize": () => ({}) })
  const full = await mountApp({ width: WIDTH, height: 400, client })
  apps.push(full)
  await full.emit({ type: "snapshot", snapshot: session(items) })
  const frame = await full.until((f) => f.includes(LAST) && f.includes(COMPOSER))
  const screen = frame.split("\n")
  // The transcript: from the first item's row to the last one's, above the composer.
  const first = screen.findIndex((r) => r.includes("plain text"))
  const last = screen.findIndex((r) => r.includes(LAST))
  const fullRows = screen.slice(first, last + 1)

  const want = normalize(resumed)
  // Every shape is there at all (the four could agree on losing one).
  for (const text of [
    "plain text",
    "A reply in one paragraph.",
    "Only thoughts here.",
    "echo alone",
    "alone-out",
    "Let me run it.",
    "echo with-text",
    "with-text-out",
    "Which files matter?",
    "src/app.js",
    "const b = 1",
    "false",
    "deployed in 3s",
    "write the tests",
    "a todo snapshot",
    "Add a flag",
    "an extension's message",
    "a warning notice",
    "bang-out",
    "Compacted 12k tokens",
    LAST,
  ])
    expect(want.join("\n")).toContain(text)
  expect(want.join("\n")).toContain("▸ Pondering")
  const afterNew = normalize(liveRows)
  expect(afterNew[0]).toMatch(/─ new session ─/)
  expect(afterNew.slice(1)).toEqual(want)
  expect(normalize(rewritten)).toEqual(want)
  expect(normalize(fullRows)).toEqual(want.slice(want.findIndex((r) => r.includes("plain text"))))
})
