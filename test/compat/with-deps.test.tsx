// Pi's with-deps example (compat suite): an extension with its own package.json and node_modules
// (`ms`) loads, and its tool works.
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("with-deps: parse_duration uses the extension's own dependency", async () => {
  const { app, fx } = await open(["with-deps"])
  fx.faux.setResponses([toolTurn("parse_duration", { duration: "2 days" }), fauxAssistantMessage("Two days.")])
  await app.submit("how long is 2 days")
  expect(await app.until("Two days.")).toContain("2 days = 172800000 milliseconds")
})
