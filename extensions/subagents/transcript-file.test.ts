// The transcript file's own rules: a call id's file already there (a model that reuses call ids
// across turns) is never written over, the next name is taken; a folder that cannot be made
// leaves no transcript and says why (the child goes on); a name from a model cannot leave the folder.
import { afterEach, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openTranscript, subagentDepth, transcriptFolder, transcriptPath } from "./transcript"

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function parent() {
  const dir = mkdtempSync(join(tmpdir(), "xagent-transcript-"))
  dirs.push(dir)
  return join(dir, "2026-12-03_abc.jsonl")
}

test("a call id's file already there is left as it is: the next name is taken", () => {
  const p = parent()
  const wanted = transcriptPath(p, "call_0")
  mkdirSync(transcriptFolder(p), { recursive: true })
  writeFileSync(wanted, "someone else's\n")
  const t = openTranscript(wanted, "/w", p)
  expect(t.path).toBe(wanted.replace(/\.jsonl$/, "-2.jsonl"))
  t.append({ role: "user", content: "hi", timestamp: 1 })
  expect(readFileSync(wanted, "utf8")).toBe("someone else's\n")
  const lines = readFileSync(t.path!, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
  expect(lines[0]).toMatchObject({ type: "session", version: 3, cwd: "/w", parentSession: p })
  expect(lines[1]).toMatchObject({ type: "message", parentId: null, message: { role: "user" } })
})

test("a folder in the way of the transcript's folder: no transcript, the reason said", () => {
  const p = parent()
  writeFileSync(transcriptFolder(p), "a file, not a folder")
  const t = openTranscript(transcriptPath(p, "c1"), "/w", p)
  expect(t.path).toBeUndefined()
  expect(t.problem).toMatch(/ENOTDIR|EEXIST/)
  t.append({ role: "user", content: "hi", timestamp: 1 })
})

test("a call id from a model is a plain file name in the folder", () => {
  const p = parent()
  expect(transcriptPath(p, "../../etc/passwd")).toBe(join(transcriptFolder(p), "etcpasswd.jsonl"))
  expect(transcriptPath(p, "\u001b]0;x\u0007")).toBe(join(transcriptFolder(p), "0x.jsonl"))
  expect(transcriptPath(p, "")).toBe(join(transcriptFolder(p), "child.jsonl"))
  expect(existsSync(transcriptFolder(p))).toBe(false)
})

test("a session's depth as a subagent is how many subagents folders its file is in", () => {
  const main = "/h/.pi/agent/sessions/--w--/2026_main.jsonl"
  expect(subagentDepth(main)).toBe(0)
  expect(subagentDepth(undefined)).toBe(0)
  const child = join(transcriptFolder(main), "2026_child.jsonl")
  expect(subagentDepth(child)).toBe(1)
  expect(subagentDepth(join(transcriptFolder(child), "2026_grandchild.jsonl"))).toBe(2)
})
