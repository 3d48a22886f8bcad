// Pi's plan-mode example in the window (compat suite), as its README goes: Ctrl+Alt+P turns plan
// mode on (read-only tools, "⏸ plan"), the model's `Plan:` steps are offered for execution, and
// executing restores the tools, tracks [DONE:n] in the status and the widget. Its --plan flag is
// test/cli/extension-flags.test.ts's.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
const toolNames = (ctx: TranscriptContext) => getCurrentTools(ctx.messages).map((t) => t.name)

test("plan-mode: Ctrl+Alt+P, a read-only plan, Execute, progress in the status bar and the widget", async () => {
  const { app, fx } = await open(["plan-mode/index.ts"], { width: 110 })
  const tools: string[][] = []
  fx.faux.setResponses([
    (ctx) => (
      tools.push(toolNames(ctx)),
      fauxAssistantMessage("Plan:\n1. Read the config file\n2. Update the version number")
    ),
    // As in Pi: the plan's steps (a follow-up) get a turn of their own, then "Execute the plan." does.
    (ctx) => (tools.push(toolNames(ctx)), fauxAssistantMessage("Read it. [DONE:1]")),
    fauxAssistantMessage("On to the version."),
  ])
  app.mockInput.pressKey("p", { ctrl: true, meta: true })
  expect(await app.until("Plan mode enabled")).toContain("⏸ plan")
  await app.submit("plan the release")
  const asked = await app.until("Plan mode - what next?")
  expect(asked).toContain("Execute the plan (track progress)")
  expect(tools[0]).not.toContain("edit")
  expect(tools[0]).not.toContain("write")
  expect(tools[0]).toContain("read")
  app.mockInput.pressEnter()
  const progress = await app.until((f) => f.includes("📋 1/2") && f.includes("On to the version."))
  expect(progress).toContain("Start with: Config file")
  expect(progress).toContain("☑ Config file")
  expect(progress).toContain("☐ Version number")
  expect(tools[1]).toContain("edit")
  // /todos tells the progress
  await runCommand(app, "/todos", "Show current plan todo list")
  await app.until("Plan Progress:")
})
