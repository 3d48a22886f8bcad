import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, snapshot, sessionInfo } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { fitSegments, statusSegments } from "../../src/tui/routes/session/status-bar"
import { tokensPerSecond } from "../../src/tui/routes/session/working-line"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const stats = {
  tokens: { input: 12_345, output: 3_400, cacheRead: 0, cacheWrite: 0, total: 15_745 },
  cost: 0.0423,
  context: { tokens: 30_000, contextWindow: 200_000, percent: 15 },
}

test("the status bar: folder, model, thinking, tokens, cost, context and extension segments", async () => {
  app = await mountApp({ width: 120, height: 20 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot({ stats }) },
    { type: "ui_status", key: "lint", text: "lint: 2 warnings" },
  )
  const frame = await app.until("lint: 2 warnings")
  const last = frame.trimEnd().split("\n").at(-1)!
  expect(last).toContain("/proj/demo · Faux One · think medium · ↑12k ↓3.4k · $0.04 · ctx 15% · lint: 2 warnings")
})

test("the working line: spinner, elapsed time, tok/s and the session name; queued messages above it", async () => {
  app = await mountApp({ width: 100, height: 20 })
  const started = Date.now() - 125_000
  await app.emit(
    { type: "snapshot", snapshot: snapshot({ info: sessionInfo({ name: "fix login" }) }) },
    { type: "run", running: true, startedAt: started },
    {
      type: "item_add",
      item: item.assistant("a1", "", { streaming: true, blocks: [], timestamp: Date.now() - 125_000 }),
    },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "x".repeat(25_000) },
    { type: "queue", queue: { steering: ["use the v2 api"], followUp: ["then run the tests"] } },
  )
  const frame = await app.until("Working")
  // 25,000 characters are 6,250 tokens in 125 s: 50 tok/s, or a little less if the frame came
  // late on a loaded machine (the rate is over the run's whole time, up to the frame).
  const seconds = (Date.now() - started) / 1000
  const shown = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working \(2m, (\d+) tok\/s\) – fix login/.exec(frame)
  expect(shown).not.toBeNull()
  expect(Number(shown![1])).toBeLessThanOrEqual(50)
  expect(Number(shown![1])).toBeGreaterThanOrEqual(Math.floor(6250 / seconds))
  const rows = frame.split("\n")
  const steer = rows.findIndex((l) => l.includes("Steer: use the v2 api"))
  const queued = rows.findIndex((l) => l.includes("Queued: then run the tests"))
  const working = rows.findIndex((l) => l.includes("Working ("))
  expect(steer).toBeGreaterThan(-1)
  expect(queued).toBeGreaterThan(steer)
  expect(working).toBeGreaterThan(queued)

  await app.emit({ type: "ui_working", message: "Indexing" })
  expect(await app.until("Indexing (")).toContain("Indexing (2m")
  await app.emit({ type: "run", running: false })
  expect(await app.until((f) => !f.includes("Indexing ("))).not.toContain("Working")
})

test("an extension clearing its working message brings the default back (the clear crosses JSON)", async () => {
  app = await mountApp({ width: 100, height: 20 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot() },
    { type: "run", running: true, startedAt: Date.now() },
    { type: "ui_working", message: "Indexing", visible: true },
  )
  expect(await app.until("Indexing (")).not.toContain("Working (")
  // What the bridge sends for setWorkingMessage(): the undefined message is gone once on the wire.
  await app.emit({ type: "ui_working", message: undefined, visible: true })
  expect(await app.until("Working (")).not.toContain("Indexing")
})

test("extension widgets sit above and below the composer", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot() },
    { type: "ui_widget", key: "a", lines: ["ABOVE ONE", "ABOVE TWO"], placement: "aboveEditor" },
    { type: "ui_widget", key: "b", lines: ["BELOW"], placement: "belowEditor" },
  )
  const rows = (await app.until("BELOW")).split("\n")
  const composer = rows.findIndex((l) => l.includes("› Ask anything"))
  expect(rows.findIndex((l) => l.includes("ABOVE TWO"))).toBe(composer - 2)
  expect(rows.findIndex((l) => l.includes("BELOW"))).toBe(composer + 2)
})

test("ui_notify shows a toast; a degraded link shows a banner until it is back", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot() },
    { type: "ui_notify", level: "error", message: "Build failed" },
  )
  expect(await app.until("Build failed")).toContain("✗ Build failed")

  app.client.setConnection({ state: "degraded", reason: "the daemon is not answering" })
  expect(await app.until("Connection degraded")).toContain("Connection degraded: the daemon is not answering")
  app.client.setConnection({ state: "connected" })
  expect(await app.until((f) => !f.includes("Connection degraded"))).not.toContain("not answering")
  expect(app.exits).toEqual([])
})

