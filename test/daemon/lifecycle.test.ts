// One daemon per XAGENT_HOME: the lock, the socket's permissions, hello's version check, status,
// replacing an idle older daemon, and exiting when idle.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { connectOrStart } from "../../src/client/connect"
import { connectSocket } from "../../src/client/socket-client"
import { PROTOCOL_VERSION, ProtocolError } from "../../src/protocol"
import { EXIT_ALREADY_RUNNING } from "../../src/util/daemon-paths"
import { alive, assistantTexts, BUN, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

const DAEMON_MAIN = new URL("../../src/daemon/main.ts", import.meta.url).pathname
let d: DaemonBox

beforeAll(async () => {
  d = await startBox({ turns: [{ text: "Hello from the daemon." }, { text: "Still here." }] })
})
afterAll(() => d.cleanup())

test("the first client starts the daemon; its socket is owner-only inside an owner-only folder", async () => {
  const c = await d.connect()
  expect(c.daemonPid).toBe(d.daemonPid()!)
  expect(alive(c.daemonPid)).toBe(true)
  expect(statSync(d.paths.socket).mode & 0o777).toBe(0o600)
  expect(statSync(dirname(d.paths.socket)).mode & 0o777).toBe(0o700)
  expect(d.log()).toContain(`daemon ${c.daemonPid} listening on ${d.paths.socket}`)
  await c.close()
})

test("a second daemon for the same XAGENT_HOME refuses to start and leaves the first alone", async () => {
  const first = d.daemonPid()!
  const second = Bun.spawn([BUN, DAEMON_MAIN], { env: d.env, cwd: d.box.root, stdout: "pipe", stderr: "pipe" })
  expect(await second.exited).toBe(EXIT_ALREADY_RUNNING)
  expect(await new Response(second.stderr).text()).toContain(`already running for this XAGENT_HOME (pid ${first})`)
  const c = await d.attach()
  expect(c.daemonPid).toBe(first)
  await c.close()
})

test("hello with another protocol version is a clear error, not a hang", async () => {
  const err = await connectSocket({ socketPath: d.paths.socket, protocolVersion: PROTOCOL_VERSION + 1 }).catch((e) => e)
  expect(err).toBeInstanceOf(ProtocolError)
  expect(err.code).toBe("version")
  expect(err.message).toContain(`speaks protocol ${PROTOCOL_VERSION}, this client ${PROTOCOL_VERSION + 1}`)
})

test("status lists the live session with its folder, state and windows; a newer window keeps a busy daemon", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId)
  await c.request("session.prompt", { sessionId, text: "hi" })
  await rec.waitFor(replyDone(1), "the reply")
  const status = await c.daemon("daemon.status", {})
  expect(status).toMatchObject({ pid: d.daemonPid(), protocol: PROTOCOL_VERSION, socket: d.paths.socket })
  expect(status.uptimeMs).toBeGreaterThanOrEqual(0)
  expect(status.sessions).toEqual([
    expect.objectContaining({ sessionId, cwd: d.box.cwd, running: false, pendingQuestions: 0, windows: 1 }),
  ])
  // A window speaking a newer protocol may replace only an idle daemon: this one has a session.
  const pid = d.daemonPid()!
  const err = await connectOrStart({ home: d.box.xagentHome, env: d.env, protocolVersion: PROTOCOL_VERSION + 1 }).catch(
    (e) => e,
  )
  expect(err.code).toBe("version")
  expect(d.daemonPid()).toBe(pid)
  expect(alive(pid)).toBe(true)
  await c.close()
})

test("an error escaping one session is logged; the daemon and the other sessions go on", async () => {
  const c = await d.connect()
  const { sessionId: healthy } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  // An extension whose timer throws outside any request: an uncaught exception in the daemon.
  const ext = join(d.box.root, "boom.ts")
  writeFileSync(
    ext,
    `export default function () { setTimeout(() => { throw new Error("boom from an extension") }, 10) }\n`,
  )
  const { sessionId: broken } = await c.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [ext],
  })
  await until(() => d.log().includes("uncaught: Error: boom from an extension"), "the error in the log")
  const bad = await c.request("session.open", { cwd: join(d.box.root, "nope"), mode: { kind: "new" } }).catch((e) => e)
  expect(bad).toMatchObject({ code: "bad_request" })
  const status = await c.daemon("daemon.status", {})
  expect(status.sessions.map((s) => s.sessionId).sort()).toEqual([healthy, broken].sort())
  const rec = new Recorder(c, healthy, 0)
  await c.request("session.prompt", { sessionId: healthy, text: "still there?" })
  const s = await rec.waitFor(replyDone(1), "the healthy session's reply")
  expect(assistantTexts(s.items)).toEqual(["Still here."])
  await c.close()
})

test("closing the last window of an idle session ends it; a newer window then replaces the idle daemon", async () => {
  const watcher = await d.attach({ skipHello: true })
  for (let i = 0; (await watcher.daemon("daemon.status", {})).sessions.length > 0; i++) {
    if (i > 500) throw new Error("the session did not end")
    await Bun.sleep(20)
  }
  await watcher.close()
  const old = d.daemonPid()!
  const err = await connectOrStart({ home: d.box.xagentHome, env: d.env, protocolVersion: PROTOCOL_VERSION + 1 }).catch(
    (e) => e,
  )
  // The idle old daemon was asked to stop and a fresh one started; that one speaks this
  // protocol too, so the (pretend) newer window still gets a clear version error, from it.
  expect(err.code).toBe("version")
  await until(() => !alive(old), "the old daemon to exit")
  const fresh = d.daemonPid()!
  expect(fresh).not.toBe(old)
  expect(alive(fresh)).toBe(true)
  expect(d.log()).toContain("stop requested by")
})

test("an idle daemon (no session, no client) exits after XAGENT_DAEMON_IDLE_MS and frees its socket", async () => {
  const idle = await startBox({ turns: [] }, { env: { XAGENT_DAEMON_IDLE_MS: "300" } })
  try {
    const c = await idle.connect()
    const pid = c.daemonPid
    await c.close()
    await until(() => !alive(pid), "the idle daemon to exit")
    expect(idle.log()).toContain("shutting down: idle for 300 ms")
    const err = await idle.attach().catch((e) => e)
    expect(err.code).toMatch(/ENOENT|ECONNREFUSED|FailedToOpenSocket/)
  } finally {
    await idle.cleanup()
  }
})

test("a window that opens a session just as the last one watching it leaves keeps it live", async () => {
  const box = await startBox({ turns: [{ text: "saved" }] })
  try {
    const leaving = await box.connect()
    const { sessionId } = await leaving.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" } })
    const gone = new Recorder(leaving, sessionId, 0)
    // a reply, so that the session has a file to continue
    await leaving.request("session.prompt", { sessionId, text: "remember this" })
    await gone.waitFor(replyDone(1), "the first reply")
    // The second window opens the same session (-c) but has not subscribed yet...
    const coming = await box.attach()
    const opened = await coming.request("session.open", { cwd: box.box.cwd, mode: { kind: "continue" } })
    expect(opened.sessionId).toBe(sessionId)
    // ...when the first one leaves, and the daemon has taken note of it.
    await leaving.close()
    await until(async () => (await coming.daemon("daemon.status", {})).clients === 1, "the first window to be gone")
    const rec = new Recorder(coming, sessionId, 0)
    const s = await rec.waitFor(() => true, "the snapshot")
    expect(s.info).toBeDefined()
    expect((await coming.daemon("daemon.status", {})).sessions.map((x) => x.sessionId)).toEqual([sessionId])
  } finally {
    await box.cleanup()
  }
})
