// docs/architecture.md is the code map: a newcomer looks a file up there. It must name every file
// of src/daemon/ and src/runtime/ (their sub-folders too), so a new file comes with its line; every
// step of its walks (a prompt, a question) names a file and a function that exist.
import { expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
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

/** The walks' steps: `path:name` (`Class.member`), the path under src/, the root or node_modules. */
function walkSteps(map: string): string[] {
  const start = map.indexOf("## Two walks")
  const end = map.indexOf("\n## ", start + 1)
  const section = start < 0 ? "" : map.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(/`([\w@./-]+\.(?:tsx?|js)):([\w$]+(?:\.[\w$]+)?)`/g)].map((m) => `${m[1]}:${m[2]}`)
}

/** Where a step's file is, or undefined. */
function stepFile(path: string): string | undefined {
  for (const base of ["src", ".", "node_modules"]) {
    const full = join(root, base, path)
    if (existsSync(full) && statSync(full).isFile()) return full
  }
  return undefined
}

/** Whether `text` defines `name`: a function, class, interface, variable, method or object key. */
function defines(text: string, name: string): boolean {
  const n = name.replace(/\$/g, "\\$")
  return new RegExp(
    `(?:function\\*?|class|interface|type|const|let|var)\\s+${n}\\b|(?:^|[\\s,{])(?:async\\s+|private\\s+|static\\s+)*${n}\\s*(?:<[^>\\n]*>)?\\s*\\(|(?:^|[\\s,{])${n}\\s*[:=][^=]`,
    "m",
  ).test(text)
}

/** What is wrong with one step, or undefined. */
function stepProblem(step: string): string | undefined {
  const [path, name] = step.split(":") as [string, string]
  const file = stepFile(path)
  if (!file) return `${step}: no file ${path}`
  const text = readFileSync(file, "utf8")
  const missing = name.split(".").filter((part) => !defines(text, part))
  return missing.length ? `${step}: ${path} defines no ${missing.join(", ")}` : undefined
}

test("every file and function the walks of a prompt and a question name exists", () => {
  const map = readFileSync(join(root, "docs/architecture.md"), "utf8")
  expect(map).toContain("### The life of a prompt")
  expect(map).toContain("### The life of a question")
  const steps = walkSteps(map)
  expect(steps.length).toBeGreaterThan(40)
  expect(steps.map(stepProblem).filter(Boolean)).toEqual([])
})

test("a walk's step naming a function its file lacks, or a file that is not there, is caught", () => {
  expect(stepProblem("runtime/session/journal.ts:Journal.append")).toBeUndefined()
  expect(stepProblem("runtime/session/journal.ts:Journal.appendAll")).toContain("defines no appendAll")
  expect(stepProblem("runtime/session/journal.ts:Diary.append")).toContain("defines no Diary")
  expect(stepProblem("runtime/session/no-such-file.ts:append")).toContain("no file")
  // a name used, not defined, does not count
  expect(defines("this.deliver(env)\nconst x = deliverAll()", "deliver")).toBe(false)
  expect(defines("  private deliver(env: EventEnvelope) {", "deliver")).toBe(true)
  expect(walkSteps("## Two walks\n`a/b.ts:c` and `d/e.tsx:F.g`, not `h.ts`\n## Next\n`x/y.ts:z`")).toEqual([
    "a/b.ts:c",
    "d/e.tsx:F.g",
  ])
})
