// Pi's structured-output example in the window (compat suite): the tool ends the run (no further
// model call) and its result row is the extension's renderResult: headline, summary, numbered items.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("structured-output: the run ends on the tool; its row is the extension's rendering", async () => {
  const { app, fx } = await open(["structured-output.ts"])
  let calls = 0
  fx.faux.setResponses([
    () => (
      calls++,
      toolTurn("structured_output", {
        headline: "Release plan",
        summary: "Ship on Friday after the checks.",
        actionItems: ["run the suite", "tag v1"],
      })
    ),
    () => (calls++, fauxAssistantMessage("SHOULD-NOT-BE-ASKED")),
  ])
  await app.submit("summarise")
  const frame = await app.until("2. tag v1")
  expect(frame).toContain("Release plan")
  expect(frame).toContain("Ship on Friday after the checks.")
  expect(frame).toContain("1. run the suite")
  await app.until((f) => !f.includes("Working"))
  expect(app.frame()).not.toContain("SHOULD-NOT-BE-ASKED")
  expect(calls).toBe(1)
})
