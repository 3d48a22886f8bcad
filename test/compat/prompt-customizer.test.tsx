// Pi's prompt-customizer example (compat suite): it rewrites the system prompt's tool guidance
// section from the selected tools, before each turn.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentSystemPrompt } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("prompt-customizer: the model's system prompt carries the extension's tool guidance", async () => {
  const { app, fx } = await open(["prompt-customizer.ts"])
  let prompt = ""
  fx.faux.setResponses([
    (ctx) => ((prompt = getCurrentSystemPrompt(ctx.messages) ?? ""), fauxAssistantMessage("ok then")),
  ])
  await app.submit("hi")
  await app.until("ok then")
  expect(prompt).toContain("- Use `read` for file contents; it supports text and images.")
  expect(prompt).toContain("- Use `bash` for file operations such as `ls`, `find`, and `grep`.")
  expect(prompt).toContain("- Use `write` to create new files or replace existing files completely.")
})
