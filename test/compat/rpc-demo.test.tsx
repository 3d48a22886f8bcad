// Pi's rpc-demo example in the window (compat suite): every extension UI method it exercises
// reaches the person: its widget and status at start, /rpc-input's input, /rpc-editor's editor,
// /rpc-prefill's text in the composer, the select on a dangerous command, the confirm on /new.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("rpc-demo: widget and status at start; input, editor and prefill from its commands", async () => {
  const { app } = await open(["rpc-demo.ts"])
  const start = await app.until("--- RPC Extension UI Demo ---")
  expect(start).toContain("Loaded and ready.")
  expect(start).toContain("Turns: 0")
  await runCommand(app, "/rpc-input", "Prompt for text input")
  await app.until("Enter a value")
  await app.mockInput.typeText("forty-two")
  app.mockInput.pressEnter()
  await app.until("You entered: forty-two")
  await runCommand(app, "/rpc-editor", "Open multi-line editor")
  expect(await app.until("Edit some text")).toContain("Line 3")
  app.mockInput.pressKey("s", { ctrl: true })
  await app.until("Editor submitted (3 lines)")
  await runCommand(app, "/rpc-prefill", "Prefill the input editor")
  expect(await app.until("Editor prefilled")).toContain("This text was set by the rpc-demo extension.")
})

test("rpc-demo: a dangerous command asks Allow or Block; the turn shows in the status bar", async () => {
  const { app, fx } = await open(["rpc-demo.ts"])
  fx.faux.setResponses([toolTurn("bash", { command: "sudo true" }), fauxAssistantMessage("Fine.")])
  await app.submit("escalate")
  expect(await app.until("Dangerous command: sudo true")).toContain("Block")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  const done = await app.until("Fine.")
  expect(done).toContain("Command blocked by user")
  expect(await app.until("Turn 2 done")).toContain("Blocked by user")
})

test("rpc-demo: /new asks Clear session?; no keeps the conversation", async () => {
  const { app, fx } = await open(["rpc-demo.ts"])
  fx.faux.setResponses([fauxAssistantMessage("KEEP-ME")])
  await app.submit("hello")
  await app.until("KEEP-ME")
  await runCommand(app, "/new", "Start a new session")
  expect(await app.until("Clear session?")).toContain("All messages will be lost.")
  app.mockInput.pressKey("n")
  expect(await app.until("Clear cancelled")).toContain("KEEP-ME")
})
