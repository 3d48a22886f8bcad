// Mounts a QuestionDock under testRender and records what it hands back.
import { testRender } from "@opentui/solid"
import type { AskAnswer, AskQuestion } from "../../src/protocol/ask-user"
import { QuestionDock } from "../../extensions/ask-user/window/question-dock/question-dock"

export type Dock = Awaited<ReturnType<typeof mountDock>>

export async function mountDock(questions: AskQuestion[], opts: { width: number; height?: number }) {
  const submitted: AskAnswer[][] = []
  let cancels = 0
  const height = opts.height ?? 20
  const setup = await testRender(
    () => (
      <QuestionDock
        questions={questions}
        width={opts.width}
        height={height}
        onSubmit={(a) => submitted.push(a)}
        onCancel={() => cancels++}
      />
    ),
    { width: opts.width, height: height + 2, kittyKeyboard: true },
  )
  const frame = async () => {
    await setup.renderOnce()
    return setup.captureCharFrame()
  }
  const lines = async () => (await frame()).split("\n")
  /** Clicks the first cell of the first line showing `text`. */
  const clickOn = async (text: string, nth = 0) => {
    const rows = await lines()
    const hits = rows.flatMap((l, y) => (l.includes(text) ? [y] : []))
    const y = hits[nth]
    if (y === undefined) throw new Error(`"${text}" is not on screen:\n${rows.join("\n")}`)
    await setup.mockMouse.click(rows[y]!.indexOf(text), y)
  }
  const keys = setup.mockInput
  return { ...setup, keys, frame, lines, clickOn, submitted, cancels: () => cancels }
}

/** The line holding `text` (fails loudly when absent). */
export function lineWith(frame: string, text: string): string {
  const line = frame.split("\n").find((l) => l.includes(text))
  if (line === undefined) throw new Error(`"${text}" not in frame:\n${frame}`)
  return line
}

/** The focused body line: the one with the caret mark. */
export const focusedLine = (frame: string) => frame.split("\n").find((l) => l.trimStart().startsWith("›")) ?? ""

export const STACK: AskQuestion = {
  id: "stack",
  label: "Stack",
  prompt: "Which runtime should the new service use?",
  choices: [
    { value: "bun", label: "Bun", description: "Fast startup, bundler and test runner included", recommended: true },
    {
      value: "node",
      label: "Node.js",
      description: "The most widely deployed option with the largest ecosystem of packages",
    },
    { value: "deno", label: "Deno with a deliberately long label that has to wrap" },
  ],
}

export const TESTS: AskQuestion = {
  id: "tests",
  label: "Tests",
  prompt: "Which kinds of tests should we write first?",
  multiple: true,
  maxSelections: 2,
  choices: [
    { value: "unit", label: "Unit", description: "Pure functions" },
    { value: "e2e", label: "End to end", description: "Through the real window" },
    { value: "fuzz", label: "Fuzz" },
  ],
}

const WIDE = [
  "+------------------------------------------------------------------------------+",
  "| Header                                                           [ Save ]    |",
  "+-------------------+----------------------------------------------------------+",
  "| Sidebar           | Content                                                  |",
  "|                   |                                                          |",
  "+-------------------+----------------------------------------------------------+",
  "  footer text at the far right edge of the canvas                         END-->",
].join("\n")

export const LAYOUT: AskQuestion = {
  id: "layout",
  label: "Layout",
  prompt: "Which layout?",
  uiSketch: true,
  choices: [
    { value: "wide", label: "Wide", sketch: WIDE },
    { value: "box", label: "Box", sketch: "+------+\n| tiny |\n+------+" },
    { value: "none", label: "No sketch" },
  ],
}

export const MANY: AskQuestion = {
  id: "many",
  label: "Many",
  prompt: "Pick one of many options",
  choices: Array.from({ length: 12 }, (_, i) => ({
    value: `o${i + 1}`,
    label: `Option ${i + 1}`,
    description: `Description of option ${i + 1}, long enough to wrap onto a second line in narrow docks`,
  })),
}
