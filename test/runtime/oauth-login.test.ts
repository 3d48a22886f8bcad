// Subscription sign-in (auth.login) through Pi's OAuth provider API, against a loopback OAuth
// server of the tests' own: local callback, pasted code, cancel, a failed token exchange.
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { LoginRequest, SessionSnapshot } from "../../src/protocol"
import { createFauxFixture, type FauxFixture, type Recorder } from "../fixture/faux"
import { registerLoopbackProviders, startLoopbackOAuth, type LoopbackOAuth } from "../fixture/oauth-loopback"

let fx: FauxFixture | undefined
let server: LoopbackOAuth | undefined
afterEach(async () => {
  await fx?.dispose()
  await server?.close()
  fx = server = undefined
})

async function setup() {
  server = await startLoopbackOAuth()
  const url = server.url
  fx = await createFauxFixture({ extensionFactories: [(pi) => registerLoopbackProviders(pi, url)] })
  const { sessionId } = await fx.open()
  return { fx, server, sessionId, rec: fx.record(sessionId) }
}

const login = (s: SessionSnapshot) => s.ui.pending.find((r): r is LoginRequest => r.kind === "login")

function waitLogin(rec: Recorder, pred: (l: LoginRequest) => boolean, what: string) {
  return rec.waitFor((s) => !!login(s) && pred(login(s)!), what).then((s) => login(s)!)
}

const notice = (rec: Recorder, pattern: RegExp) =>
  rec.waitFor((s) => s.items.some((i) => i.kind === "notice" && pattern.test(i.text)), `a notice ${pattern}`)

const authFile = (fx: FauxFixture) => join(fx.agentDir, "auth.json")

test("auth.status lists sign-in providers, and which take a key", async () => {
  const { fx } = await setup()
  const { providers } = await fx.client.request("auth.status", {})
  expect(providers.find((p) => p.provider === "loopback")).toMatchObject({
    oauth: true,
    apiKey: false,
    name: "Loopback (callback)",
  })
  expect(providers.find((p) => p.provider === "openai-codex")).toMatchObject({ oauth: true, apiKey: false })
  expect(providers.find((p) => p.provider === "anthropic")).toMatchObject({ oauth: true, apiKey: true })
  // Pi 1.6's openai offers the ChatGPT sign-in too; mistral is a key-only provider.
  expect(providers.find((p) => p.provider === "openai")).toMatchObject({ oauth: true, apiKey: true })
  expect(providers.find((p) => p.provider === "mistral")).toMatchObject({ oauth: false, apiKey: true })
  await expect(fx.client.request("auth.setApiKey", { provider: "openai-codex", key: "sk-x" })).rejects.toThrow(
    /takes no API key: sign in with \/login/,
  )
  await expect(fx.client.request("auth.login", { sessionId: "s-none", provider: "loopback" })).rejects.toThrow(
    /Unknown session/,
  )
})

test("local-callback flow: the link is shown, the browser finishes, credentials land in auth.json", async () => {
  const { fx, server, sessionId, rec } = await setup()
  await fx.client.request("auth.login", { sessionId, provider: "loopback" })
  const shown = await waitLogin(rec, (l) => !!l.url && !!l.field, "the link and the paste field")
  expect(shown.url).toStartWith(`${server.url}/authorize?`)
  expect(shown.instructions).toMatch(/browser/)
  expect(shown.field).toMatchObject({ manual: true })
  // A second sign-in while this one runs is refused.
  await expect(fx.client.request("auth.login", { sessionId, provider: "loopback" })).rejects.toThrow(
    /already under way/,
  )

  await server.consent(shown.url!).then((r) => fetch(r.callback))
  await notice(rec, /Signed in to Loopback \(callback\)\. Credentials saved to .*auth\.json/)
  expect(login(rec.state!)).toBeUndefined()
  const saved = JSON.parse(readFileSync(authFile(fx), "utf8"))
  expect(saved.loopback).toMatchObject({
    type: "oauth",
    access: expect.stringMatching(/^at-code-/),
    refresh: expect.any(String),
  })
  expect(server.exchanges).toEqual([{ code: expect.any(String), ok: true }])
})

test("paste-the-code flow: the code pasted in the field finishes the sign-in", async () => {
  const { fx, server, sessionId, rec } = await setup()
  await fx.client.request("auth.login", { sessionId, provider: "loopback-paste" })
  const shown = await waitLogin(rec, (l) => !!l.field, "the code field")
  expect(shown.field).toMatchObject({ message: "Paste the authorization code" })
  expect(shown.field!.manual).toBeUndefined()
  const { code } = await server.consent(shown.url!)
  // An empty answer is refused and loses nothing: the field stays open.
  await expect(
    fx.client.request("session.uiRespond", { sessionId, requestId: shown.id, response: { value: "  " } }),
  ).rejects.toThrow(/needs an answer/)
  await fx.client.request("session.uiRespond", { sessionId, requestId: shown.id, response: { value: code } })
  await notice(rec, /Signed in to Loopback \(paste code\)/)
  expect(JSON.parse(readFileSync(authFile(fx), "utf8"))["loopback-paste"].access).toBe(`at-${code}`)
})

test("a pasted redirect URL also works when the flow has a callback server", async () => {
  const { fx, server, sessionId, rec } = await setup()
  await fx.client.request("auth.login", { sessionId, provider: "loopback" })
  const shown = await waitLogin(rec, (l) => !!l.field, "the paste field")
  const { callback } = await server.consent(shown.url!)
  await fx.client.request("session.uiRespond", { sessionId, requestId: shown.id, response: { value: callback } })
  await notice(rec, /Signed in to Loopback \(callback\)/)
})

test("a cancelled sign-in writes nothing and says so", async () => {
  const { fx, sessionId, rec } = await setup()
  await fx.client.request("auth.login", { sessionId, provider: "loopback" })
  const shown = await waitLogin(rec, (l) => !!l.field, "the paste field")
  await fx.client.request("session.uiRespond", { sessionId, requestId: shown.id, response: { cancelled: true } })
  await notice(rec, /Sign-in to Loopback \(callback\) cancelled/)
  expect(login(rec.state!)).toBeUndefined()
  expect(existsSync(authFile(fx)) ? JSON.parse(readFileSync(authFile(fx), "utf8")).loopback : undefined).toBeUndefined()
  // and the next one may start
  await fx.client.request("auth.login", { sessionId, provider: "loopback" })
  await waitLogin(rec, (l) => !!l.field, "a new sign-in")
})

test("a failed token exchange ends with a clear error and no credentials", async () => {
  const { fx, server, sessionId, rec } = await setup()
  server.failNextExchange("invalid_grant")
  await fx.client.request("auth.login", { sessionId, provider: "loopback" })
  const shown = await waitLogin(rec, (l) => !!l.url, "the link")
  await server.consent(shown.url!).then((r) => fetch(r.callback))
  await notice(
    rec,
    /Sign-in to Loopback \(callback\) failed: Token exchange failed \(HTTP 400\): \{"error":"invalid_grant"\}/,
  )
  expect(existsSync(authFile(fx)) ? JSON.parse(readFileSync(authFile(fx), "utf8")).loopback : undefined).toBeUndefined()
})

test("an unknown sign-in provider is refused with the list", async () => {
  const { fx, sessionId } = await setup()
  await expect(fx.client.request("auth.login", { sessionId, provider: "nope" })).rejects.toThrow(
    /No subscription sign-in for "nope"; there is: .*anthropic/,
  )
})
