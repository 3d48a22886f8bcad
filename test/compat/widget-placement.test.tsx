// Pi's widget-placement example in the window (compat suite): two widgets set at session start, one
// above the composer and one below it.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("widget-placement: one widget above the composer, one below", async () => {
  const { app } = await open(["widget-placement.ts"])
  const frame = await app.until((f) => f.includes("Above editor widget") && f.includes("Below editor widget"))
  const rows = frame.split("\n")
  const row = (t: string) => rows.findIndex((l) => l.includes(t))
  expect(row("Above editor widget")).toBeLessThan(row("Ask anything"))
  expect(row("Below editor widget")).toBeGreaterThan(row("Ask anything"))
})
