// -e takes files (checked here, made absolute) and package sources (left to Pi to install).
import { expect, test } from "bun:test"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { planRun } from "../../src/cli/plan"

test("extension files become absolute paths; npm:, git:, github:, URLs and ssh: pass through as Pi's sources", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  writeFileSync(join(cwd, "mine.ts"), "export default () => {}\n")
  const sources = [
    "npm:@scope/pkg@1.2.3",
    " git:github.com/u/r ",
    "github:u/r",
    "https://example.com/ext.git",
    "ssh:host/repo",
  ]
  const plan = planRun({ extension: ["mine.ts", ...sources] }, [], cwd)
  expect(plan.open.extensions).toEqual([join(cwd, "mine.ts"), ...sources.map((s) => s.trim())])
  expect(() => planRun({ extension: ["npm-like.ts"] }, [], cwd)).toThrow(/--extension: no file at .*npm-like\.ts/)
})

test("a prompt's words join into one prompt wherever -p stands (row 21)", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  expect(planRun({ print: true }, ["foo", "bar"], cwd).prompt).toBe("foo bar")
  expect(planRun({ print: "hi" }, ["extra", "words"], cwd).prompt).toBe("hi extra words")
  expect(planRun({}, ["fix", "it"], cwd).prompt).toBe("fix it")
})
