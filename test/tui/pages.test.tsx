import { afterEach, expect, test } from "bun:test"
import type { SavedSession, TreeNode } from "../../src/protocol"
import { filterSessions } from "../../src/tui/routes/sessions/filter"
import { flattenTree } from "../../src/tui/routes/tree/flatten"
import { FakeClient, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const HOUR = 3_600_000
const saved: SavedSession[] = [
  {
    path: "/s/a.jsonl",
    id: "aaa",
    name: "Fix login redirect",
    cwd: "/proj/demo",
    modified: Date.now() - 2 * HOUR,
    messageCount: 12,
    firstMessage: "the login page loops",
  },
  {
    path: "/s/b.jsonl",
    id: "bbb",
    cwd: "/proj/demo",
    modified: Date.now() - 30 * 24 * HOUR,
    messageCount: 3,
    firstMessage: "add dark mode to settings",
  },
  {
    path: "/s/c.jsonl",
    id: "ccc",
    cwd: "/proj/demo",
    modified: Date.now() - 60_000 * 5,
    messageCount: 40,
    firstMessage: "migrate the database",
    live: { sessionId: "s7", running: true, pendingQuestions: 1, windows: 0 },
  },
]

function clientWithSessions() {
  return new FakeClient({ "sessions.list": () => ({ sessions: saved }) })
}

test("/session lists saved sessions with title and details; typing filters; Enter switches", async () => {
  app = await mountApp({ width: 90, height: 24, client: clientWithSessions() })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/session")
  let frame = await app.until("Fix login redirect")
  expect(frame).toContain("Sessions  /proj/demo")
  expect(frame).toContain("2h ago · 12 messages")
  expect(frame).toContain("add dark mode to settings")
  expect(frame).toContain("30d ago · 3 messages")
  expect(frame).toContain("5m ago · 40 messages · ● running · 1 question")
  expect(app.client.calls("sessions.list")).toEqual([{ cwd: "/proj/demo" }])

  await app.mockInput.typeText("dark")
  frame = await app.until((f) => !f.includes("Fix login redirect"))
  expect(frame).toContain("› add dark mode to settings")
  app.mockInput.pressEnter()
  await app.until("› Ask anything")
  expect(app.client.calls("session.switch")).toEqual([{ sessionId: "s1", path: "/s/b.jsonl" }])
})

test("/session: same-named sessions (a fork and its parent) differ by their short ids, and the fork says whose it is", async () => {
  const twins: SavedSession[] = [
    {
      path: "/s/f.jsonl",
      id: "019a0001-aaaa-7000-8000-000000000002",
      name: "tour-sess",
      cwd: "/proj/demo",
      modified: Date.now() - 60_000,
      messageCount: 3,
      firstMessage: "explain the app",
      forkOf: "019a0001-bbbb-7000-8000-000000000001",
    },
    {
      path: "/s/p.jsonl",
      id: "019a0001-bbbb-7000-8000-000000000001",
      name: "tour-sess",
      cwd: "/proj/demo",
      modified: Date.now() - 120_000,
      messageCount: 5,
      firstMessage: "explain the app",
    },
  ]
  app = await mountApp({
    width: 100,
    height: 24,
    client: new FakeClient({ "sessions.list": () => ({ sessions: twins }) }),
  })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/session")
  const frame = await app.until("tour-sess")
  // Named rows show the first message after the name, as a preview.
  expect(frame).toMatch(/tour-sess {2}explain the app/)
  const meta = frame.split("\n").filter((l) => l.includes("messages"))
  expect(meta[0]).toMatch(/^ {3}019a0001-a · 1m ago · 3 messages · fork of 019a0001-b\s*$/)
  expect(meta[1]).toMatch(/^ {3}019a0001-b · 2m ago · 5 messages\s*$/)
})

test("messages queued behind a reply come back into the composer when /new or a switch replaces the session", async () => {
  const client = clientWithSessions()
  client.route("session.new", () => ({ editorText: "look at the tests too" }))
  client.route("session.switch", () => ({ editorText: "and the docs" }))
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/new")
  expect(await app.until("look at the tests too")).toContain("› look at the tests too")
  expect(app.client.calls("session.new")).toEqual([{ sessionId: "s1" }])
  app.renderer.destroy()

  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/session")
  await app.until("Fix login redirect")
  app.mockInput.pressEnter()
  expect(await app.until("and the docs")).toContain("› and the docs")
  expect(app.client.calls("session.switch")).toHaveLength(1)
})

test("choosing a session live in another host joins it: the window watches that session and says so", async () => {
  const client = clientWithSessions()
  client.route("session.switch", () => ({ sessionId: "s7" }))
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/session")
  await app.mockInput.typeText("migrate")
  await app.until((f) => !f.includes("Fix login redirect"))
  app.mockInput.pressEnter()
  await app.until(() => client.subscribers("s7") === 1)
  expect(client.subscribers("s1")).toBe(0)
  client.emit(
    {
      type: "snapshot",
      snapshot: snapshot({
        sessionId: "s7",
        info: sessionInfo({ piSessionId: "pi-7" }),
        items: [{ kind: "user", id: "u1", text: "migrate the database", timestamp: 0 }],
      }),
    },
    "s7",
  )
  const frame = await app.until("open in another window")
  expect(frame).toContain("migrate the database")
  expect(app.client.calls("session.switch")).toEqual([{ sessionId: "s1", path: "/s/c.jsonl" }])
})

test("/resume is the same page; Tab lists every folder; Esc goes back", async () => {
  app = await mountApp({ width: 90, height: 24, client: clientWithSessions() })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/resume")
  await app.until("Fix login redirect")
  app.mockInput.pressTab()
  await app.until("all folders")
  expect(app.client.calls("sessions.list").at(-1)).toEqual({ all: true })
  app.mockInput.pressEscape()
  expect(await app.until("› Ask anything")).not.toContain("Sessions")
})

test("--resume: the page comes first; Enter opens the chosen session, Esc a new one", async () => {
  const client = clientWithSessions()
  app = await mountApp({ width: 90, height: 24, client, target: { kind: "pick", params: { cwd: "/proj/demo" } } })
  await app.until("Fix login redirect")
  app.mockInput.pressArrow("down")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until(() => client.subscribers() === 1)
  expect(client.calls("session.open")).toEqual([{ cwd: "/proj/demo", mode: { kind: "session", ref: "/s/c.jsonl" } }])
  app.renderer.destroy()

  const other = clientWithSessions()
  app = await mountApp({
    width: 90,
    height: 24,
    client: other,
    target: { kind: "pick", params: { cwd: "/proj/demo" } },
  })
  await app.until("Fix login redirect")
  app.mockInput.pressEscape()
  await app.until(() => other.subscribers() === 1)
  expect(other.calls("session.open")).toEqual([{ cwd: "/proj/demo", mode: { kind: "new" } }])
})

test("session filtering matches every word against title, first message, folder and id", () => {
  expect(filterSessions(saved, "").map((s) => s.id)).toEqual(["aaa", "bbb", "ccc"])
  expect(filterSessions(saved, "LOGIN fix").map((s) => s.id)).toEqual(["aaa"])
  expect(filterSessions(saved, "database ccc").map((s) => s.id)).toEqual(["ccc"])
  expect(filterSessions(saved, "nothing")).toEqual([])
})

const node = (
  id: string,
  parentId: string | null,
  role: string,
  text: string,
  onPath = false,
  isLeaf = false,
): TreeNode => ({
  id,
  parentId,
  role,
  text,
  timestamp: Number(id.slice(1)),
  onPath,
  isLeaf,
})
const tree = [
  node("n1", null, "user", "start the project", true),
  node("n2", "n1", "assistant", "done", true),
  node("n3", "n2", "user", "try approach A"),
  node("n4", "n3", "assistant", "A failed"),
  node("n5", "n2", "user", "try approach B", true),
  node("n6", "n5", "assistant", "B works", true, true),
]

test("/tree shows the branches with the current path; Enter moves there and refills the prompt", async () => {
  const client = new FakeClient({
    "session.tree": () => ({ nodes: tree }),
    "session.navigate": () => ({ editorText: "try approach A" }),
  })
  app = await mountApp({ width: 80, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/tree")
  const frame = await app.until("B works")
  expect(frame).toContain("● user: start the project")
  expect(frame).toContain("○ user: try approach A")
  expect(frame).toMatch(/›\s+● assistant: B works/)
  await app.mockInput.typeText("approach A")
  await app.until((f) => !f.includes("B works"))
  app.mockInput.pressEnter()
  // Pi's question first: what to keep of the branch left behind
  expect(await app.until("Summarize branch?")).toContain("Summarize with custom prompt")
  app.mockInput.pressEnter()
  expect(await app.until("› try approach A")).not.toContain("Session tree")
  expect(client.calls("session.navigate")).toEqual([{ sessionId: "s1", entryId: "n3" }])
})

test("/tree: Summarize and a custom prompt go with the move; branchSummary.skipPrompt asks nothing", async () => {
  const client = new FakeClient({ "session.tree": () => ({ nodes: tree }), "session.navigate": () => ({}) })
  app = await mountApp({ width: 80, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  const pick = async (downs: number) => {
    await app!.until((f) => f.includes("Ask anything") && !f.includes("Session tree"))
    await app!.submit("/tree")
    await app!.until("B works")
    await app!.mockInput.typeText("approach A")
    await app!.until((f) => !f.includes("B works"))
    app!.mockInput.pressEnter()
    await app!.until("Summarize branch?")
    for (let i = 0; i < downs; i++) app!.mockInput.pressArrow("down")
    app!.mockInput.pressEnter()
  }
  await pick(1)
  await app.until(() => client.calls("session.navigate").length === 1)
  expect(client.calls("session.navigate")[0]).toEqual({ sessionId: "s1", entryId: "n3", summarize: true })
  await pick(2)
  await app.until("Custom summarization instructions")
  await app.mockInput.typeText("focus on the API")
  app.mockInput.pressKey("s", { ctrl: true })
  await app.until(() => client.calls("session.navigate").length === 2)
  expect(client.calls("session.navigate")[1]).toEqual({
    sessionId: "s1",
    entryId: "n3",
    summarize: true,
    customInstructions: "focus on the API",
  })
  await app.emit({ type: "info", info: sessionInfo({ skipBranchSummaryPrompt: true }) })
  await app.until((f) => f.includes("Ask anything") && !f.includes("Session tree"))
  await app.submit("/tree")
  await app.until("B works")
  app.mockInput.pressEnter()
  await app.until(() => client.calls("session.navigate").length === 3)
  expect(app.frame()).not.toContain("Summarize branch?")
})

test("/tree names Pi's own entries in words, not by their entry types", async () => {
  const nodes = [
    node("n1", null, "user", "start", true),
    node("n2", "n1", "model_change", "mock/mock", true),
    node("n3", "n2", "thinking_level_change", "off", true),
    node("n4", "n3", "session_info", "my tour session", true),
    node("n5", "n4", "toolResult", "read: alpha", true),
    node("n6", "n5", "bashExecution", "!ls", true, true),
  ]
  app = await mountApp({ width: 80, height: 24, client: new FakeClient({ "session.tree": () => ({ nodes }) }) })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/tree")
  const frame = await app.until("!ls")
  for (const row of ["model: mock/mock", "thinking: off", "name: my tour session", "tool: read: alpha", "shell: !ls"])
    expect(frame).toContain(row)
  expect(frame).not.toMatch(/model_change|thinking_level_change|session_info|bashExecution|toolResult/)
})

test("tree rows indent at branch points only", () => {
  expect(flattenTree(tree).map((r) => `${r.level}:${r.node.id}${r.branches ? "*" : ""}`)).toEqual([
    "0:n1",
    "0:n2*",
    "1:n3",
    "1:n4",
    "1:n5",
    "1:n6",
  ])
})

test("the model picker filters, marks the current model and sets the chosen one", async () => {
  const client = new FakeClient({
    "session.models": () => ({
      models: [
        { provider: "anthropic", id: "claude-sonnet-4", name: "Claude Sonnet 4", available: true },
        { provider: "openai", id: "gpt-5", name: "GPT-5", available: false },
        { provider: "faux", id: "faux-1", available: true },
      ],
      current: { provider: "faux", id: "faux-1" },
      levels: ["off", "low", "high"],
    }),
  })
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/model")
  let frame = await app.until("Choose a model")
  expect(frame).toContain("anthropic/claude-sonnet-4")
  expect(frame).toMatch(/openai\/gpt-5.*no key/)
  expect(frame).toMatch(/› faux\/faux-1/)
  await app.mockInput.typeText("sonnet")
  frame = await app.until((f) => !f.includes("openai/gpt-5"))
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Choose a model"))
  expect(client.calls("session.setModel")).toEqual([{ sessionId: "s1", provider: "anthropic", id: "claude-sonnet-4" }])
  await app.emit({
    type: "info",
    info: sessionInfo({ model: { provider: "anthropic", id: "claude-sonnet-4", name: "Claude Sonnet 4" } }),
  })
  expect(await app.until("Claude Sonnet 4 ·")).toContain("Model: anthropic/claude-sonnet-4")
})

test("the model picker lists the models that have a key first", async () => {
  const client = new FakeClient({
    "session.models": () => ({
      models: [
        { provider: "aaa", id: "no-key-1", available: false },
        { provider: "bbb", id: "keyed-1", available: true },
        { provider: "ccc", id: "no-key-2", available: false },
        { provider: "ddd", id: "keyed-2", available: true },
      ],
      current: { provider: "bbb", id: "keyed-1" },
      levels: ["off"],
    }),
  })
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/model")
  const frame = await app.until("ccc/no-key-2")
  const order = ["bbb/keyed-1", "ddd/keyed-2", "aaa/no-key-1", "ccc/no-key-2"].map((m) => frame.indexOf(m))
  expect(order.every((at) => at >= 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
})
