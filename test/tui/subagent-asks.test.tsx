// A subagent's dialogs in the parent's window: its consent and its questions say which child asks
// (UiRequest.from), in the dialog and on the dock's first row, cut to the width, never with the
// child's title's control bytes. Before, they looked like the main agent's own.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { STACK } from "./question-dock-harness"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const FROM = "general · Rename the \x1b[31mconfig\x1b[0m loader everywhere"
const SHOWN = "Subagent general · Rename the config loader everywhere asks:"

async function ready(width: number) {
  app = await mountApp({ width, height: 30, screen: "inline" })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "delegate it")] }) })
  await app.until("Ask anything")
  return app
}

const flat = (frame: string) => frame.replace(/[│╭╰─╮╯]/g, " ").replace(/\s+/g, " ")

for (const width of [120, 80, 40]) {
  test(`at ${width} columns a child's write approval and its question name the child`, async () => {
    const a = await ready(width)
    await a.emit({
      type: "ui_request",
      request: {
        id: "p1",
        kind: "permission",
        toolCallId: "c1",
        toolName: "write",
        title: "write: made.txt",
        input: { path: "made.txt", content: "child\n" },
        from: FROM,
      },
    })
    const dialog = await a.until("Allow write: made.txt?")
    expect(flat(dialog)).toContain(SHOWN)
    expect(dialog).not.toContain("\x1b")
    // the child's name comes first, above the question
    expect(dialog.indexOf("Subagent general")).toBeLessThan(dialog.indexOf("Allow write"))
    a.mockInput.pressKey("n")
    await a.until("Ask anything")
    expect(a.client.calls("session.uiRespond").map((r) => r.response)).toEqual([{ value: "reject_once" }])

    await a.emit({ type: "ui_request", request: { id: "q1", kind: "ask_user", questions: [STACK], from: FROM } })
    const dock = await a.until("1. ○ Bun")
    const rows = dock.split("\n")
    const named = rows.findIndex((r) => r.includes("Subagent general"))
    // one row under the dock's rule, above its tabs, cut with … where the width ends
    expect(named).toBeGreaterThan(0)
    expect(rows[named - 1]).toMatch(/^─+$/)
    const row = rows[named]!.trim()
    if (SHOWN.length <= width - 2) expect(row).toBe(SHOWN)
    else {
      expect(row.endsWith("…")).toBe(true)
      expect(row.length).toBe(width - 2)
      expect(SHOWN.startsWith(row.slice(0, -1))).toBe(true)
    }
    expect(rows[named + 1]).toContain("Stack")
  })
}

test("the main agent's own dialogs name no one", async () => {
  const a = await ready(80)
  await a.emit({ type: "ui_request", request: { id: "q2", kind: "ask_user", questions: [STACK] } })
  const dock = await a.until("Which runtime should the new service use?")
  expect(dock).not.toContain("Subagent")
})
