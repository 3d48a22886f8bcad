// A window's own read of a session file (util/session-branch.ts, tui/util/session-preview.ts)
// must give what the session's host gives for the same file, and nothing at all for a file Pi would
// read differently, so the host's snapshot replaces the preview without a visible change.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readBranch } from "../../src/util/session-branch"
import { HISTORY_BYTES } from "../../src/common/history-window"
import { PREVIEW_MAX_BYTES, PREVIEW_TAIL_BYTES, readSessionPreview } from "../../src/tui/util/session-preview"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { SessionFile } from "../fixture/session-file"

let fx: FauxFixture | undefined
const dirs: string[] = []
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "xagent-branch-"))
  dirs.push(d)
  return d
}

const ids = (text: string) => readBranch(text)?.entries.map((e) => e.id)

test("the branch is the last entry's parent chain, as Pi reads it", () => {
  const f = new SessionFile()
  const a = f.user("first")
  const b = f.assistant("reply one")
  f.from(a)
  const c = f.assistant("reply two")
  expect(ids(f.text())).toEqual([a, c])
  // An entry appended under the older reply makes that branch the active one.
  f.from(b)
  const d = f.user("back on the first branch")
  expect(ids(f.text())).toEqual([a, b, d])
  expect(readBranch(f.text())?.id).toBe(f.id)
})

test("blank lines, a malformed line and a torn last line are skipped, as Pi skips them", () => {
  const f = new SessionFile()
  const a = f.user("first")
  const b = f.assistant("reply")
  const [header, ...rest] = f.text().trimEnd().split("\n")
  const text = [header, "", rest[0], "{not json", "   ", rest[1], '{"type":"message","id":"torn","parentId":"'].join(
    "\n",
  )
  expect(ids(text)).toEqual([a, b])
  expect(ids(f.text().replaceAll("\n", "\r\n"))).toEqual([a, b])
})

test("what Pi would read differently or refuse gives no branch", () => {
  const f = new SessionFile()
  f.turn(1)
  const [header, ...rest] = f.text().trimEnd().split("\n")
  const withHeader = (h: object) => [JSON.stringify(h), ...rest].join("\n")
  const parsed = JSON.parse(header!) as Record<string, unknown>
  expect(readBranch("")).toBeUndefined()
  expect(readBranch(rest.join("\n"))).toBeUndefined() // no header
  expect(readBranch(withHeader({ ...parsed, version: 2 }))).toBeUndefined() // Pi migrates it first
  expect(readBranch(withHeader({ ...parsed, version: undefined }))).toBeUndefined() // version 1
  expect(readBranch(withHeader({ ...parsed, id: 7 }))).toBeUndefined()
  expect(readBranch([header, "42", ...rest].join("\n"))).toBeUndefined() // a JSON line that is no entry
  // A parentId loop has no root.
  const loop = new SessionFile()
  const x = loop.user("x")
  loop.entries[0]!.parentId = loop.assistant("y")
  expect(readBranch(loop.text())).toBeUndefined()
  expect(x).toBeDefined()
})

test("a huge entry is read whole", () => {
  const f = new SessionFile()
  const big = "x".repeat(3 * 1024 * 1024)
  f.user("first")
  f.assistant(big)
  const branch = readBranch(f.text())!
  expect(branch.entries).toHaveLength(2)
  // Larger than a snapshot's history (history-window.ts): it comes alone, whole, the rest earlier.
  const preview = readSessionPreview(f.write(join(tempDir(), "big.jsonl")))!
  expect(preview.earlier).toBe(1)
  expect(preview.items).toHaveLength(1)
  expect(preview.items[0]).toMatchObject({ kind: "assistant", blocks: [{ type: "text", text: big }] })
})

