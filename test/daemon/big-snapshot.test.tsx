// A session whose snapshot is bigger than one frame opens whole: the daemon sends it
// in pieces no bigger than a frame and the client puts them together. The frame cap is lowered
// to 1 MB on both ends (the daemon's XAGENT_DAEMON_MAX_FRAME, the client's maxFrameBytes) so a
// 6 MB session stands for an 81 MB one under the 64 MB cap: the same code path, quickly. The
// window itself, over the real socket, draws it to its last line.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { App } from "../../src/tui/app"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { assistantTexts, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const MB = 1024 * 1024
const MESSAGES = 400
const BODY = 16 * 1024
const LAST = "ENDMARK42"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "Still here." }] }, { env: { XAGENT_DAEMON_MAX_FRAME: String(MB) } })
})
afterAll(() => d.cleanup())

/** A Pi session file of `MESSAGES` messages of `BODY` characters each (user and assistant in turn). */
function bigSession(cwd: string): string {
  const dir = join(d.box.agentDir, "sessions", `--${cwd.replace(/^\//, "").replace(/\//g, "-")}--`)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, "2026-01-01T00-00-00-000Z_0195c0de-0000-7000-8000-00000000b16b.jsonl")
  const header = {
    type: "session",
    version: 3,
    id: "0195c0de-0000-7000-8000-00000000b16b",
    cwd,
    timestamp: "2026-01-01T00:00:00.000Z",
  }
  const lines = [JSON.stringify(header)]
  const usage = {
    input: 1,
    output: 1,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 2,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  }
  let parentId: string | null = null
  for (let i = 0; i < MESSAGES; i++) {
    const id = (0x10000000 + i).toString(16)
    // Quotes, backslashes and non-ASCII: what JSON escaping and UTF-8 make bigger than it looks.
    const text = `#${i} "é\\ ${"x".repeat(BODY)}${i === MESSAGES - 1 ? ` ${LAST}` : ""}`
    const message =
      i % 2 === 0
        ? { role: "user", content: [{ type: "text", text }], timestamp: i }
        : {
            role: "assistant",
            content: [{ type: "text", text }],
            api: "openai-completions",
            provider: "mockllm",
            model: "mock-1",
            usage,
            stopReason: "stop",
            timestamp: i,
          }
    lines.push(JSON.stringify({ type: "message", id, parentId, timestamp: "2026-01-01T00:00:01.000Z", message }))
    parentId = id
  }
  writeFileSync(path, lines.join("\n") + "\n")
  return path
}

test("a snapshot of several frames' size arrives in pieces and opens whole; the session goes on", async () => {
  const file = bigSession(d.box.cwd)
  const win = await d.connect({ maxFrameBytes: MB })
  const opened = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "session", ref: file } })
  const rec = new Recorder(win, opened.sessionId, 0)
  // The snapshot holds the history's newest part (history-window.ts), still more than a frame;
  // the rest comes in `session.earlier` pages, each more than a frame too.
  const s = await rec.waitFor((s) => s.items.length > 0, "the snapshot", 30_000)
  const snapshot = rec.events.find((e) => e.event.type === "snapshot")!
  expect(JSON.stringify(snapshot).length).toBeGreaterThan(1.5 * MB)
  expect(s.items.length + s.earlier!).toBe(MESSAGES)
  expect(assistantTexts(s.items).at(-1)).toStartWith(`#${MESSAGES - 1} "é\\ xxx`)
  const all = [...s.items]
  for (let earlier = s.earlier!; earlier > 0;) {
    const page = await win.request("session.earlier", { sessionId: opened.sessionId, before: all[0]!.id })
    // a whole page (the oldest may be short) is more than a frame: it came in pieces
    if (page.earlier > 0) expect(JSON.stringify(page).length).toBeGreaterThan(MB)
    all.unshift(...page.items)
    earlier = page.earlier
  }
  expect(all).toHaveLength(MESSAGES)
  expect(all[0]).toMatchObject({ kind: "user" })
  expect(all[0]!.kind === "user" && all[0]!.text).toStartWith(`#0 "é`)

  await win.request("session.prompt", { sessionId: opened.sessionId, text: "and now?" })
  const after = await rec.waitFor(replyDone(assistantTexts(s.items).length + 1), "the next reply")
  expect(assistantTexts(after.items).at(-1)).toBe("Still here.")
}, 60_000)

test("the window opens the session over the socket and draws its last message", async () => {
  const cwd = join(d.box.root, "window")
  mkdirSync(cwd)
  const file = bigSession(cwd)
  const client = await d.connect({ maxFrameBytes: MB })
  const exits: number[] = []
  const setup = await testRender(
    () => (
      <App
        cwd={cwd}
        version="0.1.0"
        connect={async () => client}
        target={{ kind: "open", params: { cwd, mode: { kind: "session", ref: file } } }}
        onExit={(code) => void exits.push(code)}
        flushInterval={0}
      />
    ),
    { width: 100, height: 30 },
  )
  try {
    let frame = ""
    for (const end = Date.now() + 30_000; !frame.includes(LAST) && Date.now() < end; await Bun.sleep(20)) {
      await setup.renderOnce()
      frame = setup.captureCharFrame()
    }
    expect(frame).toContain(LAST)
    expect(exits).toEqual([])
  } finally {
    setup.renderer.destroy()
  }
}, 60_000)
