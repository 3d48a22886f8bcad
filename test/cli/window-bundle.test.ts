// The prebuilt window is used only while every file it was built from is as it was.
import { afterAll, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildWindowBundle, freshWindowBundle } from "../../src/cli/window-bundle"

const pkg = mkdtempSync(join(tmpdir(), "xagent-bundle-"))
afterAll(() => rmSync(pkg, { recursive: true, force: true }))

function write(rel: string, text: string) {
  mkdirSync(join(pkg, rel, ".."), { recursive: true })
  writeFileSync(join(pkg, rel), text)
}

/** Gives a file another mtime, as a save would (an edit of the same length within one tick). */
let shifts = 0
function touch(rel: string) {
  const other = new Date(Date.now() + 1000 * ++shifts)
  utimesSync(join(pkg, rel), other, other)
}

test("a bundle is fresh until a file of its import graph changes, wherever that file lives", async () => {
  write("src/tui/run.tsx", `import { label } from "../util/label"\nexport const runTui = () => label\n`)
  write("src/util/label.ts", `export const label = "one"\n`)
  write("src/runtime/host.ts", `export const host = 1\n`)
  write("package.json", "{}\n")
  write("node_modules/.package-lock.json", "{}\n")
  expect(freshWindowBundle(pkg)).toBeUndefined()

  const entry = await buildWindowBundle(pkg)
  expect(freshWindowBundle(pkg)).toBe(entry)
  const { runTui } = (await import(entry)) as { runTui: () => string }
  expect(runTui()).toBe("one")

  // Outside the graph: still fresh.
  touch("src/runtime/host.ts")
  expect(freshWindowBundle(pkg)).toBe(entry)

  // A util file the window imports (not under src/tui): stale.
  write("src/util/label.ts", `export const label = "two"\n`)
  touch("src/util/label.ts")
  expect(freshWindowBundle(pkg)).toBeUndefined()

  const rebuilt = await buildWindowBundle(pkg)
  expect(rebuilt).not.toBe(entry)
  expect(freshWindowBundle(pkg)).toBe(rebuilt)

  // Reinstalled dependencies make it stale too.
  touch("node_modules/.package-lock.json")
  expect(freshWindowBundle(pkg)).toBeUndefined()
})

test("a bundle without its list of inputs is never trusted", () => {
  write("dist/window/0123456789abcdef/run.js", "export {}\n")
  touch("node_modules/.package-lock.json")
  expect(freshWindowBundle(pkg)).toBeUndefined()
})
