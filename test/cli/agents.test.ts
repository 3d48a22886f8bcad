// `xagent agents` and `--json` on a real bin/xagent: the user's and the project's files beside the
// built-ins, a malformed file shown with its line, and no byte of a file reaching the terminal raw.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { makeSandbox, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

let box: Sandbox
const ESC = "\u001b"
// What a terminal acts on: ESC, C1 (CSI U+009B, OSC U+009D), the bidi override.
const RAW = /[\u001b\u0007\u009b\u009d\u202e]/

beforeAll(() => {
  box = makeSandbox()
  const user = join(box.xagentHome, "agents")
  const project = join(box.cwd, ".xagent", "agents")
  mkdirSync(user, { recursive: true })
  mkdirSync(project, { recursive: true })
  writeFileSync(
    join(user, "reviewer.md"),
    "---\nname: reviewer\ndescription: the user's reviewer\nmodel: a/b\n---\nReview.\n",
  )
  writeFileSync(
    join(project, "reviewer.md"),
    "---\nname: reviewer\ndescription: the project's reviewer\ntools: [read]\n---\nReview here.\n",
  )
  writeFileSync(
    join(project, "gem.md"),
    "---\nname: gem\ndescription: Gemini, quiet\nacp: gemini\nargs: [--acp, --quiet]\nenv:\n  GEMINI_API_KEY: secret-value\n---\n",
  )
  // Escape bytes in a description, in a quoted line of an error, and in a file's name.
  writeFileSync(
    join(project, "hostile.md"),
    `---\nname: hostile\ndescription: ok${ESC}]0;title\u0007 ${ESC}[31mred \u009b2J\u202eevil\n---\n`,
  )
  writeFileSync(join(project, "quoted.md"), `---\nname: quoted\ndescription: "a\\u001b[2Jb\\u009dc"\n---\n`)
  writeFileSync(join(project, "broken.md"), `---\nname: broken\n\u009b2J${ESC}[2J not a key\n---\n`)
  writeFileSync(join(project, `ev${ESC}[31mil.md`), "---\ndescription: d\n---\n")
  writeFileSync(join(project, "mixed.md"), "---\nname: mixed\nacp: x\nthinking: high\n---\n")
})
afterAll(() => box.cleanup())

test("lists built-in, user and project profiles; malformed files on stderr with their line; exit 0", async () => {
  const r = await runXagent(["agents"], box)
  expect(r.code).toBe(0)
  expect(r.stdout).not.toMatch(RAW)
  expect(r.stderr).not.toMatch(RAW)
  const rows = r.stdout.split("\n")
  expect(rows[0]).toMatch(/^NAME +KIND +SOURCE +DESCRIPTION$/)
  const row = (name: string) => rows.find((l) => l.startsWith(`${name} `)) ?? `${name}: not listed`
  expect(row("claude")).toMatch(/^claude +acp +built-in +Claude Code over ACP \(claude-agent-acp\)$/)
  expect(row("reviewer")).toMatch(/^reviewer +pi +project +the project's reviewer$/)
  expect(rows[rows.indexOf(row("reviewer")) + 1]!.trim()).toBe(".xagent/agents/reviewer.md; replaces the user one")
  expect(row("gem")).toMatch(/^gem +acp +project +Gemini, quiet$/)
  expect(rows[rows.indexOf(row("gem")) + 1]!.trim()).toBe(".xagent/agents/gem.md; runs gemini --acp --quiet")
  expect(row("hostile")).toMatch(/^hostile +pi +project +ok red evil$/)
  expect(row("quoted")).toMatch(/^quoted +pi +project +ab$/)
  expect(r.stdout).not.toContain("secret-value")
  expect(r.stdout).not.toContain("user's reviewer")

  const problems = r.stderr.split("\n").filter(Boolean)
  expect(problems[0]).toBe("xagent: 3 profile files could not be read:")
  expect(problems).toContain(`  .xagent/agents/broken.md:3: expected 'key: value', got "\\u001b[2J not a key"`)
  expect(problems).toContain(
    "  .xagent/agents/evil.md:1: no 'name', and the file's name is not one: lowercase letters, digits and '-' (as in code-reviewer), at most 64",
  )
  expect(problems).toContain(
    "  .xagent/agents/mixed.md:4: 'thinking' is a Pi setting, but 'acp' (line 3) makes this an external agent: a profile is one or the other",
  )
})

test("--json: every profile with its source and file, env names without their values, the problems", async () => {
  const r = await runXagent(["agents", "--json"], box)
  expect(r.code).toBe(0)
  expect(r.stdout).not.toMatch(RAW)
  expect(r.stdout).not.toContain("secret-value")
  const listing = JSON.parse(r.stdout) as {
    profiles: Record<string, unknown>[]
    problems: { file: string; source: string; name: string; errors: { line: number; message: string }[] }[]
  }
  const named = (n: string) => listing.profiles.find((p) => p.name === n)
  expect(named("reviewer")).toEqual({
    name: "reviewer",
    description: "the project's reviewer",
    source: "project",
    file: join(box.cwd, ".xagent", "agents", "reviewer.md"),
    kind: "pi",
    tools: ["read"],
    prompt: "Review here.",
    overrides: [{ source: "user", file: join(box.xagentHome, "agents", "reviewer.md") }],
  })
  expect(named("gem")).toMatchObject({
    kind: "acp",
    command: "gemini",
    args: ["--acp", "--quiet"],
    env: ["GEMINI_API_KEY"],
  })
  expect(named("pi")).toMatchObject({ kind: "acp", source: "built-in", command: "pi-acp" })
  // The description's bytes survive as JSON escapes: a script reads them, a terminal is not driven by them.
  expect(named("hostile")?.description).toBe(`ok${ESC}]0;title\u0007 ${ESC}[31mred \u009b2J\u202eevil`)
  expect(listing.problems.map((p) => [p.name, p.source, p.errors[0]!.line])).toEqual([
    ["broken", "project", 3],
    [`ev${ESC}[31mil`, "project", 1],
    ["mixed", "project", 4],
  ])
})
