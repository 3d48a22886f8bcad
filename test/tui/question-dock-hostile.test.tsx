// ask_user texts come from the model (through an extension's tool call): the dock and the transcript
// card draw them through the one sanitizer, so BEL, BS, bidi overrides, OSC and CSI never reach the terminal.
import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import type { AskQuestion } from "../../src/protocol/ask-user"
import type { ToolItem } from "../../src/protocol"
import { AskUserCard } from "../../extensions/ask-user/window/ask-user-card"
import { mountDock, type Dock } from "./question-dock-harness"

const ESC = "\u001b"
const HOSTILE = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]0;title\u0007\u009b2J${ESC}[2J\u0007evil\u202e txet\u202c S\bend`
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

const clean = (frame: string) => {
  expect(frame).not.toMatch(CONTROLS)
  expect(frame).not.toContain("52;c")
  expect(frame).not.toContain("[2J")
  expect(frame).not.toContain("title")
}

const QUESTION: AskQuestion = {
  id: "q",
  label: `Lab${ESC}[31mel`,
  prompt: `Prompt ${HOSTILE}`,
  uiSketch: true,
  choices: [
    {
      value: "a",
      label: `Alpha ${HOSTILE}`,
      description: `desc ${HOSTILE}`,
      sketch: `+--+\n|s${ESC}[2J\u0007k|\n+--+`,
    },
    { value: "b", label: "Beta" },
  ],
}

let dock: Dock | undefined
let card: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  dock?.renderer.destroy()
  card?.renderer.destroy()
  dock = card = undefined
})

test("the dock draws question labels, prompts, choices and descriptions without controls", async () => {
  dock = await mountDock([QUESTION], { width: 120, height: 20 })
  const frame = await dock.frame()
  expect(frame).toContain("Label")
  expect(frame).toMatch(/Prompt .*evil txet Send/)
  expect(frame).toMatch(/Alpha .*evil txet Send/)
  expect(frame).toMatch(/desc .*evil txet Send/)
  // A sketch is literal ASCII: the dock names the bad character instead of drawing it.
  expect(frame).toContain("control character U+001B")
  clean(frame)
})

test("a note pasted into the dock is drawn without controls", async () => {
  dock = await mountDock([QUESTION], { width: 120, height: 20 })
  dock.keys.pressKey(" ")
  dock.keys.pressKey("n")
  await dock.frame()
  await dock.keys.pasteBracketedText(`note ${HOSTILE}`)
  const frame = await dock.frame()
  expect(frame).toMatch(/note .*evil txet Send/)
  clean(frame)
})

test("the transcript card draws the questions and answers without controls", async () => {
  const item: ToolItem = {
    kind: "tool",
    id: "t1",
    name: "ask_user",
    args: { questions: [QUESTION] },
    status: "running",
    timestamp: 0,
  }
  card = await testRender(() => <AskUserCard item={item} />, { width: 120, height: 20 })
  await card.renderOnce()
  let frame = card.captureCharFrame()
  expect(frame).toMatch(/Prompt .*evil txet Send/)
  expect(frame).toMatch(/Alpha .*evil txet Send/)
  expect(frame).toMatch(/desc .*evil txet Send/)
  clean(frame)
  card.renderer.destroy()

  const done: ToolItem = {
    ...item,
    status: "done",
    details: { answers: [{ id: "q", value: `Own ${HOSTILE}`, label: "x", wasCustom: true, note: `why ${HOSTILE}` }] },
  }
  card = await testRender(() => <AskUserCard item={done} />, { width: 160, height: 20 })
  await card.renderOnce()
  frame = card.captureCharFrame()
  expect(frame).toMatch(/✓ Label: Something else: "Own .*evil txet Send/)
  expect(frame).toMatch(/note: why .*evil txet Send/)
  clean(frame)
})
