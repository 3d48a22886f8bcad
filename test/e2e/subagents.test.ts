// Subagents through the real bin/xagent in a real terminal (tmux), on the scripted model: the
// parent hands out three tasks in one message, one to `explore`, one to an external ACP agent
// (`xagent acp`, a profile of the person's own), one in a worktree. All three run at once (their
// rows are on screen together), their reports reach the parent, the worktree child's file is in
// its worktree and not in the parent's folder; /subagents opens a child's transcript. Then a child's ask_user is the parent's dock,
// answered by keys; then Esc while three run stops them all, and no child process is left. The script answers each request by the task it carries (`when`):
// children that run at once ask in no fixed order.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN, type Scenario } from "../fixture/mockllm"
import { startXagent, terminalBox } from "./terminal-box"
import { hasTmux } from "./tmux"

/** The third child's profile: an external ACP agent (this file's `engine`: xagent acp). */
const ACP_PROFILE = "engine"
const SLOW = 3

const agent = (task: string, title: string, extra: Record<string, unknown> = {}) => ({
  tool: "agent",
  args: { task, title, ...extra },
})

const three: Scenario = {
  turns: [
    {
      when: "delegate three",
      text: "Three at once.",
      tools: [
        agent("TASK-EXPLORE survey the code", "Survey the code", { profile: "explore" }),
        agent("TASK-ACP ask the engine", "Ask the engine", { profile: ACP_PROFILE }),
        agent("TASK-WT write a file", "Write in a worktree", { isolation: "worktree" }),
      ],
    },
    { when: "delegate three", text: "All three reported." },
    { when: "TASK-EXPLORE", text: "Explore report: the code is small and tidy, nothing else to say here.", tps: SLOW },
    { when: "TASK-ACP", text: "Engine report: hello from the engine's own session, all is well there.", tps: SLOW },
    { when: "TASK-WT", tool: "write", args: { path: "made-by-child.txt", content: "from the child\n" } },
    { when: "TASK-WT", text: "Worktree report: wrote made-by-child.txt in my worktree, as asked.", tps: SLOW },
    // the second run (the parent's first message is still its first): a child asks the person
    { when: "delegate three", ...agent("ASK-CHILD pick one", "Pick a runtime") },
    {
      when: "ASK-CHILD",
      tool: "ask_user",
      args: {
        questions: [
          {
            id: "rt",
            label: "Runtime",
            prompt: "Which runtime, parent's person?",
            choices: [
              { value: "bun", label: "Bun" },
              { value: "node", label: "Node" },
            ],
          },
        ],
      },
    },
    { when: "ASK-CHILD", text: "Child was told its answer." },
    { when: "delegate three", text: "Parent heard the pick." },
    // the third: three that wait until Esc
    {
      when: "delegate three",
      tools: [
        agent("HANG-EXPLORE look", "Look around", { profile: "explore" }),
        agent("HANG-ACP wait", "Wait on the engine", { profile: ACP_PROFILE }),
        agent("HANG-GENERAL wait", "Wait here"),
      ],
    },
    { when: "HANG-EXPLORE", stall: true, text: "Looking" },
    { when: "HANG-ACP", stall: true, text: "Waiting" },
    { when: "HANG-GENERAL", stall: true, text: "Waiting" },
  ],
  fallback: "nothing more",
}

if (!hasTmux) console.warn("test/e2e/subagents.test.ts: skipped, tmux is not installed (apt-get install tmux)")

