// Pi's inline-bash.ts example: `!{command}` inside a prompt is replaced by the command's output
// (run in the session's folder) before the model sees it, and a notice says what was expanded.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"

const open = usePiExamples()

test("inline-bash.ts: !{…} in a prompt is expanded with the command's output", async () => {
  const { app, fx } = await open(["inline-bash.ts"], { fixture: { files: { "here.txt": "x" } } })
  const sent = replyAndRecord(fx.faux, "Expanded reply.")
  await app.submit("answer !{echo 4242} in !{ls}")
  const frame = await app.until("Expanded reply.")
  expect(frame).toContain("Expanded 2 inline command(s)")
  expect(frame).toContain("answer 4242 in here.txt")
  expect(sent[0]).toContain("answer 4242 in here.txt")
})
