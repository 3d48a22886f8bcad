// Pi's custom-footer.ts example: /footer puts the extension's footer (tokens, cost, model, git
// branch) in the status bar's place, drawn again as the session goes on; /footer again restores it.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { initRepo } from "../worktree/fixture"

const open = usePiExamples()

test("custom-footer.ts: /footer shows the extension's footer with the branch, follows the session, toggles back", async () => {
  const { app, fx } = await open(["custom-footer.ts"])
  initRepo(fx.cwd)
  await runCommand(app, "/footer", "Toggle custom footer")
  const footer = await app.until("↑0 ↓0 $0.000")
  expect(footer).not.toContain("think medium")
  expect(footer).toMatch(/↑0 ↓0 \$0\.000 +faux-1 \(main\)/)
  fx.faux.setResponses([fauxAssistantMessage("hello there")])
  await app.submit("hi")
  // Drawn again when the reply's counts come in, as Pi's footer is each frame.
  const after = await app.until((f) => f.includes("hello there") && /↑0 ↓[1-9]\d* \$0\.000/.test(f))
  expect(after).not.toContain("think medium")
  await runCommand(app, "/footer", "Toggle custom footer")
  expect(await app.until("Default footer restored")).toContain("think medium")
})
