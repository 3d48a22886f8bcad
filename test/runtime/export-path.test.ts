// /export's path is read the way a shell user writes it: `~/x.md` is in the home folder, not a
// folder named `~` under the session's.
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("an export path starting with ~/ goes to the home folder", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const name = `xagent-export-${process.pid}.md`
  const r = await fx.client.request("session.export", { sessionId, format: "markdown", path: `~/${name}` })
  // The home the person's shell has (HOME), which the tests' preload points at a throwaway
  // folder: Bun's os.homedir() keeps the one the process started with (the real ~ was written to).
  expect(r.path).toBe(join(process.env.HOME!, name))
  expect(readFileSync(r.path, "utf8")).toContain("#")
  expect(existsSync(join(homedir(), name))).toBe(process.env.HOME === homedir())
  expect(existsSync(join(fx.cwd, "~"))).toBe(false)
})

test("a .jsonl export is Pi's JSONL of the session: its header, then the branch's entries", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  await fx.client.request("session.setName", { sessionId, name: "exported" })
  const r = await fx.client.request("session.export", { sessionId, format: "jsonl", path: "s.jsonl" })
  expect(r.path).toBe(join(fx.cwd, "s.jsonl"))
  const lines = readFileSync(r.path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
  expect(lines[0]).toMatchObject({ type: "session", id: expect.any(String) })
  expect(lines.some((e) => e.type === "session_info" && e.name === "exported")).toBe(true)
})
