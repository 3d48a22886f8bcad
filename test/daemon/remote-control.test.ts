// Remote control through a real daemon, over real HTTP(S): a browser pairs only with the window's
// yes, its token reaches its own session and nothing else, every refusal changes nothing, and a
// revoked device is cut at once. The requests are what the web app sends (fetch with a bearer
// token and its page's Origin); the answers are read from the wire.
import { afterAll, afterEach, beforeAll, expect, setDefaultTimeout, test } from "bun:test"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { connect as tlsConnect } from "node:tls"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { EventEnvelope, RemoteStatus } from "../../src/protocol"
import { buildRemoteApp } from "../../src/cli/remote-app-bundle"
import type { Scenario } from "../fixture/mockllm"
import { WAIT_MS } from "../fixture/wait"
import { startBox, until, type DaemonBox } from "./harness"

setDefaultTimeout(120_000)

let appDir = ""
beforeAll(async () => {
  appDir = await buildRemoteApp(join(mkdtempSync(join(tmpdir(), "xagent-rc-app-")), "app"))
})
afterAll(() => rmSync(join(appDir, ".."), { recursive: true, force: true }))

let d: DaemonBox | undefined
afterEach(async () => {
  await d?.cleanup()
  d = undefined
})

async function openSession(
  scenario: Scenario = { turns: [{ text: "Hello from the model." }] },
  env: Record<string, string> = {},
) {
  d = await startBox(scenario, { env: { XAGENT_REMOTE_APP_DIR: appDir, ...env } })
  const client = await d.connect()
  const { sessionId } = await client.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  return { client, sessionId }
}

/** What the web app sends: JSON with its page's Origin and, once paired, its token. */
function browser(url: string, token = "", origin = url) {
  return async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json", origin }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      tls: { rejectUnauthorized: false },
    } as RequestInit)
    return { status: res.status, body: (await res.json().catch(() => ({}))) as any, headers: res.headers }
  }
}

/** `until` for a probe that asks the daemon. */
async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

const codeOf = (link: string) => new URLSearchParams(link.split("#")[1]).get("pair")!

/** Pairs a browser: its request, the window's yes (remote.decide), its token. */
async function pairDevice(client: Awaited<ReturnType<DaemonBox["connect"]>>, sessionId: string, s: RemoteStatus) {
  const web = browser(s.url!)
  const asked = await web("/api/pair", { code: codeOf(s.link!), name: "Chrome on Android" })
  expect(asked.status).toBe(200)
  const waiting = web("/api/pair/wait", asked.body)
  const seen = await eventually(async () => {
    const now = await client.daemon("remote.status", { sessionId })
    return now.requests.length ? now : undefined
  }, "the pair request in the window's status")
  expect(seen.requests[0]!.name).toBe("Chrome on Android")
  await client.daemon("remote.decide", { sessionId, requestId: seen.requests[0]!.id, allow: true })
  const answer = await waiting
  expect(answer.body.state).toBe("allowed")
  return answer.body.token as string
}

