// Pi's hidden-thinking-label.ts example: folded thinking is labelled "Pondering..." from session
// start; /thinking-label <text> changes the label and /thinking-label alone resets it to the default.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, fauxText, fauxThinking } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("hidden-thinking-label.ts: the label names folded thinking and follows /thinking-label", async () => {
  const { app, fx } = await open(["hidden-thinking-label.ts"])
  fx.faux.setResponses([fauxAssistantMessage([fauxThinking("weighing the options"), fauxText("Decided.")])])
  await app.submit("decide")
  expect(await app.until("Decided.")).toContain("▸ Pondering... weighing the options")
  await runCommand(app, "/thinking-label Musing", "Set the hidden thinking label")
  const musing = await app.until("Hidden thinking label set to: Musing")
  expect(musing).toContain("▸ Musing weighing the options")
  await runCommand(app, "/thinking-label", "Set the hidden thinking label")
  const reset = await app.until("Hidden thinking label reset to: Pondering...")
  // It calls setHiddenThinkingLabel() with no label: the default comes back (in pi too, whatever
  // its notice says).
  expect(reset).toContain("▸ Thinking weighing the options")
})
