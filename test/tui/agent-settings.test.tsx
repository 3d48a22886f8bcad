// /model, /thinking and Shift+Tab on a session whose engine is an external ACP agent: the pickers
// list the agent's own choices (session.models' `agent`), the current one marked and a grouped
// choice's group beside it; a pick goes as session.setAgentOption; a setting the agent does not
// offer is said so and nothing opens; Shift+Tab moves to the agent's next mode (its choices in
// the info), not to Pi's plan mode.
import { afterEach, expect, test } from "bun:test"
import type { AgentSettings, SessionInfo } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const MODES: NonNullable<SessionInfo["agentMode"]> = {
  current: "default",
  choices: [
    { value: "default", name: "Default" },
    { value: "plan", name: "Plan" },
  ],
}

let info: SessionInfo

/** What the window asked the agent's host to set, in order. */
const sent = () => app!.client.calls("session.setAgentOption").map(({ kind, value }) => ({ kind, value }))

async function ready(agent: AgentSettings, over: Partial<SessionInfo> = {}) {
  const client = new FakeClient({
    "session.models": () => ({ models: [], levels: [], agent }),
    "session.setAgentOption": () => ({}),
  })
  app = await mountApp({ width: 90, height: 24, client })
  const s = snapshot()
  info = { ...s.info, name: "Agent (ACP)", ...over }
  await app.emit({ type: "snapshot", snapshot: { ...s, info } })
  await app.until("› Ask anything")
  return app
}

test("/model lists the agent's models, grouped ones with their group, the current marked; a pick is sent to the agent", async () => {
  const app = await ready({
    agent: "Claude Agent",
    model: {
      current: "sonnet",
      choices: [
        { value: "sonnet", name: "Sonnet", description: "Fast and able", group: "Claude 4" },
        { value: "opus", name: "Opus", group: "Claude 4" },
        { value: "haiku-3", name: "Haiku", group: "Claude 3" },
      ],
    },
  })
  await app.submit("/model")
  const frame = await app.until("Model · Claude Agent")
  expect(frame).toMatch(/Sonnet.*current/)
  expect(frame).toMatch(/Opus.*Claude 4/)
  expect(frame).toMatch(/Haiku.*Claude 3/)
  // Pi's model list is not shown: no provider/id rows, no "no key"
  expect(frame).not.toContain("no key")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("Model: Opus")
  expect(sent()).toEqual([{ kind: "model", value: "opus" }])
})

test("/model <name> picks the agent's model of that name at once", async () => {
  const app = await ready({
    agent: "Claude Agent",
    model: {
      current: "sonnet",
      choices: [
        { value: "sonnet", name: "Sonnet" },
        { value: "opus", name: "Opus" },
      ],
    },
  })
  await app.submit("/model opus")
  await app.until("Model: Opus")
  expect(sent()).toEqual([{ kind: "model", value: "opus" }])
})

test("/model and /thinking on an agent that offers neither say so, and open nothing", async () => {
  const app = await ready({ agent: "Some Agent" })
  await app.submit("/model")
  expect(await app.until("Some Agent offers no choice of model")).not.toContain("Choose a model")
  await app.submit("/thinking")
  expect(await app.until("no thinking or effort")).not.toContain("Thinking level")
  expect(sent()).toEqual([])
})

test("/thinking lists the agent's effort levels in its own words", async () => {
  const app = await ready({
    agent: "Codex",
    effort: {
      current: "medium",
      choices: [
        { value: "low", name: "Low" },
        { value: "medium", name: "Medium" },
        { value: "extra", name: "Extra high" },
      ],
    },
  })
  await app.submit("/thinking")
  const frame = await app.until("Thinking · Codex")
  expect(frame).toMatch(/Medium.*current/)
  expect(frame).toContain("Extra high")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("Thinking: Extra high")
  expect(sent()).toEqual([{ kind: "effort", value: "extra" }])
})

test("Shift+Tab moves to the agent's next mode, as the info says the agent offers them", async () => {
  const app = await ready({ agent: "Agent", mode: MODES }, { agentMode: MODES })
  app.mockInput.pressTab({ shift: true })
  await app.until("Mode: Plan")
  expect(sent()).toEqual([{ kind: "mode", value: "plan" }])
  // only what the agent confirmed moves the current mode: from plan, the next is default again
  await app.emit({ type: "info", info: { ...info, agentMode: { ...MODES, current: "plan" } } })
  app.mockInput.pressTab({ shift: true })
  await app.until("Mode: Default")
  expect(sent().at(-1)).toEqual({ kind: "mode", value: "default" })
})

test("an agent's words in a choice reach the terminal with no control bytes", async () => {
  const app = await ready({
    agent: "Evil\u001b]0;pwned\u0007 Agent",
    model: { current: "a", choices: [{ value: "a", name: "A\u001b[2J\u001b[31mred" }] },
  })
  await app.submit("/model")
  const frame = await app.until("Model · Evil")
  expect(frame).not.toContain("\u001b")
  expect(frame).not.toContain("pwned\u0007")
})
