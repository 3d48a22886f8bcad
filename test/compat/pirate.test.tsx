// Pi's pirate example in the window (compat suite): /pirate toggles pirate mode, which appends its
// instructions to the system prompt of the next turns.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentSystemPrompt, type TranscriptContext } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("pirate: /pirate says so and the next turn's system prompt is in pirate mode; again turns it off", async () => {
  const { app, fx } = await open(["pirate.ts"])
  const prompts: string[] = []
  const answer = (ctx: TranscriptContext) => (
    prompts.push(getCurrentSystemPrompt(ctx.messages) ?? ""),
    fauxAssistantMessage(`reply ${prompts.length}`)
  )
  fx.faux.setResponses([answer, answer])
  await runCommand(app, "/pirate", "Toggle pirate mode")
  await app.until("Arrr! Pirate mode enabled!")
  await app.submit("hello")
  await app.until("reply 1")
  expect(prompts[0]).toContain("You are now in PIRATE MODE")
  await runCommand(app, "/pirate", "Toggle pirate mode")
  await app.until("Pirate mode disabled")
  await app.submit("hello again")
  await app.until("reply 2")
  expect(prompts[1]).not.toContain("PIRATE MODE")
})