test("what the connection has to say (a daemon with another environment) shows as a warning", async () => {
  const client = new FakeClient()
  client.notices.push("The daemon keeps an older environment. Run `xagent daemon stop` once they are done.")
  app = await mountApp({ width: 80, height: 20, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  const frame = await app.until("older environment")
  expect(frame.replace(/[│\s]+/g, " ")).toContain(
    "keeps an older environment. Run `xagent daemon stop` once they are done.",
  )
})

test("a daemon that stopped answering closes the window with a way back", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  app.client.setConnection({ state: "lost", reason: "the daemon stopped answering" })
  expect(app.exits).toEqual([75])
  expect(app.farewells).toEqual([
    "xagent: the connection to the daemon was lost (the daemon stopped answering). xagent -c resumes the session from its file.",
  ])
})

test("a session the host closed says so", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() }, { type: "closed", reason: "daemon stopping" })
  expect(await app.until("Session closed")).toContain("Session closed: daemon stopping")
})

for (const width of [40, 120]) {
  test(`at ${width} columns the transcript, composer and status bar still fit`, async () => {
    app = await mountApp({ width, height: 24 })
    await app.emit({
      type: "snapshot",
      snapshot: snapshot({
        stats,
        items: [
          item.user("u1", "Please refactor the authentication module so it uses the new token store"),
          item.tool("t1", "bash", { command: "npm run build -- --watch=false --verbose" }, { output: "built in 3s" }),
          item.assistant("a1", "All done: the module now reads tokens from `TokenStore`."),
        ],
      }),
    })
    const frame = await app.until("TokenStore")
    const rows = frame.split("\n")
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(width)
    expect(frame).toContain("Please refactor")
    expect(frame).toContain("built in 3s")
    expect(frame).toContain("› Ask anything")
    const status = rows.filter((l) => l.trim()).at(-1)!
    expect(status).toContain("Faux One")
    expect(status).toContain("ctx 15%")
    if (width === 40) expect(status).not.toContain("$0.04")
    else expect(status).toContain("$0.04")
  })
}

test("resizing reflows the window", async () => {
  app = await mountApp({ width: 120, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.assistant("a1", "word ".repeat(40).trim())] }) })
  await app.until("word word")
  const wide = app
    .frame()
    .split("\n")
    .filter((l) => l.includes("word")).length
  app.resize(40, 24)
  const narrow = await app.until((f) => f.split("\n").filter((l) => l.includes("word")).length > wide)
  for (const row of narrow.split("\n")) expect(row.length).toBeLessThanOrEqual(40)
})

test("status segments drop least important first and tok/s comes from streamed characters", () => {
  const segs = statusSegments({ cwd: "/p", branch: "main", info: sessionInfo(), stats, extra: {}, mouse: true })
  expect(fitSegments(segs, 200).map((s) => s.text)).toEqual([
    "/p (main)",
    "Faux One",
    "think medium",
    "↑12k ↓3.4k",
    "$0.04",
    "ctx 15%",
  ])
  expect(fitSegments(segs, 20).map((s) => s.text)).toEqual(["Faux One", "ctx 15%"])
  expect(tokensPerSecond(4000, 10_000)).toBe(100)
  expect(tokensPerSecond(4000, 500)).toBe(0)
})

test("a client that cannot connect says so, and the window still quits", async () => {
  app = await mountApp({ width: 80, height: 20, gate: Promise.reject(new Error("daemon did not start")) })
  expect(await app.until("Could not connect")).toContain("Could not connect: daemon did not start")
  app.mockInput.pressCtrlC()
  app.mockInput.pressCtrlC()
  expect(app.exits).toEqual([0])
})

test("right after a compaction the context use is unknown: the status bar says ctx ?", async () => {
  app = await mountApp({ width: 100, height: 20 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ stats: { ...stats, context: { tokens: null, contextWindow: 200_000, percent: null } } }),
  })
  const bar = (await app.until("Faux One")).split("\n").find((l) => l.includes("Faux One"))
  expect(bar).toContain("ctx ?")
})

test("a status segment and widget lines styled by Pi's theme (SGR colours) draw as their text: no escape reaches the terminal", async () => {
  app = await mountApp({ width: 120, height: 20 })
  await app.emit(
    { type: "snapshot", snapshot: snapshot() },
    { type: "ui_status", key: "mode", text: "\x1b[38;2;255;0;0mplan\x1b[39m on" },
    {
      type: "ui_widget",
      key: "w",
      lines: ["\x1b[1m\x1b[38;2;0;255;0mGREEN\x1b[39m\x1b[22m rest"],
      placement: "aboveEditor",
    },
  )
  const frame = await app.until("GREEN rest")
  expect(frame).toContain("plan on")
  expect(frame).not.toContain("[38;2")
  expect(frame).not.toContain("[1m")
})
