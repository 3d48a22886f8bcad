// The prebuilt window is used only while every file it was built from is as it was.
import { afterAll, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildPackedWindowBundle, buildWindowBundle, freshWindowBundle } from "../../src/cli/window-bundle"

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

test("a packed bundle is trusted by its sources' bytes: an install's new mtimes and missing lockfile keep it, an edit does not", async () => {
  const packed = mkdtempSync(join(tmpdir(), "xagent-packed-"))
  try {
    const put = (rel: string, text: string) => {
      mkdirSync(join(packed, rel, ".."), { recursive: true })
      writeFileSync(join(packed, rel), text)
    }
    put("src/tui/run.tsx", `import { label } from "../util/label"\nexport const runTui = () => label\n`)
    put("src/util/label.ts", `export const label = "one"\n`)
    put("package.json", `{"dependencies":{"a":"1.0.0"}}\n`)
    put("node_modules/.package-lock.json", "{}\n")
    const entry = await buildPackedWindowBundle(packed)
    expect(entry).toBe(join(packed, "dist/window/packed/run.js"))

    // What `npm pack` then an install make of it: every file rewritten with another mtime, no lockfile.
    rmSync(join(packed, "node_modules"), { recursive: true })
    const later = new Date(Date.now() + 60_000)
    for (const rel of ["src/tui/run.tsx", "src/util/label.ts", "package.json"])
      utimesSync(join(packed, rel), later, later)
    expect(freshWindowBundle(packed)).toBe(entry)
    expect(freshWindowBundle(packed)).toBe(entry) // again, from the remembered check
    expect(((await import(entry)) as { runTui: () => string }).runTui()).toBe("one")

    // Another bundle's pruning leaves it alone.
    put("node_modules/.package-lock.json", "{}\n")
    for (let i = 0; i < 4; i++) {
      put("src/util/label.ts", `export const label = "v${i}"\n`)
      await buildWindowBundle(packed)
    }
    expect(existsSync(entry)).toBe(true)

    // The same length, other bytes: not the sources it was built from.
    put("src/util/label.ts", `export const label = "one"\n`)
    rmSync(join(packed, "dist/window"), { recursive: true })
    await buildPackedWindowBundle(packed)
    expect(freshWindowBundle(packed)).toBe(entry)
    put("src/util/label.ts", `export const label = "two"\n`)
    expect(freshWindowBundle(packed)).toBeUndefined()

    // Other pinned dependencies: not the bundle for them either.
    put("src/util/label.ts", `export const label = "one"\n`)
    expect(freshWindowBundle(packed)).toBe(entry)
    put("package.json", `{"dependencies":{"a":"2.0.0"}}\n`)
    expect(freshWindowBundle(packed)).toBeUndefined()
  } finally {
    rmSync(packed, { recursive: true, force: true })
  }
})
