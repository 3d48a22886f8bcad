// Pi's example pickers and dialogs made of pi-tui components, in the window: the tools, preset and
// todo pickers, qna's and handoff's loaders, the question and questionnaire tools. A real session
// host on the faux model loads the real example files.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

/** The model replies `first`, then holds its next reply (an extension's own call) until released. */
function replyThenHeld(fx: { faux: { setResponses(r: unknown[]): void } }, first: string, held: string) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  fx.faux.setResponses([fauxAssistantMessage(first), async () => (await gate, fauxAssistantMessage(held))])
  return () => release()
}

test("tools: /tools lists the tools; Enter turns one off; Esc closes", async () => {
  const { app, fx } = await open(["tools.ts"])
  await runCommand(app, "/tools", "Enable/disable tools")
  const list = await app.until("Tool Configuration")
  expect(list).toMatch(/→ read +enabled/)
  expect(list).toMatch(/ bash +enabled/)
  expect(list).toContain("Enter/Space to change · Esc to cancel")
  app.mockInput.pressEnter()
  await app.until((f) => /→ read +disabled/.test(f))
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Tool Configuration"))).toContain("Ask anything")
  // The choice took: the model is no longer offered the read tool.
  fx.faux.setResponses([
    (ctx) =>
      fauxAssistantMessage(
        `tools: ${getCurrentTools(ctx.messages)
          .map((t) => t.name)
          .join(",")}`,
      ),
  ])
  await app.submit("hi")
  const reply = await app.until("tools: ")
  expect(reply).toContain("bash")
  expect(reply).not.toMatch(/tools: [^\n]*\bread\b/)
})

test("preset: /preset offers the presets; the chosen one is applied", async () => {
  const { app } = await open(["preset.ts"], {
    fixture: {
      files: {
        ".pi/presets.json": JSON.stringify({
          fast: { thinkingLevel: "low", instructions: "Be quick." },
          slow: { thinkingLevel: "high", instructions: "Be thorough." },
        }),
      },
    },
  })
  await runCommand(app, "/preset", "Switch preset configuration")
  const picker = await app.until("Select Preset")
  expect(picker).toMatch(/→ fast +thinking:low \| "Be quick\."/)
  expect(picker).toMatch(/ slow +thinking:high/)
  app.mockInput.pressArrow("down")
  await app.until((f) => /→ slow/.test(f))
  app.mockInput.pressEnter()
  const after = await app.until('Preset "slow" activated')
  expect(after).not.toContain("Select Preset")
  expect(after).toContain("think high")
  expect(after).toContain("preset:slow")
})

test("todo: /todos shows the list and Esc closes it", async () => {
  const { app } = await open(["todo.ts"])
  await runCommand(app, "/todos", "Show all todos on the current branch")
  expect(await app.until("No todos yet")).toContain("Press Escape to close")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("No todos yet"))
})

test("qna: the loader shows while the model extracts; Esc on it cancels", async () => {
  const { app, fx } = await open(["qna.ts"])
  const release = replyThenHeld(fx, "Should we use TypeScript or JavaScript?", "Q: TS or JS?\nA: ")
  await app.submit("plan it")
  await app.until("Should we use TypeScript")
  await runCommand(app, "/qna", "Extract questions from last assistant message")
  const loading = await app.until("Extracting questions using faux-1")
  expect(loading).toContain("escape/ctrl+c cancel")
  expect(loading).not.toContain("Ask anything")
  app.mockInput.pressEscape()
  const after = await app.until("Cancelled")
  expect(after).not.toContain("Extracting questions")
  expect(after).toContain("Ask anything")
  release()
})

test("handoff: the loader, then the generated prompt in the editor", async () => {
  const { app, fx } = await open(["handoff.ts"])
  const release = replyThenHeld(fx, "Done with the parser.", "Continue: write tests for the parser.")
  await app.submit("parse it")
  await app.until("Done with the parser.")
  await runCommand(app, "/handoff write tests", "Transfer context to a new focused session")
  const loading = await app.until("Generating handoff prompt")
  expect(loading).toContain("escape/ctrl+c cancel")
  expect(loading).not.toContain("Ask anything")
  release()
  // The loader's result goes into Pi's editor dialog (here xagent's), prefilled.
  const editor = await app.until("Edit handoff prompt")
  expect(editor).toContain("Continue: write tests for the parser.")
  expect(editor).not.toContain("Generating handoff prompt")
})

test("question: the model's question is answered in the window; the model reads the answer", async () => {
  const { app, fx } = await open(["question.ts"])
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("question", {
      question: "Which colour?",
      options: [{ label: "Red" }, { label: "Blue", description: "calm" }],
    }),
    (ctx) => {
      seen.push(JSON.stringify(ctx.messages.at(-1)))
      return fauxAssistantMessage("Blue it is.")
    },
  ])
  await app.submit("pick")
  const asked = await app.until("Which colour?")
  expect(asked).toMatch(/> 1\. Red/)
  expect(asked).toContain("3. Type something.")
  app.mockInput.pressArrow("down")
  await app.until((f) => /> 2\. Blue/.test(f))
  app.mockInput.pressEnter()
  // The tool's row is its own renderResult's.
  expect(await app.until("Blue it is.")).toContain("✓ 2. Blue")
  expect(seen[0]).toContain("User selected: 2. Blue")
})

test("questionnaire: the model's questions are answered in the window", async () => {
  const { app, fx } = await open(["questionnaire.ts"])
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("questionnaire", {
      questions: [
        {
          id: "c",
          prompt: "Pick a colour",
          options: [
            { value: "r", label: "Red" },
            { value: "b", label: "Blue" },
          ],
        },
      ],
    }),
    (ctx) => {
      seen.push(JSON.stringify(ctx.messages.at(-1)))
      return fauxAssistantMessage("Noted.")
    },
  ])
  await app.submit("ask me")
  expect(await app.until("Pick a colour")).toMatch(/> 1\. Red/)
  app.mockInput.pressArrow("down")
  await app.until((f) => /> 2\. Blue/.test(f))
  app.mockInput.pressEnter()
  // The tool's rows are its own renderCall's and renderResult's.
  const done = await app.until("Noted.")
  expect(done).toContain("questionnaire 1 question (c)")
  expect(done).toContain("✓ c: 2. Blue")
  expect(JSON.parse(seen[0]!).details).toMatchObject({ cancelled: false, answers: [{ id: "c", value: "b" }] })
})
