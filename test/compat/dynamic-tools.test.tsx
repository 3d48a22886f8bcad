// Pi's dynamic-tools.ts example: a tool registered at session start (with a notice) and one added
// later by /add-echo-tool; the model can call both.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("dynamic-tools.ts: echo_session from the start, /add-echo-tool adds one the model then uses", async () => {
  const { app, fx } = await open(["dynamic-tools.ts"])
  await app.until("Registered dynamic tool: echo_session")
  await runCommand(app, "/add-echo-tool shout", "Register a new echo tool dynamically")
  await app.until("Registered dynamic tool: shout")
  let tools: string[] = []
  fx.faux.setResponses([
    (ctx) => {
      tools = getCurrentTools(ctx.messages).map((t) => t.name)
      return toolTurn("shout", { message: "hey" })
    },
    toolTurn("echo_session", { message: "again" }),
    fauxAssistantMessage("Echoed twice."),
  ])
  await app.submit("echo please")
  const frame = await app.until("Echoed twice.")
  expect(tools).toContain("shout")
  expect(tools).toContain("echo_session")
  expect(frame).toContain("[shout] hey")
  expect(frame).toContain("[session] again")
})
