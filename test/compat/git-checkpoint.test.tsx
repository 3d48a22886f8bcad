// Pi's git-checkpoint.ts example: at each turn of a run it snapshots the working tree with
// `git stash create` (in the session's repository, not the host's folder) so a /fork during that
// run can offer to restore it; the checkpoints are dropped when the run settles, so a /fork after
// it just forks, as in pi.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { initRepo, sh, write } from "../worktree/fixture"

const open = usePiExamples()

test("git-checkpoint.ts: each turn stashes the dirty tree of the session's repository; /fork after the run just forks", async () => {
  const { app, fx } = await open(["git-checkpoint.ts"])
  initRepo(fx.cwd)
  write(fx.cwd, "a.txt", "dirty before the run\n")
  fx.faux.setResponses([toolTurn("read", { path: "a.txt" }), fauxAssistantMessage("Read it.")])
  await app.submit("look at a.txt")
  await app.until("Read it.")
  // `git stash create` leaves an unreferenced commit of the dirty tree: the checkpoint.
  const unreachable = sh(fx.cwd, "fsck", "--unreachable", "--no-reflogs")
  const commits = [...unreachable.matchAll(/unreachable commit ([0-9a-f]+)/g)].map((m) => m[1]!)
  expect(commits.map((c) => sh(fx.cwd, "show", `${c}:a.txt`))).toContain("dirty before the run\n")
  // The work tree is as it was.
  expect(sh(fx.cwd, "status", "--porcelain")).toBe(" M a.txt\n")
  await runCommand(app, "/fork", "Start a new session from an earlier message")
  await app.until("Fork from message")
  app.mockInput.pressEnter()
  const forked = await app.until((f) => !f.includes("Fork from message") && !f.includes("Read it."))
  expect(forked).not.toContain("Restore code state?")
})
