// `isolation: "worktree"` on a real Pi session (faux model) in a real repository: the child works
// in a managed worktree made by the real `bin/xagent worktree new`, writes there with the session's
// own (sandboxed) tools bound to it, and the parent's result hands the worktree back, or says it
// was removed when the child changed nothing.
import { expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "bun:test"
import { fauxAssistantMessage, fauxToolCall, type FauxResponseFactory } from "@earendil-works/pi-ai"
import type { SessionSnapshot, ToolItem } from "../../src/protocol"
import { toolArgs } from "../../test/fixture/faux"
import { messageText, useFauxSessions } from "../../test/fixture/faux-session"

const open = useFauxSessions()
const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } })
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`)
  return r.stdout
}

/** A repository with one commit, as the parent session's folder. */
function repo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "xagent-subagent-wt-")))
  roots.push(root)
  const dir = join(root, "project")
  spawnSync("mkdir", ["-p", dir])
  git(dir, "init", "-q", "-b", "main")
  git(dir, "config", "user.name", "Test")
  git(dir, "config", "user.email", "test@example.com")
  git(dir, "config", "commit.gpgsign", "false")
  writeFileSync(join(dir, "README.md"), "the project\n")
  git(dir, "add", "-A")
  git(dir, "commit", "-q", "-m", "first")
  return dir
}

type Msg = { role: string; content: unknown }
/** The child's steps by its task; the parent delegates `task` in a worktree, then answers. */
function script(childTask: string, child: (results: string[]) => ReturnType<typeof fauxAssistantMessage>) {
  const step: FauxResponseFactory = (ctx) => {
    const messages = ctx.messages as unknown as Msg[]
    const task = messageText(messages.find((m) => m.role === "user")?.content)
    const results = messages.filter((m) => m.role === "toolResult").map((m) => messageText(m.content))
    if (task === childTask) return child(results)
    if (!results.length)
      return fauxAssistantMessage(
        [fauxToolCall("agent", toolArgs({ task: childTask, title: "In a worktree", isolation: "worktree" }))],
        { stopReason: "toolUse" },
      )
    return fauxAssistantMessage("parent done")
  }
  return Array.from({ length: 12 }, () => step)
}

const agentRow = (s: SessionSnapshot) => s.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "agent")
const settled = (s: SessionSnapshot) =>
  !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming && i.stopReason === "stop")
type WorktreeDetails = { worktree?: { name: string; path: string; branch?: string; kept: boolean; stat?: string } }

test("a child in a worktree writes its file there, not in the parent's folder, and the result hands the worktree back", async () => {
  const cwd = repo()
  const { fx, rec, send } = await open({ cwd })
  const outside = join(cwd, "escaped.txt")
  fx.faux.setResponses(
    script("WRITE-NOTE", (results) => {
      if (results.length === 0)
        return fauxAssistantMessage(
          [fauxToolCall("write", toolArgs({ path: "note.txt", content: "from the child\n" }))],
          { stopReason: "toolUse" },
        )
      // Its write boundary is the worktree: the parent's folder is outside it.
      if (results.length === 1)
        return fauxAssistantMessage(
          [fauxToolCall("write", toolArgs({ path: outside, content: "should not land\n" }))],
          { stopReason: "toolUse" },
        )
      return fauxAssistantMessage(`child saw: ${results.join(" | ")}`)
    }),
  )
  await send("delegate")
  const s = await rec.waitFor(settled, "the parent's reply after its child")
  const row = agentRow(s)!
  expect(row.status).toBe("done")
  const wt = (row.details as WorktreeDetails).worktree!
  expect(wt.kept).toBe(true)
  expect(wt.branch).toBe(`xagent/${wt.name}`)
  // The file is in the worktree, and neither it nor the refused one is in the parent's folder.
  expect(readFileSync(join(wt.path, "note.txt"), "utf8")).toBe("from the child\n")
  expect(existsSync(join(cwd, "note.txt"))).toBe(false)
  expect(existsSync(outside)).toBe(false)
  expect(git(cwd, "status", "--porcelain")).toBe("")
  const out = row.output ?? ""
  expect(out).toContain(`Worktree ${wt.name} kept at ${wt.path} on the branch xagent/${wt.name}`)
  expect(out).toMatch(/note\.txt \| 1 \+/)
  expect(out).toContain("1 file changed, 1 insertion(+)")
  expect(wt.stat).toContain("note.txt")
  // The second write was refused, and the child was told so.
  expect(out).toContain(`Refused: ${cwd} is outside the workspace`)
  // Handed back as the child left it: its index untouched (the stat was counted in a copy).
  expect(git(wt.path, "status", "--porcelain")).toBe("?? note.txt\n")
  // A managed worktree: xagent's record lists it.
  const listed = spawnSync(join(import.meta.dir, "../../bin/xagent"), ["worktree", "list", "--json"], {
    cwd,
    encoding: "utf8",
  })
  expect(JSON.parse(listed.stdout).worktrees.map((w: { name: string }) => w.name)).toEqual([wt.name])
})

test("a child in a worktree that changes nothing: the worktree and its branch are removed, and the result says so", async () => {
  const cwd = repo()
  const { fx, rec, send } = await open({ cwd })
  fx.faux.setResponses(script("LOOK-ONLY", () => fauxAssistantMessage("nothing to change")))
  await send("delegate")
  const s = await rec.waitFor(settled, "the parent's reply after its child")
  const row = agentRow(s)!
  expect(row.status).toBe("done")
  const wt = (row.details as WorktreeDetails).worktree!
  expect(wt.kept).toBe(false)
  expect(row.output ?? "").toContain(`Worktree ${wt.name}: no changes, removed.`)
  expect(existsSync(wt.path)).toBe(false)
  expect(git(cwd, "branch", "--list", `xagent/${wt.name}`)).toBe("")
})

test("a worktree outside a repository is refused with the reason, and no child starts", async () => {
  const { fx, rec, send } = await open()
  let childAsked = false
  fx.faux.setResponses(
    script("NEVER", () => {
      childAsked = true
      return fauxAssistantMessage("ran")
    }),
  )
  await send("delegate")
  const s = await rec.waitFor(settled, "the parent's reply")
  const row = agentRow(s)!
  expect(row.status).toBe("error")
  expect(row.output ?? "").toContain("Cannot start a subagent in a worktree:")
  expect(row.output ?? "").toContain("is not in a git repository")
  expect(childAsked).toBe(false)
})
