// `--session <file>` on anything that is not a Pi session file: refused with exit 2 and a message
// that says so, and the file is left byte for byte as it was (Pi would rewrite it as a new session).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, type Sandbox } from "../fixture/mockllm"
import { lines, runXagent } from "./run-xagent"

const header = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "session", version: 3, id: "0195ab00-0000-7000-8000-000000000001", cwd: "/x", ...over })
const message = (m: unknown) => JSON.stringify({ type: "message", id: "a1", parentId: null, message: m })
const entry = message({ role: "user", content: "hi" })

/** Ten and more kinds of files that are not (usable) session files, with what the refusal must say. */
const KINDS: { name: string; bytes: string | Buffer; says: RegExp }[] = [
  { name: "data.jsonl", bytes: '{"user":"alice"}\n{"user":"bob"}\n', says: /not a session header/ },
  { name: "notes.txt", bytes: "remember the milk\nand the eggs\n", says: /not JSON/ },
  { name: "notes.md", bytes: "# Plan\n\n- one\n- two\n", says: /not JSON/ },
  { name: "corrupt.jsonl", bytes: '{"bad json\n', says: /not JSON/ },
  { name: "empty.jsonl", bytes: "", says: /it is empty/ },
  { name: "blank.jsonl", bytes: "\n\n  \n", says: /only blank lines/ },
  { name: "image.png", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3, 0, 255]), says: /binary/ },
  { name: "array.json", bytes: "[1, 2, 3]\n", says: /a JSON array/ },
  { name: "nulls.jsonl", bytes: "null\n[]\n42\n", says: /null/ },
  { name: "future.jsonl", bytes: `${header({ version: 99 })}\n${entry}\n`, says: /version 99/ },
  {
    name: "damaged.jsonl",
    bytes: `${header().slice(0, 30)}\n${entry}\n`,
    says: /first line \(the session header\) is damaged/,
  },
  { name: "shape.jsonl", bytes: `${header()}\n${entry}\nnull\n`, says: /line 3 is null, not a session entry/ },
  // JSON objects of the wrong shape: Pi's own message would be a raw TypeError.
  {
    name: "content42.jsonl",
    bytes: `${header()}\n${message({ role: "user", content: 42 })}\n`,
    says: /line 2 is a message entry whose content is a JSON number, not text or a list of blocks/,
  },
  {
    name: "nomessage.jsonl",
    bytes: `${header()}\n${entry}\n${JSON.stringify({ type: "message", id: "a2", parentId: "a1" })}\n`,
    says: /line 3 is a message entry without a message/,
  },
  {
    name: "blocks.jsonl",
    bytes: `${header()}\n${message({ role: "assistant", content: [null, 5] })}\n`,
    says: /line 2 is a message entry whose content holds null, not a block/,
  },
  {
    // past the part of the file read before Pi opens it
    name: "late.jsonl",
    bytes: `${header()}\n${Array.from({ length: 3000 }, (_, i) => message({ role: "user", content: `hi ${"x".repeat(100)} ${i}` }).replace('"a1"', `"b${i}"`)).join("\n")}\n${message({ role: "user", content: 42 })}\n`,
    says: /entry 3001 \(id a1\) is a message entry whose content is a JSON number/,
  },
]

let box: Sandbox
beforeAll(() => {
  box = makeSandbox()
  for (const k of KINDS) writeFileSync(join(box.cwd, k.name), k.bytes)
  mkdirSync(join(box.cwd, "folder.jsonl"))
})
afterAll(() => box.cleanup())

const hash = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex")

test("every kind of non-session file is refused with exit 2 and left byte for byte as it was", async () => {
  const before = new Map(KINDS.map((k) => [k.name, { hash: hash(join(box.cwd, k.name)), mtime: 0 }]))
  for (const k of KINDS) before.get(k.name)!.mtime = statSync(join(box.cwd, k.name)).mtimeMs
  for (const k of KINDS) {
    const r = await runXagent(["-p", "--session", k.name, "hello"], box)
    expect({ name: k.name, code: r.code }).toEqual({ name: k.name, code: 2 })
    expect(lines(r.stderr)).toHaveLength(1)
    expect(r.stderr).toContain(`${join(box.cwd, k.name)} is not a Pi session file`)
    expect(r.stderr).toMatch(k.says)
    expect(r.stdout).toBe("")
  }
  for (const k of KINDS) {
    const path = join(box.cwd, k.name)
    expect({ name: k.name, hash: hash(path), mtime: statSync(path).mtimeMs }).toEqual({
      name: k.name,
      ...before.get(k.name)!,
    })
  }
  const dir = await runXagent(["-p", "--session", "./folder.jsonl", "hello"], box)
  expect(dir.code).toBe(2)
  expect(dir.stderr).toContain("is not a Pi session file: it is a folder")
  expect(readdirSync(join(box.cwd, "folder.jsonl"))).toEqual([])
  // Nothing was started: no session was written anywhere.
  expect(readdirSync(box.agentDir).includes("sessions")).toBe(false)
}, 120_000)
