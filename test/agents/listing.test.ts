// The listing: built-ins, the user's files, the project's, a stronger source winning a name, and a
// bad file reported beside the rest without taking the listing down.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { listProfiles, profileNamed } from "../../src/agents/listing"

let root = ""
afterEach(() => rmSync(root, { recursive: true, force: true }))

function folders() {
  root = mkdtempSync(join(tmpdir(), "xagent-profiles-"))
  const home = join(root, "xagent")
  const cwd = join(root, "project")
  const user = join(home, "agents")
  const project = join(cwd, ".xagent", "agents")
  mkdirSync(user, { recursive: true })
  mkdirSync(project, { recursive: true })
  return { home, cwd, user, project }
}

const pi = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nPrompt of ${name}.\n`

test("with no files: the known ACP agents, each with its program", () => {
  const f = folders()
  const { profiles, problems } = listProfiles(f)
  expect(problems).toEqual([])
  expect(profiles.map((p) => (p.kind === "acp" ? [p.name, p.source, p.command, ...p.args].join(" ") : p.name))).toEqual(
    [
      "claude built-in claude-agent-acp",
      "codex built-in codex-acp",
      "gemini built-in gemini --acp",
      "opencode built-in opencode acp",
      "pi built-in pi-acp",
      "xagent built-in xagent acp --no-daemon",
    ],
  )
})

test("the project's file wins over the user's, which wins over a built-in; each says what it replaces", () => {
  const f = folders()
  writeFileSync(join(f.user, "reviewer.md"), pi("reviewer", "the user's"))
  writeFileSync(join(f.project, "reviewer.md"), pi("reviewer", "the project's"))
  writeFileSync(join(f.user, "claude.md"), pi("claude", "Claude as a Pi profile"))
  writeFileSync(join(f.user, "helper.md"), pi("helper", "only the user's"))
  const { profiles, problems } = listProfiles(f)
  expect(problems).toEqual([])
  const byName = Object.fromEntries(profiles.map((p) => [p.name, p]))
  expect(byName.reviewer).toMatchObject({
    description: "the project's",
    source: "project",
    file: join(f.project, "reviewer.md"),
    overrides: [{ source: "user", file: join(f.user, "reviewer.md") }],
  })
  expect(byName.claude).toMatchObject({ kind: "pi", source: "user", overrides: [{ source: "built-in" }] })
  expect(byName.helper).toMatchObject({ source: "user", overrides: [] })
  expect(profiles.filter((p) => p.name === "reviewer")).toHaveLength(1)
})

test("a bad file is a problem with its line; the others are listed, and its name does not run a weaker profile", () => {
  const f = folders()
  writeFileSync(join(f.user, "good.md"), pi("good", "fine"))
  writeFileSync(join(f.project, "claude.md"), "---\nname: claude\nacp: claude-agent-acp\nmodel: x/y\n---\n")
  writeFileSync(join(f.project, "notes.txt"), "not a profile")
  const listing = listProfiles(f)
  expect(listing.profiles.map((p) => `${p.name}:${p.source}`)).toContain("good:user")
  expect(listing.problems).toEqual([
    {
      file: join(f.project, "claude.md"),
      source: "project",
      name: "claude",
      errors: [
        {
          line: 4,
          message:
            "'model' is a Pi setting, but 'acp' (line 3) makes this an external agent: a profile is one or the other",
        },
      ],
    },
  ])
  // The built-in is still listed, but asking for `claude` gets the project's mistake, not the built-in.
  expect(listing.profiles.find((p) => p.name === "claude")?.source).toBe("built-in")
  expect(profileNamed(listing, "claude")).toEqual({ problem: listing.problems[0]! })
  expect(profileNamed(listing, "good")).toMatchObject({ profile: { name: "good" } })
  expect(profileNamed(listing, "nobody")).toBeUndefined()
})

test("two files of one folder with one name: the first by file name keeps it", () => {
  const f = folders()
  writeFileSync(join(f.project, "a.md"), pi("same", "first"))
  writeFileSync(join(f.project, "b.md"), pi("same", "second"))
  const { profiles, problems } = listProfiles(f)
  expect(profiles.find((p) => p.name === "same")?.description).toBe("first")
  expect(problems).toEqual([
    {
      file: join(f.project, "b.md"),
      source: "project",
      name: "same",
      errors: [{ line: 1, message: "the name 'same' is taken by a.md in the same folder" }],
    },
  ])
})

test("a link to something that is not a regular file is reported, never read", () => {
  const f = folders()
  symlinkSync("/dev/zero", join(f.project, "zero.md"))
  symlinkSync(join(root, "missing"), join(f.project, "dangling.md"))
  mkdirSync(join(f.project, "dir.md"))
  writeFileSync(join(f.project, "huge.md"), "---\nname: huge\n---\n" + "x".repeat(300 * 1024))
  const { problems } = listProfiles(f)
  expect(problems.map((p) => `${p.file.replace(/^.*\//, "")} ${p.errors[0]!.line}: ${p.errors[0]!.message}`)).toEqual([
    "dangling.md 0: cannot be read (ENOENT)",
    "dir.md 0: not a regular file",
    expect.stringMatching(/^huge\.md 0: too big \(\d+ bytes; a profile is at most 262144\)$/),
    "zero.md 0: not a regular file",
  ])
})

test("run in the folder above xagent's home, its agents are the user's, listed once", () => {
  root = mkdtempSync(join(tmpdir(), "xagent-profiles-"))
  const home = join(root, ".xagent")
  mkdirSync(join(home, "agents"), { recursive: true })
  writeFileSync(join(home, "agents", "mine.md"), pi("mine", "d"))
  const { profiles, problems } = listProfiles({ home, cwd: root })
  expect(problems).toEqual([])
  expect(profiles.find((p) => p.name === "mine")).toMatchObject({ source: "user", overrides: [] })
})
