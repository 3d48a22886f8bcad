// The file guard's check-then-rename race (runtime/sandbox/file-guard.ts): once the folder is
// opened and checked, swapping its path for a link to outside does not redirect the write, and
// a name in it swapped for a link or a hard link to a file outside is replaced, not written
// through. Done here by hand between open and write, where a racing process would do it.
import { afterAll, expect, test } from "bun:test"
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openVerifiedDir, WriteRefused } from "../../src/runtime/sandbox/file-guard"

const root = mkdtempSync(join(tmpdir(), "xagent-race-"))
const ws = join(root, "ws")
const outside = join(root, "outside")
mkdirSync(join(ws, "sub"), { recursive: true })
mkdirSync(outside)
afterAll(() => rmSync(root, { recursive: true, force: true }))

test("a folder swapped for a link to outside after the check still gets the write, not outside", async () => {
  writeFileSync(join(ws, "sub", "f.txt"), "old\n")
  const dir = await openVerifiedDir([ws], join(ws, "sub"))
  renameSync(join(ws, "sub"), join(ws, "moved"))
  symlinkSync(outside, join(ws, "sub"))
  await dir.replace("f.txt", "new\n")
  await dir.close()
  expect(existsSync(join(outside, "f.txt"))).toBe(false)
  expect(readFileSync(join(ws, "moved", "f.txt"), "utf8")).toBe("new\n")
})

test("a name swapped for a symlink or a hard link to a file outside is replaced; the file outside is unchanged", async () => {
  mkdirSync(join(ws, "two"))
  writeFileSync(join(outside, "secret.txt"), "outside\n")
  const dir = await openVerifiedDir([ws], join(ws, "two"))
  symlinkSync(join(outside, "secret.txt"), join(ws, "two", "a.txt"))
  linkSync(join(outside, "secret.txt"), join(ws, "two", "b.txt"))
  await dir.replace("a.txt", "a\n")
  await dir.replace("b.txt", "b\n")
  await dir.close()
  expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("outside\n")
  expect(readFileSync(join(ws, "two", "a.txt"), "utf8")).toBe("a\n")
  expect(readFileSync(join(ws, "two", "b.txt"), "utf8")).toBe("b\n")
})

test("the folder actually opened is what is checked: a path that already leads outside is refused", async () => {
  symlinkSync(outside, join(ws, "out"))
  await expect(openVerifiedDir([ws], join(ws, "out"))).rejects.toBeInstanceOf(WriteRefused)
  expect(existsSync(join(outside, "x"))).toBe(false)
})