const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`)
  return r.stdout
}

/** The `xagent acp --no-daemon` programs of this test's xagent home (read from each process's environment). */
function acpPrograms(home: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => cmdline(pid).includes(" acp --no-daemon") && environ(pid).includes(`XAGENT_HOME=${home}`))
}

function environ(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")
  } catch {
    return []
  }
}

/** A process's command line, its words joined by spaces ("" once it is gone). */
function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ")
  } catch {
    return ""
  }
}

describe.skipIf(!hasTmux)("subagents in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  // In the window's process (--no-daemon: children in the window's host) and under the daemon
  // (children in session hosts of their own, the ACP child's program under the parent's host).
  test.each([["--no-daemon"], [""]])(
    "%s: three children at once, one on an ACP agent and one in a worktree; then Esc stops three, none left",
    async (flags) => {
      const { box, llm, pane } = await terminalBox(three, cleanups, { cols: 120, rows: 40 })
      git(box.cwd, "init", "-q")
      writeFileSync(join(box.cwd, "README.md"), "a project\n")
      git(box.cwd, "add", ".")
      git(box.cwd, "commit", "-q", "-m", "start")
      const profiles = join(box.xagentHome, "agents")
      mkdirSync(profiles, { recursive: true })
      writeFileSync(
        join(profiles, `${ACP_PROFILE}.md`),
        `---\nname: ${ACP_PROFILE}\nacp: ${XAGENT_BIN}\nargs: [acp, --no-daemon]\n---\n`,
      )
      await startXagent(pane, flags, 60_000)

      pane.type("delegate three")
      pane.send("Enter")
      // The three rows under the status line at once, each with its profile and title.
      const rows = (screen: string) =>
        ["explore  Survey the code", `${ACP_PROFILE}  Ask the engine`, "general  Write in a worktree"].every((r) =>
          screen.includes(r),
        )
      await pane.waitFor(rows, 120_000)
      await pane.waitFor("All three reported.", 180_000)

      // Each report reached the parent as its call's result.
      const parentLast = llm.requests().find((r) => JSON.stringify(r.last).includes("Worktree report"))
      const results = JSON.stringify(parentLast?.last ?? [])
      expect(results).toContain("Explore report: the code is small and tidy")
      expect(results).toContain("Engine report: hello from the engine")
      expect(results).toContain("Worktree report: wrote made-by-child.txt")
      // The worktree child's file is in its worktree, not in the parent's folder.
      expect(existsSync(join(box.cwd, "made-by-child.txt"))).toBe(false)
      const worktrees = git(box.cwd, "worktree", "list", "--porcelain")
        .split("\n")
        .filter((l) => l.startsWith("worktree "))
        .map((l) => l.slice("worktree ".length))
        .filter((p) => p !== box.cwd)
      const made = worktrees.map((p) => join(p, "made-by-child.txt")).filter((f) => existsSync(f))
      expect(made).toHaveLength(1)
      expect(readFileSync(made[0]!, "utf8")).toBe("from the child\n")

      // /subagents: Enter on the worktree child opens its transcript (its task, its write, its
      // report), read from the file its host wrote; Esc back to the roster, then to the session.
      pane.type("/subagents")
      pane.send("Enter")
      await pane.waitFor("Filter:", 60_000)
      pane.type("worktree")
      await pane.waitFor((s) => s.includes("Filter: worktree") && !s.includes("Survey the code"), 60_000)
      pane.send("Down")
      pane.send("Enter")
      const transcript = await pane.waitFor("Worktree report: wrote made-by-child.txt", 60_000)
      expect(transcript).toContain("TASK-WT write a file")
      expect(transcript).toContain("made-by-child.txt")
      expect(transcript).toContain("read-only · it has ended")
      pane.send("Escape")
      await pane.waitFor((s) => s.includes("Filter: worktree"), 60_000)
      pane.send("Escape")
      await pane.waitFor((s) => !s.includes("Filter:"), 60_000)

      // A child's question is the parent's dock, named by the child; a digit answers it.
      pane.type("ask through a child")
      pane.send("Enter")
      const dock = await pane.waitFor("Which runtime, parent's person?", 120_000)
      expect(dock).toContain("general · Pick a runtime")
      pane.send("2")
      await pane.waitFor("Parent heard the pick.", 120_000)
      const childAnswer = llm.requests().find((r) => JSON.stringify(r.last).includes("Runtime: Node"))
      expect(childAnswer).toBeDefined()

      // Three that never finish: seen running together, then Esc.
      pane.type("stop them all")
      pane.send("Enter")
      await pane.waitFor((s) => ["Look around", "Wait on the engine", "Wait here"].every((t) => s.includes(t)), 120_000)
      // the ACP child's program runs while its child runs: under the window's process, or the daemon's
      const acpChild = () => acpPrograms(box.xagentHome)
      const until = Date.now() + 60_000
      while (acpChild().length === 0 && Date.now() < until) await Bun.sleep(100)
      expect(acpChild().length).toBeGreaterThan(0)
      pane.send("Escape")
      // their rows go: none is queued or running any more
      const hanging = ["explore  Look around", `${ACP_PROFILE}  Wait on the engine`, "general  Wait here"]
      await pane.waitFor((s) => hanging.every((r) => !s.includes(r)), 60_000)
      const gone = Date.now() + 30_000
      while (acpChild().length > 0 && Date.now() < gone) await Bun.sleep(100)
      expect(acpChild()).toEqual([])
    },
    600_000,
  )
})
