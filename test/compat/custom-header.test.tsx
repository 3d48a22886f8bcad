// Pi's custom-header.ts example: the header set at session start (an ASCII logo) is drawn above the
// transcript; /builtin-header puts the window's own back.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("custom-header.ts: the header set at session start is drawn; /builtin-header restores the window's", async () => {
  const { app } = await open(["custom-header.ts"])
  const frame = await app.until("shitty coding agent")
  expect(frame).toContain("██████████████")
  expect(frame).toMatch(/shitty coding agent v\d+\.\d+/)
  // The rest of the page is as usual.
  expect(frame).toContain("Ask anything")
  await runCommand(app, "/builtin-header", "Restore built-in header")
  const restored = await app.until("Built-in header restored")
  expect(restored).not.toContain("shitty coding agent")
  expect(restored).toContain("xagent v0.1.0")
})
