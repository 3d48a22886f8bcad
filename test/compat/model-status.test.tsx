// Pi's model-status.ts example: choosing another model shows a notice and the model in the status bar.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("model-status.ts: /model to another model says so and shows it in the status bar", async () => {
  const models = [
    { id: "faux-1", reasoning: true, contextWindow: 200_000 },
    { id: "faux-2", reasoning: true, contextWindow: 200_000 },
  ]
  const { app } = await open(["model-status.ts"], { fixture: { models } })
  await runCommand(app, "/model faux/faux-2", "Choose")
  const frame = await app.until((f) => f.includes("Model: faux/faux-2") && f.includes("🤖 faux-2"))
  // Two notices, as in pi: the window's own confirmation (a toast) and the extension's (a line).
  expect(frame.match(/Model: faux\/faux-2/g)?.length).toBe(2)
})
