// The bundled extensions' tools read as rows of their own in the window (their renderCall and
// renderResult, drawn by the host), not as their arguments in JSON: on a real session (faux model).
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("get_goal and update_goal: what was asked and answered, no JSON", async () => {
  const { fx, sessionId, app } = await open([], { width: 100, height: 40 })
  fx.faux.setResponses([
    toolTurn("get_goal", {}),
    toolTurn("update_goal", { status: "achieved", summary: "all done" }),
    fauxAssistantMessage("FINISHED"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "/goal make it work" })
  const frame = await app.until((f) => f.includes("FINISHED") && f.includes("update_goal"), 30_000)
  expect(frame).toContain("✓ update_goal achieved: all done")
  expect(frame).toMatch(/✓ get_goal\s*\n/)
  expect(frame).toContain("│ status: ")
  expect(frame).toContain("│ round: 1 of 30")
  expect(frame).not.toContain("{}")
  expect(frame).not.toContain('{"status"')
  // The answer meant for the model shows once the row is opened.
  expect(frame).not.toContain("End your reply now")
  app.mockInput.pressKey("o", { ctrl: true })
  expect(await app.until("End your reply now")).toContain("│ objective: make it work")
})

test("submit_plan: its outcome and title, no JSON", async () => {
  const { fx, sessionId, app } = await open([], { width: 100, height: 40 })
  fx.faux.setResponses([
    toolTurn("submit_plan", { outcome: "plan_ready", title: "Add a flag", plan: "1. Add it\n2. Test it" }),
    fauxAssistantMessage("PLANNED"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "/plan add a flag" })
  const frame = await app.until((f) => f.includes("submit_plan"), 30_000)
  expect(frame).toContain("✓ submit_plan plan ready: Add a flag")
  expect(frame).not.toContain('{"outcome"')
})
