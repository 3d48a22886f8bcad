// Pi's confirm-destructive.ts example: /new asks "Clear session?" and No keeps the session; /fork asks
// before forking and "No" cancels it.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("confirm-destructive.ts: /new asks first; declining keeps the conversation", async () => {
  const { app, fx } = await open(["confirm-destructive.ts"])
  fx.faux.setResponses([fauxAssistantMessage("Kept reply.")])
  await app.submit("hello")
  await app.until("Kept reply.")
  await runCommand(app, "/new", "Start a new session")
  const ask = await app.until("Clear session?")
  expect(ask).toContain("This will delete all messages in the current session.")
  app.mockInput.pressEscape()
  const after = await app.until("Clear cancelled")
  expect(after).toContain("Kept reply.")
})

test("confirm-destructive.ts: /fork asks which way; 'No, stay' cancels the fork", async () => {
  const { app, fx } = await open(["confirm-destructive.ts"])
  fx.faux.setResponses([fauxAssistantMessage("First reply.")])
  await app.submit("first message")
  await app.until("First reply.")
  await runCommand(app, "/fork", "Start a new session from an earlier message")
  await app.until("Fork from message")
  app.mockInput.pressEnter()
  const ask = await app.until("Fork from entry")
  expect(ask).toContain("Yes, create fork")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  expect(await app.until("Fork cancelled")).toContain("First reply.")
})
