// Pi's auto-commit-on-exit.ts example: when the session ends, uncommitted changes are committed with
// the last reply's first line. In xagent a session ends when its last window closes while it is idle
// (the daemon closes it), and the extension's git runs in the project.
import { expect, test } from "bun:test"
import { until } from "../daemon/harness"
import { initRepo, sh } from "../worktree/fixture"
import { useDaemonExamples } from "./daemon-window"

const open = useDaemonExamples()

test("auto-commit-on-exit.ts: closing the last window commits the work with the reply's first line", async () => {
  const { app, d, leave } = await open(
    ["auto-commit-on-exit.ts"],
    {
      turns: [
        { tool: "write", args: { path: "new.txt", content: "made\n" } },
        { text: "Wrote new.txt for you.\nMore." },
      ],
    },
    { before: (d) => initRepo(d.box.cwd) },
  )
  await app.submit("make a file")
  await app.until("More.")
  // Idle before the window goes: a window that leaves a running reply lets it linger (attach comes
  // back to it), and the session ends only when the linger is over.
  await app.until("Ask anything")
  expect(sh(d.box.cwd, "status", "--porcelain")).toBe("?? new.txt\n")
  await leave()
  const subject = await until(() => {
    const s = sh(d.box.cwd, "log", "-1", "--format=%s").trim()
    return s !== "first" && s
  }, "the commit")
  expect(subject).toBe("[pi] Wrote new.txt for you.")
  expect(sh(d.box.cwd, "status", "--porcelain")).toBe("")
})
