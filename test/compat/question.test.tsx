// Pi's question example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("question: the model's question is answered in the window; the model reads the answer", async () => {
  const { app, fx } = await open(["question.ts"])
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("question", {
      question: "Which colour?",
      options: [{ label: "Red" }, { label: "Blue", description: "calm" }],
    }),
    (ctx) => {
      seen.push(JSON.stringify(ctx.messages.at(-1)))
      return fauxAssistantMessage("Blue it is.")
    },
  ])
  await app.submit("pick")
  const asked = await app.until("Which colour?")
  expect(asked).toMatch(/> 1\. Red/)
  expect(asked).toContain("3. Type something.")
  app.mockInput.pressArrow("down")
  await app.until((f) => /> 2\. Blue/.test(f))
  app.mockInput.pressEnter()
  // The tool's row is its own renderResult's.
  expect(await app.until("Blue it is.")).toContain("✓ 2. Blue")
  expect(seen[0]).toContain("User selected: 2. Blue")
})
