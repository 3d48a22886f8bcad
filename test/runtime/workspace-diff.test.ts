// `session.diff` on real repositories: tracked changes against HEAD, untracked files, files too
// big or binary, a repository with no commit yet, a folder outside git; and, when the agent's
// bash changed a file, that change is in the answer (the agent's edit list alone misses it).
import { afterAll, afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import { WORKSPACE_FILE_LINES, type WorkspaceDiff } from "../../src/protocol"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"
import { makeRepo, removeRepos, sh, write } from "../worktree/fixture"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})
afterAll(() => removeRepos())

async function diffOf(cwd: string): Promise<WorkspaceDiff> {
  fx = await createFauxFixture({ cwd })
  const { sessionId } = await fx.open()
  return fx.client.request("session.diff", { sessionId })
}

const repoOf = (d: WorkspaceDiff) => {
  if (!d.repo) throw new Error("expected a repository")
  return d
}

test("tracked edits, additions and deletions against HEAD, then untracked files, each with its hunks", async () => {
  const { repo } = makeRepo("diffs")
  write(repo, "a.txt", "one\nTWO\nthree\n")
  sh(repo, "rm", "-q", "src/b.txt")
  write(repo, "staged.txt", "staged line\n")
  sh(repo, "add", "staged.txt")
  write(repo, "notes/new.md", "first\nsecond\n")
  write(repo, "ignored.log", "noise\n")
  write(repo, ".gitignore", "*.log\n")
  writeFileSync(join(repo, "blob.bin"), Buffer.from([1, 0, 2, 0]))
  symlinkSync("/etc/passwd", join(repo, "link"))
  const d = repoOf(await diffOf(join(repo, "notes")))
  expect(d.root).toBe(repo)
  expect(d.base).toBe("HEAD")
  const byPath = Object.fromEntries(d.files.map((f) => [f.path, f]))
  expect(Object.keys(byPath)).toEqual([
    "a.txt",
    "src/b.txt",
    "staged.txt",
    ".gitignore",
    "blob.bin",
    "link",
    "notes/new.md",
  ])
  expect(byPath["a.txt"]).toMatchObject({ status: "modified", added: 1, removed: 1 })
  expect(byPath["a.txt"]!.diff).toBe("@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three")
  expect(byPath["src/b.txt"]).toMatchObject({ status: "deleted", added: 0, removed: 1, diff: "@@ -1 +0,0 @@\n-bee" })
  expect(byPath["staged.txt"]).toMatchObject({ status: "added", added: 1, diff: "@@ -0,0 +1 @@\n+staged line" })
  expect(byPath["notes/new.md"]).toMatchObject({
    status: "untracked",
    added: 2,
    diff: "@@ -0,0 +1,2 @@\n+first\n+second",
  })
  expect(byPath["blob.bin"]).toMatchObject({ status: "untracked", note: "binary file" })
  expect(byPath["blob.bin"]!.diff).toBeUndefined()
  // A link is named, never followed: the file it points at is not read into the answer.
  expect(byPath["link"]).toMatchObject({ note: "symbolic link to /etc/passwd" })
  expect(JSON.stringify(d)).not.toContain("root:")
  expect(d.moreUntracked).toBe(0)
})

test("a file with more changed lines than the view shows carries its counts and a note, not its hunks", async () => {
  const { repo } = makeRepo("big")
  const lines = WORKSPACE_FILE_LINES + 5
  write(repo, "a.txt", Array.from({ length: lines }, (_, i) => `line ${i}`).join("\n") + "\n")
  write(repo, "gen.txt", Array.from({ length: lines }, (_, i) => `gen ${i}`).join("\n") + "\n")
  write(repo, "small.txt", "small\n")
  const d = repoOf(await diffOf(repo))
  const [a, gen, small] = d.files
  expect(a).toMatchObject({ path: "a.txt", added: lines, removed: 3 })
  expect(a!.diff).toBeUndefined()
  expect(a!.note).toContain("run git diff")
  expect(gen).toMatchObject({ path: "gen.txt", status: "untracked", added: lines })
  expect(gen!.diff).toBeUndefined()
  expect(small).toMatchObject({ path: "small.txt", diff: "@@ -0,0 +1,1 @@\n+small" })
})

test("a repository with no commit yet diffs against nothing; a folder outside git says so", async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "xagent-diff-")))
  try {
    const fresh = join(root, "fresh")
    mkdirSync(fresh)
    sh(fresh, "init", "-q")
    write(fresh, "tracked.txt", "t\n")
    sh(fresh, "add", "tracked.txt")
    write(fresh, "loose.txt", "l\n")
    const d = repoOf(await diffOf(fresh))
    expect(d.base).toBe("none")
    expect(d.files.map((f) => [f.path, f.status])).toEqual([
      ["tracked.txt", "added"],
      ["loose.txt", "untracked"],
    ])
    await fx!.dispose()
    fx = undefined
    const plain = join(root, "plain")
    mkdirSync(plain)
    expect(await diffOf(plain)).toEqual({ repo: false })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test("a change the agent's bash made is in the workspace diff", async () => {
  const { repo } = makeRepo("bash-change")
  fx = await createFauxFixture({ cwd: repo })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage(
      [fauxToolCall("bash", toolArgs({ command: "sed -i 's/two/SED/' a.txt && echo made > out.txt" }))],
      {
        stopReason: "toolUse",
      },
    ),
    fauxAssistantMessage("done"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "tool" && i.status !== "running"), "the call")
  const d = repoOf(await fx.client.request("session.diff", { sessionId }))
  expect(d.files.find((f) => f.path === "a.txt")?.diff).toContain("+SED")
  expect(d.files.find((f) => f.path === "out.txt")).toMatchObject({
    status: "untracked",
    diff: "@@ -0,0 +1,1 @@\n+made",
  })
})
