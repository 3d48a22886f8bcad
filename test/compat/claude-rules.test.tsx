// Pi's claude-rules.ts example: the project's .claude/rules/*.md are announced at startup and listed
// in the system prompt the model gets.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentSystemPrompt } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("claude-rules.ts: 'Found 2 rule(s)' at startup, and the rules reach the system prompt", async () => {
  const files = { ".claude/rules/testing.md": "Test first.\n", ".claude/rules/api/design.md": "REST.\n" }
  const { app, fx } = await open(["claude-rules.ts"], { fixture: { files } })
  await app.until("Found 2 rule(s) in .claude/rules/")
  let system = ""
  fx.faux.setResponses([
    (ctx) => {
      system = getCurrentSystemPrompt(ctx.messages) ?? ""
      return fauxAssistantMessage("Rules read.")
    },
  ])
  await app.submit("hi")
  await app.until("Rules read.")
  expect(system).toContain("## Project Rules")
  expect(system).toContain("- .claude/rules/testing.md")
  expect(system).toContain("- .claude/rules/api/design.md")
})