test("the preview is the host's own transcript of the file: same items, same ids", async () => {
  fx = await createFauxFixture()
  const f = new SessionFile(undefined, fx.cwd)
  const fork = f.turn(1)
  f.turn(2)
  f.from(fork)
  f.entry({ type: "label", targetId: fork, label: "kept" })
  f.entry({ type: "branch_summary", fromId: fork, summary: "Tried another parser; dropped it." })
  f.entry({ type: "custom", customType: "state", data: { n: 1 } })
  f.entry({ type: "custom_message", customType: "note", content: "A shown note", display: true })
  f.entry({ type: "custom_message", customType: "note", content: "A hidden note", display: false })
  const kept = f.turn(3)
  f.entry({ type: "compaction", summary: "Turns 1 and 3 in short.", firstKeptEntryId: kept, tokensBefore: 1234 })
  f.turn(4)
  // a tool call whose result never came
  f.assistant("One more look.", [{ id: "call_open", command: "ls" }])
  mkdirSync(join(fx.cwd, "s"), { recursive: true })
  const path = f.write(join(fx.cwd, "s", "session.jsonl"))
  const preview = readSessionPreview(path)!
  expect(preview.piSessionId).toBe(f.id)

  const { sessionId } = await fx.open({ kind: "session", ref: path })
  const host = await fx.record(sessionId).waitFor((s) => s.items.length > 0, "the host's snapshot")
  expect(preview.items).toEqual(host.items.filter((i) => i.kind !== "notice"))
  expect(preview.items.map((i) => i.kind)).toContain("branch_summary")
  expect(preview.items.map((i) => i.kind)).toContain("compaction")
  expect(preview.items.some((i) => i.kind === "custom" && i.text === "A shown note")).toBe(true)
  expect(preview.items.some((i) => i.kind === "custom" && i.text === "A hidden note")).toBe(false)
})

test("no preview for a file missing, a folder, relative, or not a session", () => {
  const dir = tempDir()
  const f = new SessionFile()
  f.turn(1)
  const path = f.write(join(dir, "ok.jsonl"))
  expect(readSessionPreview(path)?.items.length).toBe(4)
  expect(PREVIEW_MAX_BYTES).toBeGreaterThan(4 * 1024 * 1024)
  expect(readSessionPreview(join(dir, "missing.jsonl"))).toBeUndefined()
  expect(readSessionPreview(dir)).toBeUndefined()
  expect(readSessionPreview("ok.jsonl")).toBeUndefined()
  writeFileSync(join(dir, "notes.txt"), "just some notes\n")
  expect(readSessionPreview(join(dir, "notes.txt"))).toBeUndefined()
  // a header and entries that draw nothing: nothing to preview
  const empty = new SessionFile()
  empty.entry({ type: "model_change", provider: "faux", modelId: "faux-1" })
  expect(readSessionPreview(empty.write(join(dir, "empty.jsonl")))).toBeUndefined()
  // content Pi's projection cannot take (a user message whose content is a number): left to the host
  const odd = new SessionFile()
  odd.message({ role: "user", content: 5 })
  expect(readSessionPreview(odd.write(join(dir, "odd.jsonl")))).toBeUndefined()
})

test("a file larger than the whole-read limit is previewed from its end: the host's newest items, same ids", async () => {
  fx = await createFauxFixture()
  const f = new SessionFile(undefined, fx.cwd)
  f.bigTurns(700)
  mkdirSync(join(fx.cwd, "s"), { recursive: true })
  const path = f.write(join(fx.cwd, "s", "long.jsonl"))
  // Whole-read limit lowered so the test's file (11 MB) stays small beside a real 100 MB one.
  const preview = readSessionPreview(path, 4 * 1024 * 1024)!
  expect(preview.earlierUnknown).toBe(true)
  expect(preview.items.at(-1)).toMatchObject({ kind: "assistant", blocks: [{ type: "text", text: "answer 699" }] })
  expect(JSON.stringify(preview.items).length).toBeLessThanOrEqual(HISTORY_BYTES + 64 * 1024)

  const { sessionId } = await fx.open({ kind: "session", ref: path })
  const host = await fx.record(sessionId).waitFor((s) => s.items.length > 0, "the host's snapshot")
  // The snapshot starts where the preview did: it continues it rather than replacing it.
  expect(host.earlier).toBeGreaterThan(0)
  expect(preview.items).toEqual(host.items.filter((i) => i.kind !== "notice"))
})

test("a big file whose newest branch is short in its tail gets no preview (the host decides where it starts)", () => {
  const dir = tempDir()
  const f = new SessionFile()
  f.bigTurns(700)
  // A /tree jump back to the start, then one short exchange: its branch's older part is the file's head.
  f.from(f.entries[1]!.id as string)
  f.user("after the jump")
  f.assistant("short")
  const path = f.write(join(dir, "jumped.jsonl"))
  expect(readSessionPreview(path, 4 * 1024 * 1024)).toBeUndefined()
  // The same file read whole has a preview: the read from the end is what declines.
  expect(readSessionPreview(path, 64 * 1024 * 1024)?.items.at(-1)).toMatchObject({ kind: "assistant" })
  expect(PREVIEW_TAIL_BYTES).toBeGreaterThan(HISTORY_BYTES)
})
