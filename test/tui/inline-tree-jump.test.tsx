// Inline, a /tree jump (or a rewind) to an earlier point of the same session: below the separator
// the conversation up to the new tip goes up again, as Pi draws it. Before, the scrollback got the
// separator alone, with no sign of which message was now the tip.
import { afterEach, expect, test } from "bun:test"
import { item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function scrollback(a: MountedApp, into: string[]): string[] {
  for (const commit of a.externalOutput.take()) into.push(...commit.rows.map((r) => r.trimEnd()))
  return into
}

async function untilWritten(a: MountedApp, rows: string[], pred: (rows: string[]) => boolean) {
  const end = Date.now() + 20_000
  while (!pred(scrollback(a, rows))) {
    if (Date.now() > end) throw new Error(`never written:\n${rows.join("\n")}`)
    await a.renderOnce()
  }
  return rows
}

test("a tree jump writes the conversation up to the new tip below the separator", async () => {
  app = await mountApp({ width: 80, height: 24, screen: "inline" })
  const info = sessionInfo({ piSessionId: "p1" })
  const first = [
    item.user("u1", "first question"),
    item.assistant("a1", "first answer"),
    item.user("u2", "second question"),
    item.assistant("a2", "second answer"),
  ]
  await app.emit({ type: "snapshot", snapshot: snapshot({ info, items: first }) })
  const rows = await untilWritten(app, [], (r) => r.some((l) => l.includes("second answer")))
  const before = rows.length
  // /tree → the first reply: the session's view is now u1, a1.
  await app.emit({ type: "snapshot", snapshot: snapshot({ info, items: first.slice(0, 2) }) })
  await untilWritten(app, rows, (r) => r.slice(before).some((l) => l.includes("first answer")))
  const after = rows.slice(before)
  const sep = after.findIndex((l) => l.includes("another point of the session tree"))
  expect(sep).toBeGreaterThanOrEqual(0)
  const q = after.findIndex((l) => l.includes("first question"))
  const ans = after.findIndex((l) => l.includes("first answer"))
  expect(q).toBeGreaterThan(sep)
  expect(ans).toBeGreaterThan(q)
  expect(after.some((l) => l.includes("second"))).toBe(false)
})
