// Keeps docs/pi-compatibility.md, test/compat/examples.ts and the installed Pi's examples in step.
import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { DIFFERENCES } from "./differences"
import { EXAMPLES } from "./examples"
import { CORPUS } from "./packages/corpus"
import { PACKAGES } from "./packages/packages"
import { SCENARIOS } from "./packages/scenarios"
import { installedExamples, renderTable, TABLE_PATH } from "./table"

const stem = (name: string) => name.replace(/\.ts$/, "")

describe("the Pi compatibility table", () => {
  test("has a row for every example the installed Pi ships, and none for one it does not", () => {
    const installed = installedExamples()
    expect(installed.length).toBeGreaterThan(50)
    expect(installed.filter((n) => !(n in EXAMPLES))).toEqual([])
    expect(Object.keys(EXAMPLES).filter((n) => !installed.includes(n))).toEqual([])
  })

  test("every verdict names a test file that exercises that example", () => {
    const bad: string[] = []
    for (const [name, e] of Object.entries(EXAMPLES)) {
      if (e.verdict === "untested") continue
      if (!e.test) {
        bad.push(`${name}: no test`)
        continue
      }
      const file = join(import.meta.dir, e.test)
      if (!existsSync(file)) bad.push(`${name}: ${e.test} does not exist`)
      else if (!readFileSync(file, "utf8").includes(stem(name))) bad.push(`${name}: ${e.test} never names it`)
      if (e.verdict !== "works" && !e.note.trim()) bad.push(`${name}: a ${e.verdict} verdict needs a reason`)
    }
    expect(bad).toEqual([])
  })

  test("every package of the registry corpus has a verdict, a scenario and a test that runs it", () => {
    const bad: string[] = []
    for (const p of CORPUS) {
      const e = PACKAGES[p]
      if (!e) bad.push(`${p}: no row`)
      if (!e?.ownTest && SCENARIOS.filter((s) => s.pkg === p).length !== 1) bad.push(`${p}: not one scenario`)
      if (!e) continue
      const file = join(import.meta.dir, "packages", e.test)
      if (!existsSync(file)) bad.push(`${p}: ${e.test} does not exist`)
      else if (!readFileSync(file, "utf8").includes(`"${p}"`)) bad.push(`${p}: ${e.test} never names it`)
      if (e.verdict !== "works" && !e.xagentSeen) bad.push(`${p}: a ${e.verdict} verdict says what xagent shows`)
    }
    expect(Object.keys(PACKAGES).filter((p) => !(CORPUS as readonly string[]).includes(p))).toEqual([])
    expect(bad).toEqual([])
  })

  test("every deliberate difference names a test file that exists", () => {
    const root = join(import.meta.dir, "../..")
    expect(DIFFERENCES.filter((d) => !existsSync(join(root, d.test))).map((d) => d.test)).toEqual([])
  })

  test("docs/pi-compatibility.md is what the table renders (npm run compat:table)", () => {
    expect(readFileSync(TABLE_PATH, "utf8")).toBe(renderTable())
  })
})
