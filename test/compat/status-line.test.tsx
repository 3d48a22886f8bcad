// Pi's status-line example in the window (compat suite): "Ready" in the footer at start, the turn's
// progress while it runs and "✓ Turn 1 complete" after it.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("status-line: Ready, then Turn 1 complete in the status bar", async () => {
  const { app, fx } = await open(["status-line.ts"])
  expect(await app.until("Ready")).toContain("Ask anything")
  fx.faux.setResponses([fauxAssistantMessage("hello there")])
  await app.submit("hi")
  const done = await app.until("✓ Turn 1 complete")
  expect(done).toContain("hello there")
  expect(done).not.toContain("Ready")
})
