// Leaving with a reply running: a --no-daemon window (a local client) holds the session itself,
// so quitting stops the reply: Ctrl+D, Ctrl+C twice and /quit ask first. /new during a
// reply asks before it stops it; through the daemon it may also go on in the background
// while the window moves to the new session. Any key between two Ctrl+C disarms the second.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function running(kind: "local" | "socket") {
  app = await mountApp({ width: 90, height: 24, client: new FakeClient({}, kind) })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "go")] }) })
  await app.emit({ type: "run", running: true })
  await app.until("› Enter queues a follow-up")
  return app
}

const ASK = "The reply ends with this window"

test("--no-daemon: Ctrl+D with a reply running asks; n stays, y quits", async () => {
  const app = await running("local")
  app.mockInput.pressKey("d", { ctrl: true })
  expect(await app.until(ASK)).toContain("Quit and stop it?")
  expect(app.exits).toEqual([])
  app.mockInput.pressKey("n")
  await app.until((f) => !f.includes(ASK))
  expect(app.exits).toEqual([])
  app.mockInput.pressKey("d", { ctrl: true })
  await app.until(ASK)
  app.mockInput.pressKey("y")
  expect(app.exits).toEqual([0])
})

test("--no-daemon: Ctrl+C twice and /quit ask too", async () => {
  const app = await running("local")
  app.mockInput.pressCtrlC()
  app.mockInput.pressCtrlC()
  await app.until(ASK)
  expect(app.exits).toEqual([])
  app.mockInput.pressKey("n")
  await app.until((f) => !f.includes(ASK))
  await app.submit("/quit")
  await app.until(ASK)
  app.mockInput.pressEnter()
  expect(app.exits).toEqual([0])
})

test("with the daemon, quitting leaves the reply running and does not ask", async () => {
  const app = await running("socket")
  app.mockInput.pressKey("d", { ctrl: true })
  expect(app.exits).toEqual([0])
})

test("/new during a reply, through the daemon: keep it running, stop it, or stay", async () => {
  const app = await running("socket")
  await app.submit("/new")
  const frame = await app.until("A reply is running: start a new session")
  expect(frame).toContain("› Keep it running in the background")
  expect(frame).toContain("Stop it")
  expect(frame).toContain("Cancel")
  // Cancel: the window stays, nothing is asked of the host.
  app.mockInput.pressArrow("down")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("A reply is running"))
  expect(app.client.calls("session.new")).toEqual([])
  const opens = app.client.calls("session.open").length
  // Stop it: the new session takes this one's place in its host, which stops the reply.
  await app.submit("/new")
  await app.until("A reply is running")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until(() => app.client.calls("session.new").length === 1)
  expect(app.client.calls("session.open").length).toBe(opens)
})

test("/new during a reply, kept in the background: a new session of its own, and a notice when the reply ends", async () => {
  const app = await running("socket")
  app.client.route("session.open", () => ({ sessionId: "s2", info: sessionInfo(), warnings: [] }))
  const opens = app.client.calls("session.open").length
  await app.submit("/new")
  await app.until("Keep it running in the background")
  app.mockInput.pressEnter()
  await app.until(() => app.client.calls("session.open").length === opens + 1)
  expect(app.client.calls("session.open")[opens]!.mode).toEqual({ kind: "new" })
  expect(app.client.calls("session.new")).toEqual([])
  await app.until(() => app.client.subscribers("s2") === 1)
  app.client.emit({ type: "snapshot", snapshot: snapshot() }, "s2")
  const fresh = await app.until("› Ask anything")
  expect(fresh).not.toContain("│ go")
  // The old session is still watched, only for the end of its reply.
  expect(app.client.subscribers("s1")).toBe(1)
  // A question there holds the reply: the window says so, and goes on watching.
  app.client.emit(
    { type: "ui_request", request: { id: "q1", kind: "confirm", title: "Deploy?", message: "now" } },
    "s1",
  )
  // (a toast, wrapped: its lines joined back)
  const flat = (f: string) => f.replace(/\s*\n[\s│]*/g, " ")
  await app.until((f) => flat(f).includes("The background session “go” waits for an answer"))
  expect(app.client.subscribers("s1")).toBe(1)
  app.client.emit({ type: "turn_end", stopReason: "end_turn" }, "s1")
  app.client.emit({ type: "run", running: false }, "s1")
  const notice = await app.until("finished · /resume opens it")
  expect(notice).toContain("The reply in the background session “go”")
  expect(app.client.subscribers("s1")).toBe(0)
})

test("the session page during a reply: the chosen session opens beside the running one", async () => {
  const app = await running("socket")
  app.client.route("sessions.list", () => ({
    sessions: [
      {
        path: "/s/other.jsonl",
        id: "bbb",
        cwd: "/proj/demo",
        modified: Date.now(),
        messageCount: 2,
        firstMessage: "older work",
      },
    ],
  }))
  app.client.route("session.open", () => ({ sessionId: "s2", info: sessionInfo(), warnings: [] }))
  const opens = app.client.calls("session.open").length
  await app.submit("/resume")
  await app.until("older work")
  app.mockInput.pressEnter()
  await app.until("A reply is running: open that session")
  app.mockInput.pressEnter()
  await app.until(() => app.client.calls("session.open").length === opens + 1)
  expect(app.client.calls("session.open")[opens]!.mode).toEqual({ kind: "session", ref: "/s/other.jsonl" })
  expect(app.client.calls("session.switch")).toEqual([])
  expect(app.client.subscribers("s1")).toBe(1)
})

test("/new during a reply with --no-daemon: two choices, and why there is no background", async () => {
  const app = await running("local")
  await app.submit("/new")
  const frame = await app.until("A reply is running")
  expect(frame).toContain("Start a new session and stop it?")
  expect(frame).toContain("--no-daemon")
  expect(frame).not.toContain("Keep it running")
  app.mockInput.pressKey("n")
  await app.until((f) => !f.includes("A reply is running"))
  expect(app.client.calls("session.new")).toEqual([])
  await app.submit("/new")
  await app.until("A reply is running")
  app.mockInput.pressKey("y")
  await app.until(() => app.client.calls("session.new").length === 1)
})

test("a key pressed between two Ctrl+C disarms the second", async () => {
  app = await mountApp({ width: 90, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  app.mockInput.pressCtrlC()
  await app.until("Press Ctrl+C again to quit")
  await app.submit("/help")
  app.mockInput.pressEscape()
  app.mockInput.pressCtrlC()
  await app.renderOnce()
  expect(app.exits).toEqual([])
  app.mockInput.pressCtrlC()
  expect(app.exits).toEqual([0])
})
