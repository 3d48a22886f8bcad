// Pi's questionnaire example in the window (compat suite): a real session host on the faux model loads the
// installed example file; the test does what its doc comment says and checks the frames.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("questionnaire: the model's questions are answered in the window", async () => {
  const { app, fx } = await open(["questionnaire.ts"])
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("questionnaire", {
      questions: [
        {
          id: "c",
          prompt: "Pick a colour",
          options: [
            { value: "r", label: "Red" },
            { value: "b", label: "Blue" },
          ],
        },
      ],
    }),
    (ctx) => {
      seen.push(JSON.stringify(ctx.messages.at(-1)))
      return fauxAssistantMessage("Noted.")
    },
  ])
  await app.submit("ask me")
  expect(await app.until("Pick a colour")).toMatch(/> 1\. Red/)
  app.mockInput.pressArrow("down")
  await app.until((f) => /> 2\. Blue/.test(f))
  app.mockInput.pressEnter()
  // The tool's rows are its own renderCall's and renderResult's.
  const done = await app.until("Noted.")
  expect(done).toContain("questionnaire 1 question (c)")
  expect(done).toContain("✓ c: 2. Blue")
  expect(JSON.parse(seen[0]!).details).toMatchObject({ cancelled: false, answers: [{ id: "c", value: "b" }] })
})
