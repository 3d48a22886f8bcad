// A repository's git configuration and hooks name programs. The agent's commands must not be able
// to plant them (the jail keeps them read-only), and xagent's own git, which runs outside the
// jail, must run none of them even when they are there (planted earlier, or allowed).
import { afterAll, afterEach, expect, test } from "bun:test"
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { ToolItem } from "../../src/protocol"
import { runXagent } from "../cli/run-xagent"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"
import { makeSandbox } from "../fixture/mockllm"
import { makeRepo, removeRepos, sh, write } from "../worktree/fixture"

const box = makeSandbox()
let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})
afterAll(() => {
  removeRepos()
  box.cleanup()
})

/** A repository whose committed `.gitattributes` holds `attributes`; `marks` is where planted programs leave their markers. */
function plantedRepo(name: string, attributes: string) {
  const { root, repo } = makeRepo(name)
  const marks = join(root, "marks")
  mkdirSync(marks)
  write(repo, ".gitattributes", attributes)
  sh(repo, "add", ".gitattributes")
  sh(repo, "-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "attributes")
  plant(repo, marks)
  return { repo, marks }
}

/** Plants, in `repo`, every way its config and hooks can make git run a program: each touches a marker in `marks`. */
function plant(repo: string, marks: string) {
  const touch = (name: string) => `touch '${join(marks, name)}'`
  sh(repo, "config", "core.fsmonitor", `${touch("fsmonitor")}; false`)
  sh(repo, "config", "filter.evil.clean", `${touch("clean")}; cat`)
  sh(repo, "config", "filter.evil.smudge", `${touch("smudge")}; cat`)
  sh(repo, "config", "commit.gpgSign", "true")
  sh(repo, "config", "gpg.program", touch("gpg"))
  sh(repo, "config", "gc.auto", "1")
  sh(repo, "config", "diff.external", touch("extdiff"))
  for (const hook of ["post-checkout", "reference-transaction", "pre-auto-gc", "post-index-change"]) {
    const file = join(repo, ".git", "hooks", hook)
    writeFileSync(file, `#!/bin/sh\n${touch(hook)}\n`)
    chmodSync(file, 0o755)
  }
}

test("xagent's worktree commands run no program the repository's config or hooks name", async () => {
  // The filter applies to the committed files, so checkouts smudge and status/add clean them.
  const { repo, marks } = plantedRepo("planted", "*.txt filter=evil\n")
  const xagent = (...args: string[]) => runXagent(["worktree", ...args], { ...box, cwd: repo })

  const made = await xagent("new", "t1")
  expect(made.stderr).toBe("")
  const path = / at (\/.+)\n$/.exec(made.stdout)![1]!
  write(path, "a.txt", "changed in t1\n")
  write(path, "new.txt", "new\n")
  const listed = await xagent("list")
  expect(listed.code).toBe(0)
  expect(listed.stdout).toContain("t1")
  expect((await xagent("handoff", "t1", "--to-main")).code).toBe(0)
  expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("changed in t1\n")
  expect((await xagent("remove", "t1")).code).toBe(0)
  expect((await xagent("prune")).code).toBe(0)
  // Without xagent's guards these same commands run every one of them.
  expect(readdirSync(marks)).toEqual([])

  // The check can fail: the person's own git does run them.
  sh(repo, "status", "--porcelain")
  expect(readdirSync(marks)).toContain("fsmonitor")
})

const tools = (items: { kind: string }[]) => items.filter((i): i is ToolItem => i.kind === "tool")

test("sandboxed bash and the file tools cannot write .git/config or .git/hooks, or move .git away; commits still work", async () => {
  const { repo } = makeRepo("jailed")
  fx = await createFauxFixture({ cwd: repo })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const attempts = [
    "git config core.fsmonitor 'touch /var/tmp/planted'",
    "echo '[core] fsmonitor = evil' >> .git/config",
    "printf '#!/bin/sh\\n' > .git/hooks/post-checkout",
    "rm -rf .git/hooks",
    "mv .git/config .git/config.old",
    "mv .git .git-moved",
  ]
  const calls = [
    ...attempts.map((command) => ["bash", { command }] as const),
    ["write", { path: ".git/config", content: "[core]\n\tfsmonitor = evil\n" }] as const,
    ["write", { path: ".git/hooks/pre-commit", content: "#!/bin/sh\n" }] as const,
    ["bash", { command: "echo more >> a.txt && git commit -qam 'from the agent' && git log --format=%s -1" }] as const,
  ]
  fx.faux.setResponses([
    fauxAssistantMessage(
      calls.map(([name, args]) => fauxToolCall(name, toolArgs(args))),
      { stopReason: "toolUse" },
    ),
    fauxAssistantMessage("ok"),
  ])
  const config = readFileSync(join(repo, ".git", "config"), "utf8")
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor((s) => !s.running && tools(s.items).length >= calls.length, "every call")
  const done = tools(s.items)
  for (const t of done.slice(0, attempts.length)) expect(t.status).toBe("error")
  for (const t of done.slice(attempts.length, attempts.length + 2)) {
    expect(t.status).toBe("error")
    expect(t.output).toContain("sandbox.writableGitConfig")
  }
  expect(done.at(-1)).toMatchObject({ status: "done" })
  expect(done.at(-1)!.output).toContain("from the agent")
  expect(readFileSync(join(repo, ".git", "config"), "utf8")).toBe(config)
  expect(readdirSync(join(repo, ".git", "hooks")).filter((h) => !h.endsWith(".sample"))).toEqual([])
  expect(existsSync(join(repo, ".git-moved"))).toBe(false)
})

test("sandbox.writableGitConfig lets the agent write them", async () => {
  const { repo } = makeRepo("allowed")
  const settings = join(process.env.XAGENT_HOME!, "settings.json")
  mkdirSync(process.env.XAGENT_HOME!, { recursive: true })
  writeFileSync(settings, JSON.stringify({ sandbox: { writableGitConfig: true } }))
  try {
    fx = await createFauxFixture({ cwd: repo })
    const { sessionId } = await fx.open()
    const rec = fx.record(sessionId)
    fx.faux.setResponses([
      fauxAssistantMessage([fauxToolCall("bash", toolArgs({ command: "git config xagent.test yes" }))], {
        stopReason: "toolUse",
      }),
      fauxAssistantMessage("ok"),
    ])
    await fx.client.request("session.prompt", { sessionId, text: "go" })
    const s = await rec.waitFor((s) => !s.running && tools(s.items).length >= 1, "the call")
    expect(tools(s.items)[0]).toMatchObject({ status: "done" })
    expect(sh(repo, "config", "xagent.test")).toBe("yes\n")
  } finally {
    rmSync(settings, { force: true })
  }
})

test("/diff's git (session.diff) runs no program the repository's config, attributes or hooks name", async () => {
  // Every text file gets the planted filter and a textconv diff driver; diff.external is planted too.
  const { repo, marks } = plantedRepo("diff-planted", "*.txt filter=evil diff=evil\n")
  sh(repo, "config", "diff.evil.textconv", `touch '${join(marks, "textconv")}'; cat`)
  sh(repo, "config", "diff.evil.command", `touch '${join(marks, "diffcommand")}'`)
  write(repo, "a.txt", "changed\n")
  write(repo, "new.txt", "untracked\n")
  fx = await createFauxFixture({ cwd: repo })
  const { sessionId } = await fx.open()
  const d = await fx.client.request("session.diff", { sessionId })
  expect(d.repo && d.files.map((f) => f.path)).toEqual(["a.txt", "new.txt"])
  expect(readdirSync(marks)).toEqual([])
  // The check can fail: the person's own git diff runs them.
  sh(repo, "diff", "--numstat")
  sh(repo, "diff")
  expect(readdirSync(marks).length).toBeGreaterThan(0)
})
