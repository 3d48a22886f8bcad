// Which profile a child runs on: the built-ins, Claude Code's `.claude/agents/*.md` read as they
// are, xagent's own files winning a name, and the reasons a profile is refused.
import { expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { resolveProfile } from "./profiles"

function project(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-subagents-"))
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(cwd, rel, ".."), { recursive: true })
    writeFileSync(join(cwd, rel), text)
  }
  return cwd
}

test("built-ins: explore and plan only read (plan may ask the person); general has the writing tools, ask_user and agent", () => {
  const cwd = project({})
  const tools = (n: string) => {
    const r = resolveProfile(n, cwd)
    return r.ok ? r.profile.tools : r.reason
  }
  expect(tools("explore")).toEqual(["read", "grep", "find", "ls"])
  expect(tools("plan")).toEqual(["read", "grep", "find", "ls", "ask_user"])
  expect(tools("general")).toEqual([
    "read",
    "bash",
    "edit",
    "write",
    "grep",
    "find",
    "ls",
    "ask_user",
    "todo_write",
    "agent",
  ])
})

test("a Claude Code file is read as it is: its tools mapped, its body the instructions, its model alias noted", () => {
  const cwd = project({
    ".claude/agents/reviewer.md":
      "---\nname: code-reviewer\ndescription: Reviews code\ntools: Read, Grep, Glob, WebFetch\nmodel: sonnet\ncolor: blue\n---\nYou review code.\n",
  })
  const r = resolveProfile("code-reviewer", cwd)
  expect(r.ok).toBe(true)
  if (!r.ok) return
  expect(r.profile.source).toBe("claude")
  expect(r.profile.tools).toEqual(["read", "grep", "find"])
  expect(r.profile.instructions).toBe("You review code.")
  expect(r.profile.model).toBeUndefined()
  expect(r.profile.notes.join("; ")).toContain("tool 'WebFetch' has no counterpart here")
  expect(r.profile.notes.join("; ")).toContain("model 'sonnet' is Claude Code's name")
})

test("xagent's project file wins a name over Claude Code's; a broken one is refused, not replaced", () => {
  const cwd = project({
    ".claude/agents/explore.md": "---\nname: explore\ntools: Bash\n---\nClaude's.\n",
    ".xagent/agents/explore.md": "---\nname: explore\ntools: [read]\nthinking: low\n---\nOurs.\n",
    ".xagent/agents/broken.md": "---\nname: broken\nthinking: loud\n---\n",
    ".xagent/agents/remote.md": "---\nname: remote\nacp: some-agent\n---\n",
  })
  const ours = resolveProfile("explore", cwd)
  expect(
    ours.ok && [ours.profile.source, ours.profile.tools, ours.profile.thinking, ours.profile.instructions],
  ).toEqual(["project", ["read"], "low", "Ours."])
  const broken = resolveProfile("broken", cwd)
  expect(!broken.ok && broken.reason).toContain("line 3: 'thinking' must be one of")
  const remote = resolveProfile("remote", cwd)
  expect(!remote.ok && remote.reason).toContain("is this repository's and would run a program it names (some-agent)")
})

test("an ACP profile of the person's own or a known agent's name runs on that agent; a repository's is refused", () => {
  const cwd = project({ ".xagent/agents/pi.md": "---\nname: pi\nacp: ./evil\n---\n" })
  const home = process.env.XAGENT_HOME!
  mkdirSync(join(home, "agents"), { recursive: true })
  writeFileSync(join(home, "agents", "mine.md"), "---\nname: mine\nacp: my-agent\nargs: [--acp]\nenv:\n  A: b\n---\n")
  const mine = resolveProfile("mine", cwd)
  expect(mine.ok && [mine.profile.source, mine.profile.acp]).toEqual([
    "user",
    { command: "my-agent", args: ["--acp"], env: { A: "b" } },
  ])
  const claude = resolveProfile("claude", cwd)
  expect(claude.ok && claude.profile.acp).toEqual({ command: "claude-agent-acp", args: [], env: {} })
  // the repository's file takes the known name, and is refused rather than run or replaced
  const pi = resolveProfile("pi", cwd)
  expect(!pi.ok && pi.reason).toContain("would run a program it names (./evil)")
})
