import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import type { ToolItem } from "../../src/protocol"
import { AskUserCard } from "../../extensions/ask-user/window/ask-user-card"
import { STACK, TESTS } from "./question-dock-harness"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => setup?.renderer.destroy())

async function card(item: Partial<ToolItem>, width = 80) {
  const full: ToolItem = {
    kind: "tool",
    id: "t1",
    name: "ask_user",
    args: { questions: [STACK, TESTS] },
    status: "done",
    timestamp: 0,
    ...item,
  }
  setup = await testRender(() => <AskUserCard item={full} />, { width, height: 30 })
  await setup.renderOnce()
  return setup.captureCharFrame()
}

test("the call card lists each question with its choices; multi-select says how many", async () => {
  const frame = await card({ status: "running" })
  expect(frame).toContain("◇ 1/2 Stack")
  expect(frame).toContain("Which runtime should the new service use?")
  expect(frame).toContain("1. Bun (Recommended)  Fast startup")
  expect(frame).toContain("2. Node.js")
  expect(frame).toContain("◇ 2/2 Tests")
  expect(frame).toContain("○ End to end  Through the real window")
  expect(frame).toContain("Select 1 to 2 answers.")
  expect(frame).toContain("… waiting for an answer")
  expect(frame).not.toContain("✓ Stack:")
})

test("the result card shows one ✓ line per answer, with free text and notes", async () => {
  const details = {
    answers: [
      { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1, note: "fast" },
      {
        id: "tests",
        multiple: true,
        selections: [
          { value: "unit", label: "Unit", wasCustom: false, index: 1 },
          { value: "props", label: "props", wasCustom: true },
        ],
      },
    ],
  }
  const frame = await card({ details })
  expect(frame).toContain("✓ Stack: Bun (note: fast)")
  expect(frame).toContain('✓ Tests: Unit, Something else: "props"')
  expect(frame).not.toContain("waiting")
})

test("a cancelled call and a refused call say so", async () => {
  expect(await card({ details: { answers: [], cancelled: true } })).toContain(
    "✗ Cancelled: the questions were not answered",
  )
  setup?.renderer.destroy()
  const frame = await card({
    status: "error",
    args: { questions: "bad" },
    output: "questions: must be an array of questions",
  })
  expect(frame).toContain("✗ questions: must be an array of questions")
  expect(frame).not.toContain("◇")
})

test("long prompts wrap at 40 columns", async () => {
  const frame = await card({ status: "running" }, 40)
  expect(frame.replace(/\s+/g, " ")).toContain("Which runtime should the new service use?")
  expect(frame).toContain("◇ 1/2 Stack")
})

test("an answered card does not list the choices again, only the questions and the answers", async () => {
  const details = {
    answers: [
      { id: "stack", value: "bun", label: "Bun", wasCustom: false, index: 1 },
      { id: "tests", multiple: true, selections: [{ value: "fuzz", label: "Fuzz", wasCustom: false, index: 3 }] },
    ],
  }
  const frame = await card({ details })
  expect(frame).toContain("◇ 1/2 Stack")
  expect(frame).toContain("Which runtime should the new service use?")
  expect(frame).toContain("✓ Stack: Bun")
  expect(frame).toContain("✓ Tests: Fuzz")
  expect(frame).not.toContain("Node.js")
  expect(frame).not.toContain("○ End to end")
  expect(frame).not.toContain("Select 1 to 2 answers.")
})