/** The device's event stream, read as the web app reads it. */
function stream(url: string, token: string, after = 0) {
  const events: EventEnvelope[] = []
  const ctl = new AbortController()
  let ended = false
  const done = (async () => {
    const res = await fetch(`${url}/api/events?after=${after}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: ctl.signal,
      tls: { rejectUnauthorized: false },
    } as RequestInit)
    expect(res.status).toBe(200)
    let rest = ""
    for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + chunk).split("\n")
      rest = lines.pop()!
      for (const l of lines) {
        const msg = l ? JSON.parse(l) : undefined
        if (msg?.type === "event") events.push(msg)
      }
    }
  })()
    .catch(() => {})
    .finally(() => (ended = true))
  return { events, ended: () => ended, done, close: () => ctl.abort() }
}

const replyText = (events: EventEnvelope[]) =>
  events
    .map((e) => e.event)
    .flatMap((e) =>
      e.type === "text_delta"
        ? [e.delta]
        : e.type === "item_add" || e.type === "item_update"
          ? e.item.kind === "assistant"
            ? e.item.blocks.map((b) => ("text" in b ? b.text : ""))
            : []
          : e.type === "snapshot"
            ? e.snapshot.items.flatMap((i) =>
                i.kind === "assistant" ? i.blocks.map((b) => ("text" in b ? b.text : "")) : [],
              )
            : [],
    )
    .join("")

test("a browser pairs only with the window's yes; its token then follows the session and sends a prompt", async () => {
  const { client, sessionId } = await openSession()
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  expect(s.on).toBe(true)
  expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const web = browser(s.url!)

  // the app's page, with a policy that loads nothing from elsewhere
  const page = await fetch(s.url + "/")
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('src="app.js"')
  expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")

  // before the window says yes: nothing
  const asked = await web("/api/pair", { code: codeOf(s.link!), name: "Chrome on Android" })
  expect(asked.status).toBe(200)
  let answered = false
  const waiting = web("/api/pair/wait", asked.body).finally(() => (answered = true))
  // the link's code is spent: a replay pairs nobody, and the window's link has a new one
  const replay = await web("/api/pair", { code: codeOf(s.link!), name: "someone else" })
  expect(replay.status).toBe(403)
  const now = await client.daemon("remote.status", { sessionId })
  expect(now.requests.map((r) => r.name)).toEqual(["Chrome on Android"])
  expect(codeOf(now.link!)).not.toBe(codeOf(s.link!))

  expect(answered).toBe(false)
  await client.daemon("remote.decide", { sessionId, requestId: now.requests[0]!.id, allow: true })
  const answer = await waiting
  expect(answer.body.state).toBe("allowed")
  const token = answer.body.token as string
  // handed over once
  expect((await web("/api/pair/wait", asked.body)).status).toBe(404)

  const paired = await client.daemon("remote.status", { sessionId })
  expect(paired.devices.map((x) => x.name)).toEqual(["Chrome on Android"])
  // kept hashed, never as itself
  const stored = readFileSync(join(d!.box.xagentHome, "remote", "devices.json"), "utf8")
  expect(stored).not.toContain(token)
  expect(d!.log()).not.toContain(token)

  const me = browser(s.url!, token)
  expect((await me("/api/whoami")).body.sessionId).toBe(sessionId)
  const events = stream(s.url!, token)
  await until(() => events.events.some((e) => e.event.type === "snapshot"), "the snapshot on the device's stream")
  await eventually(async () => (await client.daemon("remote.status", { sessionId })).devices[0]!.connected, "connected")
  const sent = await me("/api/call", { method: "session.prompt", params: { sessionId, text: "hi from the phone" } })
  expect(sent.status).toBe(200)
  await until(() => replyText(events.events).includes("Hello from the model."), "the reply on the device's stream")
  events.close()
  await events.done
})

test("refused: no token, a wrong token, another session, another origin, another host name, a call a device may not make", async () => {
  const { client, sessionId } = await openSession()
  const other = (await client.request("session.open", { cwd: d!.box.cwd, mode: { kind: "new" } })).sessionId
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  const token = await pairDevice(client, sessionId, s)
  const before = (await client.daemon("daemon.status", {})).sessions

  const anon = browser(s.url!)
  expect((await anon("/api/whoami")).status).toBe(401)
  expect((await anon("/api/call", { method: "session.prompt", params: { sessionId, text: "x" } })).status).toBe(401)
  const forged = browser(s.url!, "A".repeat(43))
  expect((await forged("/api/call", { method: "session.prompt", params: { sessionId, text: "x" } })).status).toBe(401)
  const me = browser(s.url!, token)
  const elsewhere = await me("/api/call", { method: "session.prompt", params: { sessionId: other, text: "x" } })
  expect(elsewhere.status).toBe(403)
  expect(elsewhere.body.error).toContain("another session")
  const evil = browser(s.url!, token, "https://evil.example")
  expect((await evil("/api/call", { method: "session.prompt", params: { sessionId, text: "x" } })).status).toBe(403)
  // a POST with no Origin is not a page of ours
  const bare = await fetch(s.url + "/api/call", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ method: "session.prompt", params: { sessionId, text: "x" } }),
  })
  expect(bare.status).toBe(403)
  // a rebound DNS name reaching this port
  expect((await me("/api/whoami", undefined, { host: "attacker.example:80" })).status).toBe(421)
  for (const method of [
    "session.setPermissions",
    "session.setApproval",
    "settings.set",
    "packages.run",
    "session.bash",
  ]) {
    const r = await me("/api/call", { method, params: { sessionId } })
    expect(r.status).toBe(403)
  }
  // nothing ran in either session
  const after = (await client.daemon("daemon.status", {})).sessions
  expect(after.map((x) => [x.sessionId, x.running])).toEqual(before.map((x) => [x.sessionId, x.running]))
  expect(d!.llm.requests()).toHaveLength(0)
})

test("an approval may be given once from a device, never as a change of the approval policy", async () => {
  const { client, sessionId } = await openSession({
    turns: [{ tool: "write", args: { path: "note.txt", content: "hello\n" } }, { text: "Written." }],
  })
  await client.request("session.setApproval", { sessionId, approval: "ask" })
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  const token = await pairDevice(client, sessionId, s)
  const me = browser(s.url!, token)
  const events = stream(s.url!, token)
  await me("/api/call", { method: "session.prompt", params: { sessionId, text: "write the note" } })
  const ask = await until(() => {
    for (const e of events.events) {
      const ev = e.event
      if (ev.type === "ui_request" && ev.request.kind === "permission") return ev.request
      if (ev.type === "snapshot") {
        const r = ev.snapshot.ui.pending.find((p) => p.kind === "permission")
        if (r) return r
      }
    }
    return undefined
  }, "the approval on the device's stream")
  const always = await me("/api/call", {
    method: "session.uiRespond",
    params: { sessionId, requestId: ask.id, response: { value: "allow_always" } },
  })
  expect(always.status).toBe(403)
  const once = await me("/api/call", {
    method: "session.uiRespond",
    params: { sessionId, requestId: ask.id, response: { value: "allow_once" } },
  })
  expect(once.status).toBe(200)
  await until(() => replyText(events.events).includes("Written."), "the reply after the write")
  expect(readFileSync(join(d!.box.cwd, "note.txt"), "utf8")).toBe("hello\n")
  events.close()
})

test("revoking a device cuts its stream at once and its token reaches nothing", async () => {
  const { client, sessionId } = await openSession()
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  const token = await pairDevice(client, sessionId, s)
  const events = stream(s.url!, token)
  await until(() => events.events.length > 0, "the stream")
  const [device] = (await client.daemon("remote.status", { sessionId })).devices
  await client.daemon("remote.revoke", { sessionId, deviceId: device!.id })
  await until(() => events.ended(), "the revoked device's stream to end")
  expect((await browser(s.url!, token)("/api/whoami")).status).toBe(401)
  // and /rc off ends the server
  const off = await client.daemon("remote.stop", { sessionId })
  expect(off.on).toBe(false)
  expect(await fetch(s.url + "/").catch(() => "closed")).toBe("closed")
})

test("a flood from one address is answered 429 and changes nothing", async () => {
  const { client, sessionId } = await openSession()
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  const token = await pairDevice(client, sessionId, s)
  const me = browser(s.url!, token)
  const statuses: number[] = []
  for (let i = 0; i < 40; i++) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, () => me("/api/call", { method: "session.dequeue", params: { sessionId } })),
    )
    statuses.push(...batch.map((r) => r.status))
  }
  const limited = statuses.filter((x) => x === 429).length
  expect(limited).toBeGreaterThan(0)
  expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(240)
  expect(d!.llm.requests()).toHaveLength(0)
  // pairing floods are bounded too: ten tries in ten minutes from one address
  const anon = browser(s.url!)
  const tries = await Promise.all(Array.from({ length: 15 }, () => anon("/api/pair", { code: "wrong", name: "x" })))
  expect(tries.filter((r) => r.status === 429).length).toBeGreaterThan(0)
  expect((await client.daemon("remote.status", { sessionId })).requests).toHaveLength(0)
})

test("over HTTPS the server shows the certificate whose fingerprint the link carries", async () => {
  const { client, sessionId } = await openSession()
  const s = await client.daemon("remote.start", { sessionId })
  expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  const fp = new URLSearchParams(s.link!.split("#")[1]).get("fp")
  expect(fp).toBe(s.fingerprint!.replaceAll(":", ""))
  const port = Number(new URL(s.url!).port)
  const served = await new Promise<string>((resolve, reject) => {
    const sock = tlsConnect({ host: "127.0.0.1", port, rejectUnauthorized: false }, () => {
      resolve(sock.getPeerCertificate().fingerprint256)
      sock.end()
    })
    sock.on("error", reject)
  })
  expect(served).toBe(s.fingerprint!)
  // a second start keeps the same certificate (the link's fingerprint does not change under a bookmark)
  await client.daemon("remote.stop", { sessionId })
  const again = await client.daemon("remote.start", { sessionId })
  expect(again.fingerprint).toBe(s.fingerprint!)
  // plain HTTP is for loopback only
  const lan = await client
    .daemon("remote.stop", { sessionId })
    .then(() => client.daemon("remote.start", { sessionId, listen: "http://0.0.0.0:0" }))
  expect(lan.on).toBe(false)
  expect(lan.error).toContain("plain HTTP only on a loopback address")
})

test("behind a tunnel the person runs, the link names the tunnel and its host name is taken", async () => {
  const { client, sessionId } = await openSession()
  const s = await client.daemon("remote.start", {
    sessionId,
    listen: "http://127.0.0.1:0",
    publicUrl: "https://phone-tunnel.example",
  })
  expect(s.link).toMatch(/^https:\/\/phone-tunnel\.example\/#pair=[\w-]+$/)
  expect(s.fingerprint).toBeUndefined()
  // what the tunnel forwards to where the server listens: its own Host and the page's Origin
  expect(s.listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const local = await fetch(s.listening + "/api/pair", {
    method: "POST",
    headers: {
      host: "phone-tunnel.example",
      origin: "https://phone-tunnel.example",
      "content-type": "application/json",
    },
    body: JSON.stringify({ code: codeOf(s.link!), name: "Safari on iOS" }),
  })
  expect(local.status).toBe(200)
  expect((await client.daemon("remote.status", { sessionId })).requests.map((r) => r.name)).toEqual(["Safari on iOS"])
  // a plain-HTTP public address off loopback is refused
  await client.daemon("remote.stop", { sessionId })
  const plain = await client.daemon("remote.start", { sessionId, publicUrl: "http://phone-tunnel.example" })
  expect(plain.on).toBe(false)
  expect(plain.error).toContain("a public address is https")
})

test("remote control nobody watches turns itself off; a device that follows the session keeps it on", async () => {
  const { client, sessionId } = await openSession(undefined, { XAGENT_RC_IDLE_MS: "3000" })
  const s = await client.daemon("remote.start", { sessionId, listen: "http://127.0.0.1:0" })
  const token = await pairDevice(client, sessionId, s)
  const events = stream(s.url!, token)
  await until(() => events.events.length > 0, "the device's stream")
  // no window subscribes here: the device alone keeps it on, well past the idle time
  const since = Date.now()
  while (Date.now() - since < 6000) {
    expect((await client.daemon("remote.status", { sessionId })).on).toBe(true)
    await Bun.sleep(500)
  }
  events.close()
  await eventually(async () => !(await client.daemon("remote.status", { sessionId })).on, "remote control to turn off")
  expect(d!.log()).toMatch(/remote control off for session \S+: nobody watched it for/)
  expect(await fetch(s.url + "/").catch(() => "closed")).toBe("closed")
})
