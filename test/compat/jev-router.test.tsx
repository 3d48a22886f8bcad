// Pi's jev-router.ts example registers a virtual model, jev/auto, that routes each request to an
// OpenAI Codex model (a ChatGPT sign-in: not available here). What is checked is what pi does
// offline too: jev/auto is offered in /model and can be chosen; a prompt then fails on the missing
// sign-in with a clear error instead of hanging.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("jev-router.ts: jev/auto is a model to choose; without a Codex sign-in its reply is a clear error", async () => {
  const { app } = await open(["jev-router.ts"], { width: 110 })
  await app.submit("/model jev")
  const picker = await app.until('Models matching "jev"')
  expect(picker).toMatch(/› jev\/auto +Auto \(Jev\)/)
  app.mockInput.pressEnter()
  await app.until((f) => f.includes("Model: jev/auto") && f.includes(" · Auto (Jev) · "))
  await app.submit("hello")
  // Routed to the planning model (Terra: no classifier is signed in either), which has no credentials.
  const failed = await app.until(
    "Virtual model jev/auto routed to openai-codex/gpt-5.6-terra, which has no credentials",
  )
  expect(failed).toContain("│ hello")
})
