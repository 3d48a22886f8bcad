// An ACP agent's form in the real window's question dock (runtime/agent/agent-elicitation.ts makes
// the request, as the agent session does): a field asking for text is a question with no choices,
// which starts in its typed field, called "Your answer"; what is typed goes back as the answer
// and becomes the form's content. Before, the dock's focus sat on a choice that did not exist:
// typing did nothing and Enter threw.
import { afterEach, expect, test } from "bun:test"
import type * as acp from "@agentclientprotocol/sdk"
import type { UiResponse } from "../../src/protocol"
import { elicitationAsk } from "../../src/runtime/agent/agent-elicitation"
import { snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const params: acp.CreateElicitationRequest = {
  sessionId: "s",
  mode: "form",
  message: "Who is deploying?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name" },
      replicas: { type: "integer", title: "Replicas", minimum: 1 },
    },
    required: ["name", "replicas"],
  },
}

test("a form's text fields: each question starts in its typed field; the typed answers become the form's content", async () => {
  app = await mountApp({ width: 80, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({}) })
  await app.until("╭")
  const ask = elicitationAsk("q1", params)
  if ("unshowable" in ask) throw new Error(ask.unshowable)
  await app.emit({ type: "ui_request", request: ask.request })

  const first = await app.until("Who is deploying?")
  expect(first).toContain("· Name   · Replicas   Review")
  expect(first).toContain("› 1. ○ Your answer")
  expect(first).not.toContain("Something else")
  await app.mockInput.typeText("Ada")
  expect(await app.until((f) => /● Your answer +Ada/.test(f))).toContain("✓ Name")
  // Enter leaves the field for the page's button, and Enter there goes on
  app.mockInput.pressEnter()
  await app.until("› [ Next › ]")
  app.mockInput.pressEnter()
  await app.until("Replicas (a whole number of at least 1)")
  await app.mockInput.typeText("3")
  await app.until((f) => /● Your answer +3/.test(f))
  app.mockInput.pressEnter()
  app.mockInput.pressEnter()
  const review = await app.until("[ Submit ]")
  expect(review).toContain("✓ Replicas")
  app.mockInput.pressEnter()

  await app.until((f) => !f.includes("Who is deploying?"))
  const sent = app.client.calls("session.uiRespond")
  expect(sent).toHaveLength(1)
  // the agent session turns the dock's answers into the form's content, typed as the schema says
  expect(ask.answer(sent[0]!.response as UiResponse)).toEqual({
    action: "accept",
    content: { name: "Ada", replicas: 3 },
  })
})
