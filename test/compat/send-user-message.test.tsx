// Pi's send-user-message example in the window (compat suite): /ask and /askwith send user messages
// that start a turn; /followup while a reply runs queues one.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("send-user-message: /ask sends the text as the person's message; /askwith sends its two parts", async () => {
  const { app, fx } = await open(["send-user-message.ts"])
  const seen: string[] = []
  const answer = (ctx: { messages: unknown[] }) => (
    seen.push(JSON.stringify(ctx.messages.at(-1))),
    fauxAssistantMessage(`answer ${seen.length}`)
  )
  fx.faux.setResponses([answer, answer])
  await runCommand(app, "/ask What is 2+2?", "Send a user message to the agent")
  const asked = await app.until("answer 1")
  expect(asked).toContain("What is 2+2?")
  expect(seen[0]).toContain("What is 2+2?")
  await runCommand(app, "/askwith the weather", "Send a user message with structured content")
  const frame = await app.until("answer 2")
  expect(frame).toContain("User request: the weather")
  expect(seen[1]).toContain("Please respond concisely.")
})

test("send-user-message: /followup while the reply runs is queued and sent after it", async () => {
  const { app, fx } = await open(["send-user-message.ts"], { fixture: { tokensPerSecond: 40 } })
  const seen: string[] = []
  fx.faux.setResponses([
    fauxAssistantMessage("a fairly long first reply that streams for a while " + "and more ".repeat(10)),
    (ctx) => (seen.push(JSON.stringify(ctx.messages.at(-1))), fauxAssistantMessage("followed up")),
  ])
  await app.submit("start")
  await app.until("Working")
  await runCommand(app, "/followup And then?", "Queue a follow-up message")
  await app.until("Follow-up queued")
  await app.until("followed up")
  expect(seen[0]).toContain("And then?")
})
