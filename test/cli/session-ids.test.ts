// Short session ids: unique prefixes of Pi's session ids (whose first 8 digits are a timestamp in
// UUIDv7), one scheme for `sessions`, `daemon status` and `attach`; columns that stay in line.
import { expect, test } from "bun:test"
import { formatSessions, formatStatus, pickByRef, unsaved } from "../../src/cli/daemon-commands"
import type { DaemonStatus, SavedSession } from "../../src/protocol"
import { shortIds } from "../../src/util/short-id"

// Two UUIDv7s made a minute apart share their first 8 digits.
const A = "01a2307f-1c2d-7aaa-8bbb-000000000001"
const B = "01a2307f-9e01-7ccc-8ddd-000000000002"
const C = "0195ab12-3456-7eee-8fff-000000000003"

test("short ids are the shortest unique prefixes, at least 8 characters, never ending in a dash", () => {
  const ids = shortIds([A, B, C])
  expect(ids.get(C)).toBe("0195ab12")
  expect(ids.get(A)).toBe("01a2307f-1")
  expect(ids.get(B)).toBe("01a2307f-9")
  expect(shortIds([A]).get(A)).toBe("01a2307f")
  expect(shortIds([A, A]).get(A)).toBe("01a2307f")
})

const saved = (id: string, over: Partial<SavedSession> = {}): SavedSession => ({
  path: `/s/${id}.jsonl`,
  id,
  cwd: "/p",
  modified: Date.now() - 5_000,
  messageCount: 2,
  firstMessage: "hello",
  ...over,
})

test("xagent sessions shows ids that tell two sessions of the same minute apart, in aligned columns", () => {
  const text = formatSessions(
    [
      saved(A, { live: { sessionId: "s-1", running: false, pendingQuestions: 1, windows: 0 } }),
      saved(B),
      saved(C, { live: { sessionId: "s-2", running: true, pendingQuestions: 0, windows: 2 } }),
    ],
    false,
  )
  const rows = text.trimEnd().split("\n")
  expect(rows[0]).toContain("● waiting (1 question), 0 windows")
  expect(rows[0]).toContain("01a2307f-1 ")
  expect(rows[1]).toContain("01a2307f-9 ")
  expect(rows[2]).toContain("0195ab12 ")
  // The id column starts at the same place on every row.
  const at = rows.map((r) => r.search(/0(1a|195)/))
  expect(new Set(at).size).toBe(1)
})

const daemonStatus = (sessions: DaemonStatus["sessions"]): DaemonStatus => ({
  pid: 7,
  protocol: 1,
  startedAt: 0,
  uptimeMs: 1000,
  socket: "/run/x.sock",
  home: "/h",
  clients: 0,
  sessions,
})

test("daemon status shows the same ids as sessions, does not count itself, and keeps its columns", () => {
  const status = daemonStatus([
    { sessionId: "s-1", piSessionId: A, cwd: "/p", running: false, pendingQuestions: 12, windows: 0 },
    { sessionId: "s-2", piSessionId: B, cwd: "/q", running: true, pendingQuestions: 0, windows: 1 },
  ])
  const rows = formatStatus(status).trimEnd().split("\n")
  expect(rows).toContain("clients: 0")
  const live = rows.filter((r) => r.startsWith("  "))
  expect(live[0]).toMatch(/^ {2}01a2307f-1 {2}waiting \(12 questions\) {2}0 windows {2}\/p$/)
  expect(live[1]).toMatch(/^ {2}01a2307f-9 {2}running {17}1 window {3}\/q$/)
})

test("attach takes the short id that status and sessions show", () => {
  const live = [
    { sessionId: "s-1", piSessionId: A, cwd: "/p", running: false, pendingQuestions: 0, windows: 0 },
    { sessionId: "s-2", piSessionId: B, cwd: "/q", running: false, pendingQuestions: 0, windows: 0 },
  ]
  expect(pickByRef(live, "01a2307f-9").sessionId).toBe("s-2")
  expect(() => pickByRef(live, "01a2307f")).toThrow("'01a2307f' matches 2 live sessions; give more of the id")
  expect(() => pickByRef(live, "zzz")).toThrow("no live session matches 'zzz' (live: 01a2307f-1, 01a2307f-9)")
})

