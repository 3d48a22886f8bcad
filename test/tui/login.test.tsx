// /login in the window: subscription sign-in rows, the sign-in dialog a host holds (link shown
// whole, copyable, instructions, progress, the paste field), and API keys hidden while typed.
import { afterEach, expect, test } from "bun:test"
import type { LoginRequest, ProviderAuth } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const PROVIDERS: ProviderAuth[] = [
  {
    provider: "anthropic",
    name: "Anthropic (Claude Pro/Max)",
    hasAuth: false,
    envVar: "ANTHROPIC_API_KEY",
    oauth: true,
    apiKey: true,
  },
  {
    provider: "openai-codex",
    name: "ChatGPT Plus/Pro (Codex Subscription)",
    hasAuth: false,
    oauth: true,
    apiKey: false,
  },
  { provider: "openai", hasAuth: true, envVar: "OPENAI_API_KEY", oauth: false, apiKey: true },
]

const URL =
  "https://auth.example.test/oauth/authorize?client_id=app_EMoamEEZ73f0CkXaXp7hrann&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A1455%2Fauth%2Fcallback&state=4f1c2b9e"

async function ready(width: number) {
  const client = new FakeClient({
    "auth.status": () => ({ providers: PROVIDERS }),
    "auth.login": () => ({}),
    "auth.setApiKey": () => ({}),
  })
  app = await mountApp({ width, height: 34, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

const login = (over: Partial<LoginRequest> = {}): LoginRequest => ({
  id: "ui-login-1",
  kind: "login",
  provider: "openai-codex",
  name: "ChatGPT Plus/Pro (Codex Subscription)",
  progress: [],
  ...over,
})

/** The frame's text with line breaks and dialog borders taken out, to find a wrapped link whole. */
const unwrapped = (frame: string) =>
  frame
    .split("\n")
    .map((l) => (l.includes("│") ? l.slice(l.indexOf("│") + 1, l.lastIndexOf("│")) : "").trim())
    .join("")

for (const width of [120, 40]) {
  test(`/login at ${width} columns: a subscription row starts the host's sign-in, whose dialog shows the link whole, the paste field and progress`, async () => {
    const app = await ready(width)
    const copied: string[] = []
    app.renderer.copyToClipboardOSC52 = (text: string) => (copied.push(text), true)
    await app.submit("/login")
    const list = await app.until("ChatGPT")
    expect(list).toContain("Anthropic")
    if (width === 120) expect(list).toMatch(/ChatGPT Plus\/Pro \(Codex Subscription\) +subscription +not set/)
    // openai-codex is subscription-only: no key row for it
    expect(list.match(/openai-codex/g) ?? []).toHaveLength(0)
    expect(list.match(/ChatGPT/g) ?? []).toHaveLength(1)
    app.mockInput.pressArrow("down")
    app.mockInput.pressEnter()
    await app.until(() => app.client.calls("auth.login").length === 1)
    expect(app.client.calls("auth.login")).toEqual([{ sessionId: "s1", provider: "openai-codex" }])

    await app.emit({ type: "ui_request", request: login() })
    await app.until("Starting the sign-in")
    const instructions = "A browser window should open. Complete login to finish."
    await app.emit({
      type: "ui_update",
      request: login({ url: URL, instructions, field: { key: 1, message: "Paste the redirect URL", manual: true } }),
    })
    const frame = await app.until("Paste the redirect URL")
    expect(frame).toContain("Sign in to ChatGPT Plus/Pro")
    expect(unwrapped(frame)).toContain(URL)
    expect(frame).toContain("Ctrl+Y copy link")
    app.mockInput.pressKey("y", { ctrl: true })
    await app.until("Copied the sign-in link")
    expect(copied).toEqual([URL])

    await app.mockInput.typeText("http://localhost:1455/auth/callback?code=abc")
    app.mockInput.pressEnter()
    await app.until(() => app.client.calls("session.uiRespond").length === 1)
    expect(app.client.calls("session.uiRespond")).toEqual([
      { sessionId: "s1", requestId: "ui-login-1", response: { value: "http://localhost:1455/auth/callback?code=abc" } },
    ])
    await app.emit({ type: "ui_update", request: login({ url: URL, progress: ["Exchanging the code for tokens…"] }) })
    const after = await app.until("Exchanging the code")
    expect(after).toContain("Waiting for the browser")
    expect(after).not.toContain("Paste the redirect URL")

    app.mockInput.pressEscape()
    await app.until(() => app.client.calls("session.uiRespond").length === 2)
    expect(app.client.calls("session.uiRespond")[1]).toMatchObject({ response: { cancelled: true } })
    await app.emit({ type: "ui_resolved", requestId: "ui-login-1" })
    await app.until((f) => !f.includes("Sign in to ChatGPT"))
  })

  test(`/login at ${width} columns: an API key is hidden while typed`, async () => {
    const app = await ready(width)
    await app.submit("/login openai")
    await app.until("API key for openai")
    await app.mockInput.typeText("sk-secret-123")
    const frame = await app.until("•••")
    expect(frame).not.toContain("sk-secret")
    expect(frame).not.toContain("secret-123")
    app.mockInput.pressEnter()
    await app.until("Saved the key for openai")
    expect(app.client.calls("auth.setApiKey")).toEqual([{ provider: "openai", key: "sk-secret-123" }])
  })
}

test("/login for a provider with both asks which, and a choice in a sign-in is answered by its digit", async () => {
  const app = await ready(100)
  await app.submit("/login anthropic")
  await app.until("Subscription sign-in (browser)")
  app.mockInput.pressEnter()
  await app.until(() => app.client.calls("auth.login").length === 1)
  expect(app.client.calls("auth.login")[0]).toMatchObject({ provider: "anthropic" })
  await app.emit({
    type: "ui_request",
    request: login({
      field: {
        key: 1,
        message: "Which account?",
        options: [
          { id: "work", label: "Work" },
          { id: "home", label: "Home" },
        ],
      },
    }),
  })
  await app.until("2. Home")
  app.mockInput.pressKey("2")
  await app.until(() => app.client.calls("session.uiRespond").length === 1)
  expect(app.client.calls("session.uiRespond")[0]).toMatchObject({ response: { value: "home" } })
})
