// docs/threat-model.md says which test holds each line. A line whose test was renamed or deleted
// would still read as held: every row of its "what holds" tables must name test files that exist,
// and each of those files must really test something.
import { expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

const root = join(import.meta.dir, "..")
const doc = readFileSync(join(root, "docs/threat-model.md"), "utf8")

/** Rows of the tables whose last column is "test": each is one line of the model. */
function heldLines(): { line: string; tests: string[] }[] {
  const rows: { line: string; tests: string[] }[] = []
  let inHeld = false
  for (const raw of doc.split("\n")) {
    if (!raw.startsWith("|")) {
      inHeld = false
      continue
    }
    const cells = raw
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim())
    if (cells.at(-1) === "test") {
      inHeld = true
      continue
    }
    if (!inHeld || /^-+$/.test(cells[0] ?? "")) continue
    const last = cells.at(-1) ?? ""
    rows.push({
      line: cells.slice(0, -1).join(" | "),
      tests: [...last.matchAll(/`(test\/[^`\s]+)`/g)].map((m) => m[1]!),
    })
  }
  return rows
}

test("the threat model has held lines to check", () => {
  expect(heldLines().length).toBeGreaterThanOrEqual(20)
})

test("every held line of the threat model names a test file that exists and has tests", () => {
  const wrong: string[] = []
  for (const { line, tests } of heldLines()) {
    if (tests.length === 0) wrong.push(`no test named: ${line.slice(0, 80)}`)
    for (const path of tests) {
      const file = join(root, path)
      if (!existsSync(file)) wrong.push(`${path} does not exist (${line.slice(0, 60)})`)
      else if (!/\b(test|it)(\.\w+\([^)]*\))?\s*\(/.test(readFileSync(file, "utf8"))) wrong.push(`${path} has no test`)
    }
  }
  expect(wrong).toEqual([])
})
