// Pi's event-bus.ts example: extensions talk over pi.events; its own "Session started" event at
// startup and /emit's events come back as notices.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("event-bus.ts: the startup event is shown, and /emit's message comes back over the bus", async () => {
  const { app } = await open(["event-bus.ts"])
  await app.until("Event from event-bus-example: Session started")
  await runCommand(app, "/emit over the bus", "Emit my:notification event")
  expect(await app.until("Event from /emit command: over the bus")).toContain("Ask anything")
})
