// A long session comes newest part first (`earlier` items left out of its snapshot). Full screen
// says so above the first row and fetches the older part a page at a time as the person scrolls up
// to it, keeping the rows they read in place; inline, the scrollback holds what came, under a row
// that says how much is not there.
import { afterEach, expect, test } from "bun:test"
import type { TranscriptItem } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const COMPOSER = "Ask anything"
const PAGE_UP = "\x1b[5~"

/** Turn n: its question and its answer, each with a time of its own. */
function turns(from: number, to: number): TranscriptItem[] {
  return Array.from({ length: to - from }, (_, i) => from + i).flatMap((n) => [
    { ...item.user(`u${n}`, `question ${n}`), timestamp: n * 10 },
    { ...item.assistant(`a${n}`, `answer ${n}`), timestamp: n * 10 + 1 },
  ])
}

const ALL = turns(0, 300)
/** The host's `session.earlier`: the 100 items before `before`. */
function earlierPage(p: { before: string }) {
  const end = ALL.findIndex((i) => i.id === p.before)
  const start = Math.max(0, end - 100)
  return { items: ALL.slice(start, end), earlier: start }
}

test("full screen: a row counts what is above; scrolling up to it loads the rest a page at a time, the rows read stay put", async () => {
  app = await mountApp({ width: 80, height: 24, screen: "fullscreen" })
  app.client.route("session.earlier", earlierPage)
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: ALL.slice(500), earlier: 500 }) })
  await app.until("answer 299")
  expect(app.client.calls("session.earlier")).toEqual([])

  // Up to the top of what came: the first page is asked for, and goes in above the rows read.
  app.mockInput.pressKey("HOME", { ctrl: true })
  // (the scrollbar draws in the last column)
  const firstRow = (f: string) =>
    f
      .split("\n")
      .map((l) => l.replace(/[▀▄█]\s*$/, "").trim())
      .find((l) => l) ?? ""
  let frame = await app.until(
    (f) => app!.client.calls("session.earlier").length === 1 && firstRow(f) === "│ question 250",
  )
  expect(app.client.calls("session.earlier")[0]).toMatchObject({ before: "u250" })
  // Older rows are above it now.
  app.mockInput.pressKey(PAGE_UP)
  frame = await app.until((f) => /question 24\d/.test(f))
  expect(frame).not.toContain("answer 299")

  // At the very top of what is loaded, the row says what is still above.
  app.mockInput.pressKey("HOME", { ctrl: true })
  frame = await app.until((f) => f.includes("earlier entries"))
  expect(frame).toMatch(/[34]00 earlier entries/)

  // All the way up: every page, then no row and no more requests.
  const deadline = Date.now() + 20_000
  while (!app.frame().includes("question 0") && Date.now() < deadline) {
    app.mockInput.pressKey("HOME", { ctrl: true })
    await app.renderOnce()
    await Bun.sleep(50)
  }
  const top = await app.until((f) => firstRow(f) === "│ question 0")
  expect(top).not.toContain("earlier entries")
  expect(app.client.calls("session.earlier").map((c) => c.before)).toEqual(["u250", "u200", "u150", "u100", "u50"])
})

test("inline: the scrollback starts with a row saying how much of the history is not in it", async () => {
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: ALL.slice(580), earlier: 580 }) })
  await app.until(COMPOSER)
  const rows: string[] = []
  const end = Date.now() + 20_000
  while (!rows.some((r) => r.includes("answer 299"))) {
    if (Date.now() > end) throw new Error(`never written:\n${rows.join("\n")}`)
    for (const commit of app.externalOutput.take()) rows.push(...commit.rows.map((r) => r.trimEnd()))
    await app.renderOnce()
  }
  const marker = rows.findIndex((r) => r.includes("580 earlier entries not shown"))
  expect(marker).toBeGreaterThanOrEqual(0)
  // and where they are
  expect(rows[marker]).toContain("/tree or --fullscreen")
  // Above the first item that came, and only once.
  expect(marker).toBeLessThan(rows.findIndex((r) => r.includes("question 290")))
  expect(rows.filter((r) => r.includes("earlier entries")).length).toBe(1)
  expect(app.client.calls("session.earlier")).toEqual([])
})
