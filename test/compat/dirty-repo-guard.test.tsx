// Pi's dirty-repo-guard.ts example: with uncommitted changes in the session's repository, /new asks
// first and "No, let me commit first" keeps the session; a clean repository is not asked about.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { initRepo, sh, write } from "../worktree/fixture"

const open = usePiExamples()

test("dirty-repo-guard.ts: /new in a dirty repository asks; 'No' cancels, and clean it does not ask", async () => {
  const { app, fx } = await open(["dirty-repo-guard.ts"])
  initRepo(fx.cwd)
  write(fx.cwd, "a.txt", "changed\n")
  fx.faux.setResponses([fauxAssistantMessage("Still here.")])
  await app.submit("hi")
  await app.until("Still here.")
  await runCommand(app, "/new", "Start a new session")
  const ask = await app.until("You have 1 uncommitted file(s). new session anyway?")
  expect(ask).toContain("Yes, proceed anyway")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  expect(await app.until("Commit your changes first")).toContain("Still here.")
  sh(fx.cwd, "commit", "-qam", "save")
  await runCommand(app, "/new", "Start a new session")
  const fresh = await app.until((f) => !f.includes("Still here."))
  expect(fresh).not.toContain("uncommitted")
})
