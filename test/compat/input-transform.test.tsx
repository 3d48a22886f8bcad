// Pi's input-transform.ts example: "ping" is answered by the extension ("pong") without the model;
// "?quick question" reaches the model rewritten as a request for a brief answer.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"
import { replyAndRecord } from "./model-sees"

const open = usePiExamples()

test("input-transform.ts: ping is handled by the extension; ?quick is rewritten", async () => {
  const { app, fx } = await open(["input-transform.ts"])
  await app.submit("ping")
  const pong = await app.until("pong")
  // Handled: no message, no reply.
  expect(pong).not.toContain("│ ping")
  expect(fx.faux.state.callCount).toBe(0)
  const sent = replyAndRecord(fx.faux, "Short answer.")
  await app.submit("?quick what is bun")
  const frame = await app.until("Short answer.")
  expect(frame).toContain("│ Respond briefly in 1-2 sentences:")
  expect(sent[0]).toContain("Respond briefly in 1-2 sentences: what is bun")
})
