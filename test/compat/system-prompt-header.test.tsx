// Pi's system-prompt-header example in the window (compat suite): the system prompt's length shows
// in the status bar once a turn starts.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentSystemPrompt } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("system-prompt-header: System: N chars, N the length of the prompt the model got", async () => {
  const { app, fx } = await open(["system-prompt-header.ts"])
  let length = -1
  fx.faux.setResponses([
    (ctx) => ((length = (getCurrentSystemPrompt(ctx.messages) ?? "").length), fauxAssistantMessage("hi back")),
  ])
  await app.submit("hi")
  await app.until("hi back")
  expect(length).toBeGreaterThan(100)
  expect(await app.until(`System: ${length} chars`)).toContain("hi back")
})
