// /follow-up: the queued steers and follow-ups above the working line open a page (Alt+↓, a click,
// or the command) where one message is edited, removed, or, the next one only, sent now. Drawn at
// 120, 80 and 40 columns; a queued text's escapes never reach the terminal.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const QUEUE = { steering: ["steer \x1b[31mthis\x1b[0m way"], followUp: ["follow A", "follow B"] }

async function queued(width: number): Promise<MountedApp> {
  const client = new FakeClient()
  app = await mountApp({ width, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot({ running: true, queue: QUEUE }) })
  const frame = await app.until("Queued: follow B")
  // The rows above the working line draw a queued text's escapes as nothing.
  expect(frame).toContain("Steer: steer this way")
  return app
}

const onPage = (f: string) => f.includes("Queued messages")

for (const width of [120, 80, 40]) {
  test(`Alt+↓ opens the page at ${width} columns: steers first, the next one marked, hints that fit`, async () => {
    const a = await queued(width)
    a.mockInput.pressArrow("down", { meta: true })
    const frame = await a.until(onPage)
    const rows = frame.split("\n")
    const steer = rows.findIndex((l) => l.includes("Steer: steer this way"))
    expect(steer).toBeGreaterThan(-1)
    expect(rows.findIndex((l) => l.includes("Queued: follow A"))).toBeGreaterThan(steer)
    expect(frame).not.toContain("\x1b")
    if (width >= 60) expect(rows[steer]).toMatch(/next\s*$/)
    expect(frame).toContain(width >= 80 ? "s send now (the next one)" : width >= 50 ? "s send now" : "s send")
    expect(rows.every((l) => l.length <= width)).toBe(true)
  })
}

test("d removes the chosen row; s sends only the next one, then the page goes back", async () => {
  const a = await queued(100)
  a.mockInput.pressArrow("down", { meta: true })
  await a.until(onPage)
  a.mockInput.pressArrow("down")
  a.mockInput.pressKey("d")
  await a.until(() => a.client.calls("session.queueEdit").length === 1)
  expect(a.client.calls("session.queueEdit")).toEqual([
    { sessionId: "s1", kind: "followUp", index: 0, text: "follow A", action: "remove", newText: undefined },
  ])
  // A follow-up may not jump the steer queued before it: nothing is asked.
  a.mockInput.pressKey("s")
  a.mockInput.pressArrow("up")
  a.mockInput.pressKey("s")
  const frame = await a.until((f) => !onPage(f) && a.client.calls("session.queueEdit").length === 2)
  expect(a.client.calls("session.queueEdit")[1]).toMatchObject({ kind: "steering", index: 0, action: "sendNow" })
  expect(frame).toContain("Steer: steer this way")
})

test("Enter edits a row in a dialog prefilled with its text; Ctrl+S sends the new text", async () => {
  const a = await queued(100)
  await a.submit("/follow-up")
  await a.until(onPage)
  a.mockInput.pressArrow("down")
  a.mockInput.pressArrow("down")
  a.mockInput.pressEnter()
  await a.until("Edit the follow-up")
  await a.mockInput.typeText(" and more")
  a.mockInput.pressKey("s", { ctrl: true })
  await a.until(() => a.client.calls("session.queueEdit").length === 1)
  expect(a.client.calls("session.queueEdit")).toEqual([
    { sessionId: "s1", kind: "followUp", index: 1, text: "follow B", action: "edit", newText: "follow B and more" },
  ])
  a.mockInput.pressEscape()
  await a.until((f) => !onPage(f) && f.includes("Queued: follow B"))
})

test("a click on a queued row above the working line opens the page", async () => {
  const a = await queued(100)
  const rows = a.frame().split("\n")
  const y = rows.findIndex((l) => l.includes("Queued: follow A"))
  await a.mockMouse.click(4, y)
  const frame = await a.until(onPage)
  expect(frame).toContain("Queued: follow A")
})
