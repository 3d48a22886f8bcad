// A long session's history reaches windows newest part first: a snapshot carries what fits
// HISTORY_BYTES and says how many items came before; `session.earlier` hands out the rest a page
// at a time, and the pages put together are the host's whole transcript. The preview a window
// draws from the file before its host answers is cut at the same item.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { HISTORY_BYTES } from "../../src/common/history-window"
import { type TranscriptItem } from "../../src/protocol"
import { readSessionPreview } from "../../src/tui/util/session-preview"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { SessionFile } from "../fixture/session-file"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

/** Turns of ~8 KB answers until the file holds about `bytes` of history. */
function longSession(cwd: string, bytes: number): SessionFile {
  const f = new SessionFile(undefined, cwd)
  const filler = "the parser now covers the empty case and the error path. ".repeat(140)
  for (let n = 1; n * 8500 < bytes; n++) f.turn(n, `Answer ${n}: ${filler}`)
  return f
}

test("a snapshot carries the newest items up to the budget; session.earlier pages give back the rest, in order", async () => {
  fx = await createFauxFixture()
  const f = longSession(fx.cwd, 3 * HISTORY_BYTES)
  mkdirSync(join(fx.cwd, "s"), { recursive: true })
  const path = f.write(join(fx.cwd, "s", "long.jsonl"))
  const { sessionId: id } = await fx.open({ kind: "session", ref: path })
  const snap = await fx.record(id).waitFor((s) => s.items.length > 0, "the host's snapshot")

  const sent = JSON.stringify(snap.items).length
  expect(sent).toBeLessThanOrEqual(HISTORY_BYTES + 20_000)
  expect(snap.earlier).toBeGreaterThan(0)
  // The newest item is the file's last answer.
  expect(JSON.stringify(snap.items.at(-1))).toContain(`Answer ${Math.floor((3 * HISTORY_BYTES) / 8500)}`)

  const all: TranscriptItem[] = [...snap.items]
  let earlier = snap.earlier!
  while (earlier > 0) {
    const page = await fx.client.request("session.earlier", { sessionId: id, before: all[0]!.id })
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.earlier).toBeLessThan(earlier)
    all.unshift(...page.items)
    earlier = page.earlier
  }
  // Every turn once, in order: user, assistant with a call, the tool row, the answer.
  const users = all.filter((i) => i.kind === "user").map((i) => (i.kind === "user" ? i.text : ""))
  expect(users).toEqual(users.map((_, i) => `Question ${i + 1}: does the parser cover the empty case?`))
  expect(new Set(all.map((i) => i.id)).size).toBe(all.length)

  // An id the session does not hold is refused, not answered with something else.
  await expect(fx.client.request("session.earlier", { sessionId: id, before: "no-such-item" })).rejects.toThrow()
})

test("the window's preview of a long file starts where the host's snapshot will", async () => {
  fx = await createFauxFixture()
  const f = longSession(fx.cwd, 3 * HISTORY_BYTES)
  mkdirSync(join(fx.cwd, "s"), { recursive: true })
  const path = f.write(join(fx.cwd, "s", "long.jsonl"))
  const preview = readSessionPreview(path)!
  expect(preview.earlier).toBeGreaterThan(0)
  expect(JSON.stringify(preview.items).length).toBeLessThanOrEqual(HISTORY_BYTES + 20_000)

  const { sessionId: id } = await fx.open({ kind: "session", ref: path })
  const snap = await fx.record(id).waitFor((s) => s.items.length > 0, "the host's snapshot")
  // The host's notices only add at its end: it never starts before the preview's first item.
  expect(snap.earlier!).toBeGreaterThanOrEqual(preview.earlier)
  const firstInSnap = preview.items.findIndex((i) => i.id === snap.items[0]!.id)
  expect(firstInSnap).toBeGreaterThanOrEqual(0)
  expect(snap.items.filter((i) => i.kind !== "notice") as TranscriptItem[]).toEqual(preview.items.slice(firstInSnap))
})
