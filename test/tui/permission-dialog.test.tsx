// The approval of an edit or write shows the change before it runs, and offers "Yes, and don't ask
// again this session" for that tool; inline it takes the composer's place. Before, the dialog said
// only `Allow edit?` with the path (plan mode's approvals asked a bare yes/no).
import { afterEach, expect, test } from "bun:test"
import type { UiRequest } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function ready(width: number, height = 30) {
  app = await mountApp({ width, height, screen: "inline" })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "implement it")] }) })
  await app.until("Ask anything")
  return app
}

const ask = (a: MountedApp, request: UiRequest) => a.emit({ type: "ui_request", request })

for (const width of [120, 80, 40]) {
  test(`at ${width} columns an edit's approval shows its diff and the session-wide yes, in the composer's place`, async () => {
    const a = await ready(width)
    await ask(a, {
      id: "p1",
      kind: "permission",
      toolCallId: "c1",
      toolName: "edit",
      title: "edit: src/app.js",
      input: {
        path: "src/app.js",
        edits: [
          { oldText: "function add(a, b) {\n  return a - b\n}", newText: "function add(a, b) {\n  return a + b\n}" },
        ],
      },
    })
    const frame = await a.until("Allow edit: src/app.js?")
    expect(frame).toContain("-   return a - b")
    expect(frame).toContain("+   return a + b")
    expect(frame).toContain("function add(a, b) {")
    expect(frame).toMatch(/2\. Yes, and don't ask/)
    expect(frame).not.toContain("Ask anything")
    for (const line of frame.split("\n").filter((l) => l.trim()))
      expect(line.startsWith("╭") || line.startsWith("│") || line.startsWith("╰")).toBe(true)
    a.mockInput.pressKey("2")
    await a.until("Ask anything")
    expect(a.client.calls("session.uiRespond").map((r) => r.response)).toEqual([{ value: "allow_always" }])
  })
}

test("a long write is cut to the rows there are, says how many more, and scrolls with PgDn", async () => {
  const a = await ready(80, 24)
  const content = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join("\n") + "\n"
  await ask(a, {
    id: "p2",
    kind: "permission",
    toolCallId: "c2",
    toolName: "write",
    title: "write: notes.txt",
    input: { path: "notes.txt", content },
  })
  const frame = await a.until("Allow write: notes.txt?")
  expect(frame).toContain("+ line 1")
  expect(frame).not.toContain("+ line 60")
  expect(frame).toMatch(/lines 1-\d+ of 60 · \d+ more/)
  a.mockInput.pressKey("\x1b[6~")
  a.mockInput.pressKey("\x1b[6~")
  a.mockInput.pressKey("\x1b[6~")
  a.mockInput.pressKey("\x1b[6~")
  a.mockInput.pressKey("\x1b[6~")
  const end = await a.until("+ line 60")
  expect(end).not.toContain("+ line 1\n")
  a.mockInput.pressKey("n")
  await a.until("Ask anything")
  expect(a.client.calls("session.uiRespond").map((r) => r.response)).toEqual([{ value: "reject_once" }])
})
