// Pi's working-message-test example in the window (compat suite): its coloured working message and
// dot, set at session start, show on every reply as text (not escape codes).
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
// The row under the transcript (toasts saying "Working indicator…" sit elsewhere).
const workingRow = (frame: string) => frame.split("\n").find((l) => /^ (\S+ )?Working/.test(l)) ?? ""

test("working-message-test: ● Working... (custom) on each reply, no raw codes", async () => {
  const { app, fx } = await open(["working-message-test.ts"], { fixture: { tokensPerSecond: 5 } })
  const long = "word ".repeat(200)
  fx.faux.setResponses([fauxAssistantMessage(long), fauxAssistantMessage(long)])
  for (const text of ["first", "second"]) {
    await app.submit(text)
    const row = workingRow(await app.until("Working... (custom)"))
    expect(row).toMatch(/^ ● Working\.\.\. \(custom\)/)
    expect(row).not.toContain("[38;2")
    app.mockInput.pressEscape()
    await app.until((f) => !f.includes("Working..."))
  }
})
