// Two sessions in two managed worktrees at once, through the broker daemon: each host runs in its
// worktree, the agent's sandboxed bash commits there (the worktree's git dir in the main
// repository's .git is writable), Pi's read tool reads its files though they sit in
// $XAGENT_HOME, and neither sees the other worktree or xagent's state. The daemon's live
// sessions make both "in use", so neither is pruned or removed.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { join } from "node:path"
import type { ToolItem } from "../../src/protocol"
import { liveUse } from "../../src/cli/worktree-live"
import { worktreeService } from "../../src/worktree/service"
import { initRepo, sh } from "../worktree/fixture"
import { Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
let main: string
const step = [
  {
    tools: [
      {
        tool: "bash",
        args: {
          command:
            'echo "by $(basename "$PWD")" > agent.txt && git add agent.txt && git commit -qm "agent in $(basename "$PWD")" && git log --format=%s -1; ls ..; ls "$XAGENT_HOME/run" 2>&1 | head -1',
        },
      },
      { tool: "read", args: { path: "a.txt" } },
    ],
  },
  { text: "done" },
]

beforeAll(async () => {
  d = await startBox({ turns: [...step, ...step] })
  main = initRepo(join(d.box.cwd, "répo with space"), { "a.txt": "from main\n" })
})
afterAll(() => d.cleanup())

test("two sessions in two worktrees at once: each host in its own, commits in the sandbox, both in use", async () => {
  const service = worktreeService({ cwd: main, home: d.box.xagentHome, live: async () => ({ sessionCwds: [] }) })
  const one = (await service.create({ name: "one" })).row
  const two = (await service.create({ name: "two" })).row
  const win = await d.connect()
  const a = await win.request("session.open", { cwd: one.path, mode: { kind: "new" } })
  const b = await win.request("session.open", { cwd: two.path, mode: { kind: "new" } })
  expect(a.info.sandbox).toMatchObject({ mode: "sandboxed", available: true })
  const outputs: string[][] = []
  for (const s of [a, b]) {
    const rec = new Recorder(win, s.sessionId, 0)
    await win.request("session.prompt", { sessionId: s.sessionId, text: "commit" })
    const snap = await rec.waitFor(replyDone(1), "the reply")
    outputs.push(snap.items.filter((i): i is ToolItem => i.kind === "tool").map((t) => t.output ?? ""))
    rec.stop()
  }
  const [outA, outB] = outputs as [string[], string[]]
  // the commit landed on each worktree's branch, made inside the sandbox
  expect(outA[0]).toStartWith("agent in one\none\n")
  expect(outB[0]).toStartWith("agent in two\ntwo\n")
  expect(sh(main, "log", "--format=%s", "-1", "xagent/one").trim()).toBe("agent in one")
  expect(sh(main, "log", "--format=%s", "-1", "xagent/two").trim()).toBe("agent in two")
  expect(sh(main, "log", "--format=%s", "-1", "main").trim()).toBe("first")
  // xagent's own state stays hidden
  expect(outA[0]).toContain("No such file or directory")
  expect(outA[1]).toContain("from main")
  expect(outA[1]).not.toContain("Refused")

  // the daemon knows both hosts and their folders
  const status = await win.daemon("daemon.status", {})
  expect(status.hosts!.map((h) => h.cwd).sort()).toEqual([one.path, two.path])
  const saved = process.env.XAGENT_HOME
  process.env.XAGENT_HOME = d.box.xagentHome
  try {
    const busy = worktreeService({ cwd: main, home: d.box.xagentHome, live: () => liveUse() })
    const rows = (await busy.list()).worktrees
    expect(rows.map((r) => [r.name, r.inUse]).sort()).toEqual([
      ["one", "a live session"],
      ["two", "a live session"],
    ])
    expect((await busy.prune()).kept.map((k) => k.why)).toEqual([
      "in use by a live session",
      "in use by a live session",
    ])
    await expect(busy.remove("one")).rejects.toThrow("'one' is in use by a live session")
  } finally {
    process.env.XAGENT_HOME = saved
  }
})
