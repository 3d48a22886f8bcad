// Pi's summarize example in the window (compat suite): /summarize asks openai/gpt-5.2 for a summary
// of the conversation and shows it in its own component until Enter. The model is the one edge
// faked: a faux provider named openai with a gpt-5.2 (in Pi it needs an OpenAI key).
import { expect, test } from "bun:test"
import { fauxAssistantMessage, fauxProvider } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("summarize: /summarize shows the model's summary of the conversation; Enter closes it", async () => {
  const openai = fauxProvider({ provider: "openai", models: [{ id: "gpt-5.2", reasoning: true }] })
  const asked: string[] = []
  openai.setResponses([
    (ctx) => (asked.push(JSON.stringify(ctx.messages)), fauxAssistantMessage("## Goals\n\nSHIP-THE-PARSER")),
  ])
  const { app, fx } = await open(["summarize.ts"], {
    fixture: {
      hostOptions: {
        setup: async ({ modelRuntime }) => {
          modelRuntime.registerNativeProvider({
            ...openai.provider,
            auth: { apiKey: { name: "OpenAI", resolve: async () => ({ auth: { apiKey: "k" } }) } },
          })
          await modelRuntime.setRuntimeApiKey("openai", "k")
        },
      },
    },
  })
  fx.faux.setResponses([fauxAssistantMessage("The parser is half done.")])
  await app.submit("where are we with the parser")
  await app.until("The parser is half done.")
  await runCommand(app, "/summarize", "Summarize the current conversation")
  const shown = await app.until("Conversation Summary")
  expect(shown).toContain("SHIP-THE-PARSER")
  expect(shown).toContain("Press Enter or Esc to close")
  expect(asked[0]).toContain("where are we with the parser")
  expect(asked[0]).toContain("The parser is half done.")
  app.mockInput.pressEnter()
  expect(await app.until((f) => !f.includes("Conversation Summary"))).toContain("Ask anything")
})
