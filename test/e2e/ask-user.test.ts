// ask_user through the real bin/xagent in a real terminal (tmux) against the scripted model: the model
// asks a multi-select question with sketches and a single-choice one, the person answers with keys, and
// the model's next request carries the answer. Polling the screen is the event: deadlines, no fixed sleeps.
import { afterAll, describe, expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { Scenario } from "../fixture/mockllm"
import { hasTmux } from "./tmux"
import { openXagentWindow } from "./xagent-window"

const LAYOUT = {
  id: "layout",
  label: "Layout",
  prompt: "Which panels should the dashboard have?",
  multiple: true,
  uiSketch: true,
  choices: [
    {
      value: "side",
      label: "Sidebar",
      description: "Navigation on the left",
      sketch: ["+------+--------------+", "| nav  | main         |", "+------+--------------+"].join("\n"),
    },
    {
      value: "top",
      label: "Top bar",
      description: "Tabs across the top",
      sketch: [
        "+---------------------+",
        "| tabs   tabs   tabs  |",
        "+---------------------+",
        "| body                |",
      ].join("\n"),
    },
    { value: "none", label: "Neither" },
  ],
}
const STACK = {
  id: "stack",
  label: "Stack",
  prompt: "Which runtime should it use?",
  choices: [
    { value: "bun", label: "Bun", recommended: true },
    { value: "node", label: "Node" },
  ],
}
const REPLY = "Sidebar and top bar on Node, then."
const ANSWER_TEXT = "Layout: Sidebar (choice 1), Top bar (choice 2)\nStack: Node (choice 2)"
const scenario: Scenario = {
  turns: [{ text: "A few questions first.", tool: "ask_user", args: { questions: [LAYOUT, STACK] } }, { text: REPLY }],
  fallback: "nothing more to say",
}

if (!hasTmux) console.warn("test/e2e/ask-user.test.ts: skipped, tmux is not installed (apt-get install tmux)")

/** Every *.jsonl under `dir`, recursively (Pi keeps sessions per folder). */
function sessionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sessionFiles(path)
    return name.endsWith(".jsonl") ? [path] : []
  })
}

describe.skipIf(!hasTmux)("ask_user in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  test("the dock takes the answer by keys and the model receives it as the tool result", async () => {
    const { box, llm, pane } = await openXagentWindow(scenario, cleanups, { cols: 100, rows: 40 })
    pane.type("plan the dashboard")
    pane.send("Enter")

    // The dock: tabs, the question, the focused choice's sketch (ASCII borders drawn as box lines).
    // (The transcript's call card shows the prompt too, a moment before the dock.)
    let screen = await pane.waitFor("· Layout   · Stack   Review")
    expect(screen).toContain("Which panels should the dashboard have?")
    expect(screen).not.toContain("Ask anything")
    screen = await pane.waitFor("│ nav  │ main")
    expect(screen).toContain("┌──────┬──────────────┐")

    pane.send("Space")
    pane.send("Down")
    // Focus moves the preview, not the answer.
    screen = await pane.waitFor("│ tabs   tabs   tabs  │")
    expect(screen).not.toContain("│ nav  │ main")
    pane.send("Space")
    await pane.waitFor("✓ Layout")
    pane.send("Right")
    await pane.waitFor("Which runtime should it use?")
    // Space picks and stays (a digit would pick and, with no question left, answer at once).
    pane.send("Down")
    pane.send("Space")
    await pane.waitFor("✓ Stack")
    pane.send("Right")
    await pane.waitFor("[ Submit ]")
    pane.send("Enter")

    screen = await pane.waitFor(REPLY)
    expect(screen).toContain("✓ Layout: Sidebar, Top bar")
    expect(screen).toContain("✓ Stack: Node")
    await pane.waitFor("Ask anything") // the run settles just after its last words

    // What the model was sent: the tool on the first call, the answer as the tool result on the second.
    const calls = llm.requests()
    expect(calls).toHaveLength(2)
    expect(calls[0]!.tools).toContain("ask_user")
    const toolMessage = calls[1]!.last.find((m) => (m as { role?: string }).role === "tool") as { content: unknown }
    const content = typeof toolMessage.content === "string" ? toolMessage.content : JSON.stringify(toolMessage.content)
    expect(content).toContain(ANSWER_TEXT)

    // The details (not sent to the model) are in the session file, with the sketches still literal ASCII.
    const lines = sessionFiles(box.agentDir).flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean))
    type Entry = { message?: { role?: string; toolName?: string; details?: unknown } }
    const entries = lines.map((l) => JSON.parse(l) as Entry)
    const result = entries.find((e) => e.message?.role === "toolResult" && e.message.toolName === "ask_user")
    expect(result?.message?.details).toEqual({
      answers: [
        {
          id: "layout",
          multiple: true,
          selections: [
            { value: "side", label: "Sidebar", wasCustom: false, index: 1 },
            { value: "top", label: "Top bar", wasCustom: false, index: 2 },
          ],
        },
        { id: "stack", value: "node", label: "Node", wasCustom: false, index: 2 },
      ],
    })
    expect(lines.join("\n")).toContain(JSON.stringify(LAYOUT.choices[0]!.sketch))

    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
