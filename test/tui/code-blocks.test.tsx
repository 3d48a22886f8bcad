// Code blocks in a reply are marked as code (a rule down their left edge) and a line too long for
// the window is wrapped with a `↪` on its continuation rows, so a wrap never looks like a real line
// break in the code.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const REPLY = [
  "Here it is:",
  "",
  "```ts",
  "const reallyLongVariableName = someFunction(argumentNumberOne, argumentNumberTwo)",
  "return reallyLongVariableName",
  "```",
  "",
  "END-MARK",
].join("\n")

test("a code block has a left rule and its wrapped rows start with ↪", async () => {
  app = await mountApp({ width: 60, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.assistant("a1", REPLY)] }) })
  const frame = await app.until("END-MARK")
  const lines = frame.split("\n")
  const first = lines.findIndex((l) => l.includes("const reallyLongVariableName"))
  expect(first).toBeGreaterThan(-1)
  // the code's own rows carry the rule, the continuation row the wrap mark
  expect(lines[first]).toMatch(/^ {2}│ const reallyLongVariableName/)
  expect(lines[first + 1]).toMatch(/^ {2}↪ \S/)
  const last = lines.findIndex((l) => l.includes("return reallyLongVariableName"))
  expect(lines[last]).toMatch(/^ {2}│ return reallyLongVariableName/)
  // prose is not marked
  expect(lines.find((l) => l.includes("Here it is:"))).toMatch(/^ {2}Here it is:/)
  expect(lines.find((l) => l.includes("END-MARK"))).toMatch(/^ {2}END-MARK/)
})

test("a streaming code block is marked from its first frame", async () => {
  app = await mountApp({ width: 60, height: 20 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.emit(
    { type: "item_add", item: item.assistant("a1", "", { streaming: true, blocks: [] }) },
    { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "Look:\n\n```ts\nconst x = 1\n" },
  )
  expect(app.frame()).toMatch(/^ {2}│ const x = 1/m)
  await app.emit({ type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: "const y = 2\n" })
  const frame = await app.until("const y = 2")
  expect(frame).toMatch(/^ {2}│ const x = 1/m)
  expect(frame).toMatch(/^ {2}│ const y = 2/m)
})
