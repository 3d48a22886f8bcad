// /context at 120, 80 and 40 columns, from a report as the host sends it: the tabs (Tab, ←/→),
// the run selector (↑/↓), what the session file recorded per run and what is the current
// configuration said so, measured figures beside `?` and `≈` estimates, growth with its
// compaction mark, escape sequences from names dropped, and Esc back to the session.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { contextReport } from "./context-fixture"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})

/** The frame's words in reading order, spaces squeezed: what a narrow window still says. */
const words = (frame: string) =>
  frame
    .split("\n")
    .map((l) => l.replace(/[█▀▄]/g, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")

async function mount(width: number) {
  const client = new FakeClient({ "session.context": () => contextReport() })
  app = await mountApp({ width, height: 50, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  return app
}

for (const width of [120, 80, 40]) {
  test(`the page at ${width} columns: its three tabs, the run selector, ? and ≈`, async () => {
    const a = await mount(width)
    await a.submit("/context")
    // Run details opens on the newest run: no reply yet, so its model is the current one, said so.
    let frame = await a.until((f) => f.includes("Run 3 of 3"))
    expect(frame.split("\n").every((l) => l.length <= width)).toBe(true)
    expect(frame).not.toContain("\x1b")
    expect(words(frame)).toContain("▸ 3 and the docs")
    expect(words(frame)).toContain("model faux/faux-2 (current; runs before were not recorded; no reply yet)")
    expect(words(frame)).toContain("effort high (current; runs before were not recorded)")
    expect(words(frame)).toContain("tools read, bash, edit, write, evilred_tool")
    expect(words(frame)).toContain("MCP servers evilred-server")

    // ↑ chooses the first run: its model and effort as recorded; its prompt's first line only.
    a.mockInput.pressArrow("up")
    a.mockInput.pressArrow("up")
    frame = await a.until((f) => f.includes("Run 1 of 3"))
    expect(words(frame)).toContain("▸ 1 fix the login redirect")
    expect(words(frame)).toContain("model faux/faux-1 (recorded in its replies)")
    expect(words(frame)).toContain("effort medium (recorded)")

    // Tab: the usage, measured figures exactly, every contributor `?` beside its estimate.
    a.mockInput.pressTab()
    frame = await a.until((f) => f.includes("contributor"))
    const w = words(frame)
    expect(w).toContain("faux/faux-2 · window 200,000 tokens")
    expect(w).toMatch(/system prompt \? ≈2,100/)
    expect(w).toMatch(/images \? ≈1,200/)
    expect(w).toMatch(/sent, last request 42,500 ≈42,520/)
    expect(w).toMatch(/reserve \(settings\) 16,384/)
    expect(w).toMatch(/free 141,116/)
    expect(frame).toContain("█")
    expect(frame).toContain("▒")

    // → again: growth, each request's size or `?`, and the compaction between them.
    a.mockInput.pressArrow("right")
    frame = await a.until((f) => f.includes("compacted"))
    // Each request's bar: its share of the window (90,000 of 200,000 is the longest).
    const bar = (n: number) => frame.split("\n").find((l) => new RegExp(`^\\s*${n}\\s+\\d\\s+[\\d,?]+`).test(l))!
    expect(bar(1)).toMatch(/ 1\s+1\s+12,000\s+█+\s*$/)
    expect(bar(2).split("█").length).toBeGreaterThan(bar(1).split("█").length)
    expect(bar(3)).not.toContain("█")
    expect(words(frame)).toMatch(/3 2 \? 4 2 42,500/)
    expect(words(frame)).toContain("── compacted from 90,000 tokens ──")

    // ← back to the usage, Shift+Tab to the runs, Esc to the session.
    a.mockInput.pressArrow("left")
    await a.until((f) => f.includes("contributor"))
    a.mockInput.pressTab({ shift: true })
    await a.until((f) => f.includes("Run 1 of 3"))
    a.mockInput.pressEscape()
    await a.until((f) => !f.includes("Run 1 of 3") && f.includes("Ask anything"))
  })
}

test("/context growth opens on growth; a report without any usage says ? and why", async () => {
  const report = contextReport({
    growth: [{ kind: "request", n: 1, run: 1, model: "faux/faux-1" }],
    usage: { ...contextReport().usage, sent: undefined, unmeasured: "the provider reported no usage" },
  })
  const client = new FakeClient({ "session.context": () => report })
  app = await mountApp({ width: 80, height: 40, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  await app.submit("/context growth")
  let frame = await app.until((f) => f.includes("[Growth]") && f.includes("1 request ·"))
  expect(words(frame)).toMatch(/1 1 \?/)
  app.mockInput.pressArrow("left")
  frame = await app.until((f) => f.includes("contributor"))
  expect(words(frame)).toContain("sent: ? (the provider reported no usage)")
  expect(words(frame)).toMatch(/sent, last request \? ≈/)
  expect(words(frame)).toMatch(/free \?/)
})
