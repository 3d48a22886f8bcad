// Pi's trigger-compact example in the window (compat suite): /trigger-compact compacts the session
// at once and reports start and completion.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("trigger-compact: /trigger-compact says it started and completed; the context is compacted", async () => {
  // Pi keeps the last keepRecentTokens of the session as they are; a small one leaves the first
  // exchange to summarise.
  const { app, fx } = await open(["trigger-compact.ts"], {
    fixture: { settings: { compaction: { enabled: true, keepRecentTokens: 1 } } },
  })
  fx.faux.setResponses([
    fauxAssistantMessage("first answer"),
    fauxAssistantMessage("second answer"),
    // the summary, and the summary of the kept turn's prefix
    fauxAssistantMessage("SUMMARY-OF-THE-SESSION"),
    fauxAssistantMessage("SUMMARY-OF-THE-PREFIX"),
  ])
  await app.submit("hello")
  await app.until("first answer")
  await app.submit("and more")
  await app.until("second answer")
  await runCommand(app, "/trigger-compact", "Trigger compaction immediately")
  await app.until("Compaction started")
  const done = await app.until("Compaction completed")
  expect(done).toContain("ctx ?")
})
