import { afterEach, expect, test } from "bun:test"
import { mountApp, type MountedApp } from "../fixture/tui"
import { sessionInfo, snapshot } from "../fixture/fake-client"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

test("an empty session shows the welcome: mark, greeting, tagline and the /help hint", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  const frame = await app.until("/help")
  expect(frame).toContain("xagent v0.1.0")
  expect(frame).toMatch(/Good (morning|afternoon|evening)\.|Up late\?/)
  expect(frame).toContain("keeps working when the window closes")
  expect(frame).toContain("/help for commands")
  expect(frame).toContain("faux/faux-1")
})

test("Pi's quietStartup hides the welcome; what to do about a missing model stays", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ quietStartup: true }) }) })
  const frame = await app.until((f) => !f.includes("/help for commands") && f.includes("Ask anything"))
  expect(frame).not.toContain("xagent v0.1.0")
  expect(frame).not.toContain("keeps working when the window closes")
  await app.emit({
    type: "info",
    info: sessionInfo({ quietStartup: true, model: undefined, authHint: "No model: run /login" }),
  })
  expect(await app.until("No model: run /login")).not.toContain("xagent v0.1.0")
})

test("the shell draws before the client has connected", async () => {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const { FakeClient } = await import("../fixture/fake-client")
  const client = new FakeClient()
  const { testRender } = await import("@opentui/solid")
  const { App } = await import("../../src/tui/app")
  let connectCalled = false
  const setup = await testRender(
    () => (
      <App
        cwd="/proj/demo"
        version="0.1.0"
        connect={async () => {
          connectCalled = true
          await gate
          return client
        }}
        target={{ kind: "attach", sessionId: "s1" }}
        onExit={() => {}}
        flushInterval={0}
      />
    ),
    { width: 80, height: 24 },
  )
  await setup.renderOnce()
  expect(setup.captureCharFrame()).toContain("xagent v0.1.0")
  expect(client.subscribers()).toBe(0)
  release()
  await setup.waitFor(() => client.subscribers() === 1)
  expect(connectCalled).toBe(true)
  setup.renderer.destroy()
})

const NO_MODEL =
  "No model is signed in: run /login, or set an API key such as ANTHROPIC_API_KEY or OPENAI_API_KEY, then pick a model with /model."

test.each(["inline", "fullscreen"] as const)(
  "the advice about a missing model wraps whole at 100 columns (%s)",
  async (screen) => {
    app = await mountApp({ width: 100, height: 32, screen })
    await app.emit({
      type: "snapshot",
      snapshot: snapshot({ info: sessionInfo({ model: undefined, authHint: NO_MODEL }) }),
    })
    const frame = await app.until("No model is signed in")
    const joined = frame
      .split("\n")
      .map((l) => l.trim())
      .join(" ")
    expect(joined).toContain(NO_MODEL)
  },
)

test("with quietStartup, the advice about a missing model wraps whole too (inline)", async () => {
  app = await mountApp({ width: 100, height: 32, screen: "inline" })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ info: sessionInfo({ quietStartup: true, model: undefined, authHint: NO_MODEL }) }),
  })
  const frame = await app.until("No model is signed in")
  expect(
    frame
      .split("\n")
      .map((l) => l.trim())
      .join(" "),
  ).toContain(NO_MODEL)
})
