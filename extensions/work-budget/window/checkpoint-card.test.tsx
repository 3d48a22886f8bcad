// The checkpoint card in the window's transcript at 120, 80 and 40 columns: a slice that goes on
// (accent) and a spent budget (warning), between the reply's rows, drawn from the message's details;
// details that are not a checkpoint's draw the plain custom row instead.
import { afterEach, describe, expect, test } from "bun:test"
import type { TranscriptItem } from "../../../src/protocol"
import { snapshot } from "../../../test/fixture/fake-client"
import { mountApp, type MountedApp } from "../../../test/fixture/tui"
import { CHECKPOINT, type CheckpointDetails } from "../rules"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const card = (id: string, details: Partial<CheckpointDetails> | string): TranscriptItem => ({
  kind: "custom",
  id,
  customType: CHECKPOINT,
  text: "Work budget: slice 2 of 3 starts now.",
  details:
    typeof details === "string"
      ? details
      : {
          slice: 1,
          maxSlices: 3,
          limit: "tool calls",
          toolCalls: 15,
          seconds: 42,
          tokens: 1234,
          next: "continue",
          ...details,
        },
  timestamp: 1,
})
const assistant = (id: string, text: string): TranscriptItem => ({
  kind: "assistant",
  id,
  blocks: [{ type: "text", text }],
  streaming: false,
  timestamp: 1,
})

describe.each([120, 80, 40])("at %i columns", (width) => {
  test("a slice boundary and a spent budget, each after its report", async () => {
    app = await mountApp({ width, height: 30 })
    const items = [
      assistant("a1", "Report one: parser done."),
      card("c1", {}),
      assistant("a2", "Report two: tests left."),
      card("c2", { slice: 2, maxSlices: 2, limit: "time", seconds: 600, tokens: 80, toolCalls: 1, next: "stop" }),
    ]
    await app.emit({ type: "snapshot", snapshot: snapshot({ items }) })
    const frame = await app.until((f) => f.includes("slice 2 of 2"))
    const flat = frame.replace(/\s+/g, " ")
    expect(flat).toContain("◆ Checkpoint · slice 1 of 3")
    expect(flat).toContain("ended at its tool-call limit (15 calls, 42 s, 1.2k tokens) · slice 2 goes on")
    expect(flat).toContain("◆ Checkpoint · slice 2 of 2")
    expect(flat).toContain("ended at its time limit (1 call, 600 s, 80 tokens) · budget spent: the reply stopped here")
    // In the reply's order: report, card, report, card.
    const at = (s: string) => flat.indexOf(s)
    expect(at("Report one")).toBeLessThan(at("slice 1 of 3"))
    expect(at("slice 1 of 3")).toBeLessThan(at("Report two"))
    expect(at("Report two")).toBeLessThan(at("slice 2 of 2"))
    // No row wider than the window.
    for (const row of frame.split("\n")) expect(row.length).toBeLessThanOrEqual(width)
  })
})

test("details that are not a checkpoint's fall back to the message's own text", async () => {
  app = await mountApp({ width: 80, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [card("c1", "garbage")] }) })
  const frame = await app.until((f) => f.includes("Work budget: slice 2 of 3 starts now."))
  expect(frame).not.toContain("◆ Checkpoint")
})
