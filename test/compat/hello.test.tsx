// Pi's hello.ts example: a tool the model can call; its result shows in the transcript.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("hello.ts: the model calls the hello tool and the greeting is its result", async () => {
  const { app, fx } = await open(["hello.ts"])
  fx.faux.setResponses([toolTurn("hello", { name: "World" }), fauxAssistantMessage("Greeted.")])
  await app.submit("greet the world")
  const frame = await app.until("Greeted.")
  expect(frame).toContain("Hello, World!")
})
