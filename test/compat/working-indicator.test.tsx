// Pi's working-indicator example in the window (compat suite): its indicator takes the spinner's
// place while a reply streams; /working-indicator switches it (dot, none, reset) and says so.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
// The row under the transcript (toasts saying "Working indicator…" sit elsewhere).
const workingRow = (frame: string) => frame.split("\n").find((l) => /^ (\S+ )?Working/.test(l)) ?? ""

test("working-indicator: dot shows ●, none hides it, the status bar names the mode", async () => {
  // 100 columns: the temp folder, the model, the thinking level and the status side by side.
  const { app, fx } = await open(["working-indicator.ts"], { width: 100, fixture: { tokensPerSecond: 5 } })
  expect(await app.until("Indicator: custom spinner")).toContain("Ask anything")
  await runCommand(app, "/working-indicator dot", "Set the streaming working indicator")
  await app.until("Working indicator set to: static dot")
  await app.until("Indicator: static dot")
  const long = "word ".repeat(200)
  fx.faux.setResponses([fauxAssistantMessage(long), fauxAssistantMessage(long)])
  await app.submit("go")
  expect(workingRow(await app.until((f) => /● Working/.test(f)))).toMatch(/^ ● Working/)
  app.mockInput.pressEscape()
  await app.until((f) => workingRow(f) === "")
  await runCommand(app, "/working-indicator none", "Set the streaming working indicator")
  await app.until("Indicator: hidden")
  await app.submit("again")
  expect(workingRow(await app.until((f) => /^ Working/m.test(f)))).toMatch(/^ Working/)
})
