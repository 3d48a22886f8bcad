// Inline, Ctrl+O and Ctrl+T change rows that are already in the terminal's scrollback, which the
// window cannot change in place: the transcript is written again with the new folds (as after a
// resize, and as pi does), and a line says so. A folded message's hint offers a click only where
// one reaches it.
import { afterEach, expect, test } from "bun:test"
import { item } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { snapshot } from "../fixture/fake-client"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n")

/** The scrollback written since the last call: every row, trailing blanks cut. */
function taken(a: MountedApp, into: string[] = []): string[] {
  for (const commit of a.externalOutput.take()) into.push(...commit.rows.map((r) => r.trimEnd()))
  return into
}

async function untilWritten(a: MountedApp, rows: string[], text: string) {
  const end = Date.now() + 20_000
  while (!taken(a, rows).some((r) => r.includes(text))) {
    if (Date.now() > end) throw new Error(`never written: ${text}\n${rows.join("\n")}`)
    await a.renderOnce()
  }
  return rows
}

test("Ctrl+O inline writes the transcript again with the output expanded, at once, and says so", async () => {
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  const a = app
  const history = [
    item.user("u1", lines(20)),
    item.tool("t1", "bash", { command: "seq 30" }, { output: lines(30).replaceAll("line", "out") }),
    item.assistant("a1", "END of the reply"),
  ]
  await a.emit({ type: "snapshot", snapshot: snapshot({ items: history }) })
  const before = await untilWritten(a, [], "END of the reply")
  // Folded: the output's tail.
  expect(before.join("\n")).toContain("more lines (ctrl+o)")
  expect(before.some((r) => /\bout 1$/.test(r))).toBe(false)

  // The test renderer has no terminal to clear; the clear is counted, what follows it read.
  let clears = 0
  a.renderer.resetSplitFooterForReplay = (o) => {
    clears++
    expect(o).toEqual({ clearSavedLines: true })
  }
  a.mockInput.pressKey("o", { ctrl: true })
  const after = await untilWritten(a, [], "END of the reply")
  expect(clears).toBe(1)
  const text = after.join("\n")
  for (let n = 1; n <= 30; n++) expect(after.some((r) => new RegExp(`\\bout ${n}$`).test(r))).toBe(true)
  expect(text).toContain("line 20")
  expect(text).not.toContain("more lines")
  expect(after.filter((r) => r.includes("END of the reply")).length).toBe(1)
  expect(await a.until("Tool output: expanded")).toContain("Ask anything")

  // Back: folded again, written once more.
  a.mockInput.pressKey("o", { ctrl: true })
  const folded = await untilWritten(a, [], "END of the reply")
  expect(clears).toBe(2)
  expect(folded.join("\n")).toContain("more lines (ctrl+o)")
  await a.until("Tool output: collapsed")
})

test("inline, a folded message's hint offers no click (the mouse is off, the scrollback takes none)", async () => {
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", lines(20)), item.assistant("a1", "END")] }),
  })
  const rows = (await untilWritten(app, [], "END")).join("\n")
  expect(rows).toContain("… 14 more lines (ctrl+o)")
  expect(rows).not.toContain("click")
})
