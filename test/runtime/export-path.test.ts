// /export's path is read the way a shell user writes it: `~/x.md` is in the home folder, not a
// folder named `~` under the session's (new-user-tour row 41).
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
  expect(r.path).toBe(join(homedir(), name))
  expect(readFileSync(r.path, "utf8")).toContain("#")
  expect(existsSync(join(fx.cwd, "~"))).toBe(false)
})