test("sessions lists a live session Pi has not saved yet, under its Pi id", () => {
  const live = [
    { sessionId: "s-1", piSessionId: A, cwd: "/", file: "/s/a.jsonl", running: false, pendingQuestions: 0, windows: 1 },
    { sessionId: "s-2", piSessionId: B, cwd: "/", file: "/s/b.jsonl", running: false, pendingQuestions: 0, windows: 1 },
    { sessionId: "s-3", piSessionId: C, cwd: "/elsewhere", running: false, pendingQuestions: 0, windows: 1 },
  ]
  const list = unsaved(live, [saved(A, { path: "/s/a.jsonl" })], "/")
  expect(list).toEqual([
    expect.objectContaining({ id: B, messageCount: 0, live: expect.objectContaining({ sessionId: "s-2" }) }),
  ])
  expect(formatSessions(list, false)).toMatch(/● idle, 1 window {2}01a2307f .* 0 msgs {2}\(new, not saved yet\)\n$/)
  expect(unsaved(live, [], undefined).map((s) => s.id)).toEqual([A, B, C])
})

test("daemon status and sessions show one id for a live session whose folder has saved ones of the same minute", () => {
  // A live (not saved yet) beside B, saved in the same minute: the ids must tell them apart in both lists.
  const status = daemonStatus([
    { sessionId: "s-1", piSessionId: A, cwd: "/p", running: false, pendingQuestions: 0, windows: 1 },
  ])
  const everySaved = [B, C]
  const live = formatStatus(status, everySaved)
    .split("\n")
    .filter((r) => r.startsWith("  "))
  expect(live[0]).toMatch(/^ {2}01a2307f-1 {2}idle/)
  const list = formatSessions([...unsaved(status.sessions, [saved(B)], "/p"), saved(B)], false, everySaved)
  expect(list).toContain("01a2307f-1 ")
  expect(list).toContain("01a2307f-9 ")
})

test("attach in a repository with no live session here names (and offers) the live ones in its worktrees", async () => {
  const { mkdtempSync, realpathSync } = await import("node:fs")
  const { tmpdir } = await import("node:os")
  const { join } = await import("node:path")
  const { execFileSync } = await import("node:child_process")
  const { notHereText, sameRepo } = await import("../../src/cli/daemon-commands")
  const root = realpathSync(mkdtempSync(join(tmpdir(), "xagent-attach-")))
  const main = join(root, "repo")
  const tree = join(root, "feat1")
  const other = join(root, "other")
  const g = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, stdio: "ignore" })
  execFileSync("mkdir", ["-p", main, other])
  g(main, "init", "-q")
  g(main, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "first")
  g(main, "worktree", "add", "-q", "-b", "feat1", tree)
  const live = [
    { sessionId: "s-1", piSessionId: A, cwd: tree, running: true, pendingQuestions: 0, windows: 0 },
    // A folder name with an escape sequence: printed without it.
    { sessionId: "s-2", piSessionId: C, cwd: `${other}\x1b]0;x\x07`, running: false, pendingQuestions: 0, windows: 0 },
  ]
  const repo = await sameRepo(main, live)
  expect(repo.map((s) => s.sessionId)).toEqual(["s-1"])
  expect(await sameRepo(tree, live)).toEqual([])
  const text = notHereText(live, repo)
  expect(text).toBe(
    `no live session in this folder; in this repository's worktrees: 01a2307f in ${tree} ('xagent attach 01a2307f')`,
  )
  const elsewhere = notHereText(live, [])
  expect(elsewhere).toContain(`0195ab12 in ${other} ('xagent attach 0195ab12')`)
  expect(elsewhere).not.toContain("\x1b")
  const { rmSync } = await import("node:fs")
  rmSync(root, { recursive: true, force: true })
})
