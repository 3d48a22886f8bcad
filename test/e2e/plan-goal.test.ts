// Plan mode and /goal through the real bin/xagent in a real terminal (tmux) against the scripted
// model: a goal that keeps a todo list and is achieved in two rounds; a plan request whose write is
// refused, that ends with a plan card, whose plan file the person edits in $EDITOR (Alt+E, the
// window suspended meanwhile) and that Alt+I implements with the edited text.
import { afterAll, describe, expect, test } from "bun:test"
import { chmodSync, existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { probeSandbox } from "../../src/runtime/sandbox/probe"
import { makeSandbox, type Scenario } from "../fixture/mockllm"
import { hasTmux, type Pane } from "./tmux"
import { openXagentWindow } from "./xagent-window"

if (!hasTmux) console.warn("test/e2e/plan-goal.test.ts: skipped, tmux is not installed (apt-get install tmux)")

const todos = (second: "pending" | "completed") => ({
  todos: [
    { content: "Write the notes", status: second === "completed" ? "completed" : "in_progress" },
    { content: "Check the notes", status: second },
  ],
})

/** Types a message, and sends it once the composer shows it (after `›`, or `⏸` in plan mode). */
async function submit(pane: Pane, text: string, mark = "›") {
  pane.type(text)
  await pane.waitFor(`${mark} ${text}`)
  pane.send("Enter")
}

describe.skipIf(!hasTmux)("plan mode and /goal in a terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  async function start(scenario: Scenario, env: Record<string, string> = {}) {
    const w = await openXagentWindow(scenario, cleanups, { env, cols: 100, rows: 40 })
    const { pane } = w
    // The extension commands arrive a moment after the window: the palette shows them once known.
    pane.type("/pla")
    await pane.waitFor("Plan first")
    pane.send("C-c")
    await pane.waitFor("Ask anything")
    return w
  }

  test("/goal: the model updates its todos and finishes in two rounds", async () => {
    const { llm, pane } = await start({
      turns: [
        { tool: "todo_write", args: todos("pending") },
        { text: "Round one: the notes are written." },
        { tool: "todo_write", args: todos("completed") },
        { tool: "update_goal", args: { status: "achieved", summary: "notes written and checked" } },
        { text: "All done." },
      ],
      fallback: "nothing more",
    })
    await submit(pane, "/goal write the notes")
    let screen = await pane.waitFor(/Goal achieved \(2 rounds, \d+s\)/)
    expect(screen).toContain("Todo · 2 of 2 done")
    screen = await pane.waitFor("All done.")
    expect(llm.requests()).toHaveLength(5)
    // The second round started from the continuation message, with the goal's tools offered.
    expect(JSON.stringify(llm.requests()[2]!.last)).toContain("round 2 of 30")
    expect(llm.requests()[2]!.tools).toContain("update_goal")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 90_000)

  test("a plan request's write is refused; the plan card's file is edited in $EDITOR; Alt+I implements the edit", async () => {
    const tools = makeSandbox()
    cleanups.push(() => tools.cleanup())
    const editor = join(tools.root, "fake-editor.sh")
    // A fake editor: appends a step to the file it is given, as a person would in vi.
    writeFileSync(editor, `#!/bin/sh\nprintf '3. Added in the editor\\n' >> "$1"\n`)
    chmodSync(editor, 0o755)
    const { box, llm, pane } = await start(
      {
        turns: [
          { tool: "bash", args: { command: "echo draft > notes.txt" } },
          {
            tool: "submit_plan",
            args: { outcome: "plan_ready", title: "Write the notes", plan: "1. Write notes.txt\n2. Check it\n" },
          },
          { text: "Plan submitted." },
          { text: "Implemented the plan." },
        ],
        fallback: "nothing more",
      },
      { EDITOR: editor },
    )
    pane.send("BTab")
    await pane.waitFor("Plan mode: the next message is a plan request")
    await submit(pane, "write the notes", "⏸")
    let screen = await pane.waitFor("[alt+i] Implement")
    expect(screen).toContain("Write the notes")
    // The write was refused: by the kernel in the read-only sandbox, else by the allow-list.
    const refusal = JSON.stringify(llm.requests()[1]!.last)
    expect(refusal).toContain(probeSandbox().ok ? "Read-only file system" : "Plan mode: bash refused")
    expect(existsSync(join(box.cwd, "notes.txt"))).toBe(false)

    pane.send("M-e")
    screen = await pane.waitFor("Plan edited:")
    expect(screen).toContain("[alt+i] Implement")
    pane.send("M-i")
    await pane.waitFor("Implemented the plan.")
    const implement = JSON.stringify(llm.requests()[3]!.last)
    expect(implement).toContain("1. Write notes.txt")
    expect(implement).toContain("3. Added in the editor")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=0")
  }, 90_000)
})
