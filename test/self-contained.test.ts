// The repository stands alone: no file points at what a clone does not have, such as a folder
// beside the checkout, one machine's paths, or the row ids of review notes kept elsewhere. Such a
// pointer reads as a reason and explains nothing to whoever clones; a comment says the why itself.
import { expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

const root = join(import.meta.dir, "..")
const FOLDERS = ["src", "extensions", "test", "bench", "docs", "bin", ".ci"]
const FILES = ["AGENTS.md", "README.md", "package.json"]
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|json|sh|cs|txt|toml|yml|yaml)$|^[^.]+$/
const SKIP = new Set(["node_modules", "dist", ".git"])

/** src/shared's modules: code in src/ imports them by a path that starts as the folder beside the checkout's does. */
const SHARED_MODULES = readdirSync(join(root, "src", "shared")).map((name) => name.replace(/\.tsx?$/, ""))

/** Each pattern, and what it catches. Built from pieces so this file does not match itself. */
const OUTSIDE: [RegExp, string][] = [
  // (an import of a sibling module named `shared`, quoted right after its name, is the repository's own,
  // and so is an import of one of src/shared's modules, quoted right after the module's name)
  [
    new RegExp(["\\.\\.", `shared(?![\"'])(?!/(?:${SHARED_MODULES.join("|")})[\"'])`].join("/")),
    "the folder beside the checkout",
  ],
  [new RegExp(["", "work", ""].join("/")), "a path of one machine"],
  [/\bfindings?\b[\s,(]*(?:row\s+|repro\s+)?[A-Z]?\d/i, "a finding's id"],
  [/\bfindings?,\s+low row\b/i, "a finding's row"],
  [/\b(?:new-user-tour|pi-drop-in|code-review\.md|faults\.md)\b/i, "a review note kept elsewhere"],
  [/\bacp\.md section/i, "a design note kept elsewhere"],
  [/\((?:rows? \d+(?:[,/ ]+(?:and )?\d+)*|[DFRSUNZ]\d{1,2}[ab]?)(?:[:;,)]| \/)/, "a row id in brackets"],
  [/["'`](?:row \d+|[DFRSTUNZ]\d{1,2}):/, "a test named by a row id"],
  [/\bas in [DFRSTUNZ]\d{1,2}\b/, "a row id"],
  [/\bT\d+-[A-Za-z]/, "a finding's id"],
]

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (TEXT.test(name)) yield path
  }
}

test("no file points at something outside the repository", () => {
  const self = relative(root, import.meta.path)
  const paths = [...FOLDERS.flatMap((f) => [...files(join(root, f))]), ...FILES.map((f) => join(root, f))]
  expect(paths.length).toBeGreaterThan(500)
  const hits: string[] = []
  for (const path of paths) {
    const rel = relative(root, path)
    if (rel === self) continue
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const [pattern, what] of OUTSIDE)
          if (pattern.test(line)) hits.push(`${rel}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`)
      })
  }
  expect(hits).toEqual([])
})
