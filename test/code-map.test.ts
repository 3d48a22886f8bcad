// docs/architecture.md is the code map: a newcomer looks a file up there. It must name every file
// of src/daemon/ and src/runtime/ (their sub-folders too), so a new file comes with its line.
import { expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

const root = join(import.meta.dir, "..")
const MAPPED = ["daemon", "runtime"]

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.tsx?$/.test(name)) yield path
  }
}

/** `runtime/{a,b}.ts` → `runtime/a.ts runtime/b.ts`, as the map writes groups of files. */
function expandBraces(text: string): string {
  let out = text
  for (let prev = ""; prev !== out;) {
    prev = out
    out = out.replace(/([\w./-]*)\{([^{}\s]*)\}([\w./-]*)/g, (_m, pre: string, list: string, post: string) =>
      list
        .split(",")
        .map((x) => `${pre}${x}${post}`)
        .join(" "),
    )
  }
  return out
}

/**
 * Named: by its path under src/ (`runtime/sandbox/probe.ts`), or by its path in its folder on a
 * line that names that folder (a row that opens with `runtime/host.ts` and goes on `host-auth.ts`).
 */
function named(lines: string[], folder: string, path: string): boolean {
  const within = (line: string, token: string) =>
    new RegExp(`(^|[^\\w./-]|src/)${token.replace(/[.]/g, "\\.")}\\b`).test(line)
  return lines.some((l) => within(l, `${folder}/${path}`) || (l.includes(`${folder}/`) && within(l, path)))
}

test("the code map names every file of src/daemon/ and src/runtime/", () => {
  const lines = expandBraces(readFileSync(join(root, "docs/architecture.md"), "utf8")).split("\n")
  const missing: string[] = []
  let count = 0
  for (const folder of MAPPED)
    for (const file of files(join(root, "src", folder))) {
      count++
      const path = relative(join(root, "src", folder), file)
      if (!named(lines, folder, path)) missing.push(`src/${folder}/${path}`)
    }
  expect(count).toBeGreaterThan(80)
  expect(missing).toEqual([])
})

test("a file named only elsewhere, or a folder's other file of that name, does not count", () => {
  const lines = expandBraces(
    "| a | `runtime/{host,host-auth}.ts`, `sandbox/policy.ts` |\n| b | `cli/extension-flags.ts` |",
  ).split("\n")
  expect(named(lines, "runtime", "host-auth.ts")).toBe(true)
  expect(named(lines, "runtime", "host.ts")).toBe(true)
  expect(named(lines, "runtime", "sandbox/policy.ts")).toBe(true)
  expect(named(lines, "runtime", "policy.ts")).toBe(false)
  expect(named(lines, "runtime", "extension-flags.ts")).toBe(false)
  expect(named(lines, "daemon", "host.ts")).toBe(false)
  expect(named(["`src/daemon/main.ts`"], "daemon", "main.ts")).toBe(true)
})
