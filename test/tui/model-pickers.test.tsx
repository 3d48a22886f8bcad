// /model and /thinking say what they can't do: a query that
// matches no model says so, a partial one opens the picker on its matches; the pickers mark the
// current entry in words, not only by where the cursor starts; a model without reasoning says it
// has no thinking levels instead of offering six that it ignores.
import { afterEach, expect, test } from "bun:test"
import { ProtocolError, type ThinkingLevel } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function client(levels: ThinkingLevel[]) {
  return new FakeClient({
    "session.models": () => ({
      models: [
        { provider: "anthropic", id: "claude-sonnet-4", name: "Claude Sonnet 4", available: true },
        { provider: "anthropic", id: "claude-haiku-4", available: true },
        { provider: "openai", id: "gpt-5", name: "GPT-5", available: false },
      ],
      current: { provider: "anthropic", id: "claude-sonnet-4" },
      levels,
    }),
    "session.setThinking": (p) => {
      if (!levels.includes(p.level)) throw new ProtocolError("bad_request", "anthropic/x has no thinking levels")
      return {}
    },
  })
}

async function ready(levels: ThinkingLevel[] = ["off", "low", "medium", "high"]) {
  app = await mountApp({ width: 90, height: 24, client: client(levels) })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

test("/model with a query that matches nothing says so and opens nothing", async () => {
  const app = await ready()
  await app.submit("/model nonsense/xyz")
  const frame = await app.until("No model matches")
  expect(frame).toContain('No model matches "nonsense/xyz"')
  expect(frame).not.toContain("Choose a model")
})

test("/model with a partial query opens the picker on its matches, the current one marked", async () => {
  const app = await ready()
  await app.submit("/model claude")
  const frame = await app.until("claude-haiku-4")
  expect(frame).toMatch(/claude-sonnet-4.*current/)
  expect(frame).not.toContain("openai/gpt-5")
  expect(app.client.calls("session.setModel")).toEqual([])
})

test("/thinking marks the current level and offers only the model's levels", async () => {
  const app = await ready()
  await app.submit("/thinking")
  const frame = await app.until("Thinking level")
  expect(frame).toMatch(/medium.*current/)
  expect(frame).toMatch(/high/)
  expect(frame).not.toMatch(/xhigh|minimal/)
})

test("/thinking on a model without reasoning says it has no levels; /thinking high is refused", async () => {
  const app = await ready(["off"])
  await app.submit("/thinking")
  expect(await app.until("has no thinking")).not.toContain("Thinking level")
  await app.submit("/thinking high")
  const frame = await app.until("anthropic/x has no thinking levels")
  expect(frame).not.toContain("Thinking: high")
})

test("/model opens on Pi's scoped models (enabledModels) when there are some; Tab shows all and back", async () => {
  const scopedClient = new FakeClient({
    "session.models": () => ({
      models: [
        { provider: "anthropic", id: "claude-sonnet-4", available: true },
        { provider: "anthropic", id: "claude-haiku-4", available: true },
        { provider: "openai", id: "gpt-5", available: false },
      ],
      current: { provider: "anthropic", id: "claude-haiku-4" },
      levels: [],
      scoped: [{ provider: "anthropic", id: "claude-haiku-4" }],
    }),
  })
  app = await mountApp({ width: 90, height: 24, client: scopedClient })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  await app.submit("/model")
  const scoped = await app.until("scoped (Tab: all)")
  expect(scoped).toContain("anthropic/claude-haiku-4")
  expect(scoped).not.toContain("claude-sonnet-4")
  expect(scoped).not.toContain("gpt-5")
  app.mockInput.pressTab()
  const all = await app.until("all (Tab: scoped)")
  expect(all).toContain("anthropic/claude-sonnet-4")
  expect(all).toContain("openai/gpt-5")
  app.mockInput.pressTab()
  expect(await app.until("scoped (Tab: all)")).not.toContain("gpt-5")
})
