// The window's heartbeat costs an idle window nothing: pings go out only while the window waits for
// the daemon (a request in flight, a reply running), and stop again once it has nothing to wait for.
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Socket, UnixSocketListener } from "bun"
import { connectSocket, type SocketClient } from "../../src/client/socket-client"
import { encodeFrame, PROTOCOL_VERSION, type SessionEvent } from "../../src/protocol"

interface FakeDaemon {
  path: string
  methods: string[]
  /** answers requests of this method only when released */
  hold: Set<string>
  release(method: string): void
  event(sessionId: string, seq: number, event: SessionEvent): void
  stop(): void
}

let cleanup: (() => void)[] = []
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn()
})

function fakeDaemon(): FakeDaemon {
  const dir = mkdtempSync(join(tmpdir(), "xagent-hb-"))
  const path = join(dir, "d.sock")
  const methods: string[] = []
  const hold = new Set<string>()
  const held: { socket: Socket<undefined>; id: number; method: string }[] = []
  const clients = new Set<Socket<undefined>>()
  const reply = (socket: Socket<undefined>, id: number, method: string) => {
    const result = method === "hello" ? { version: PROTOCOL_VERSION, server: "fake", pid: process.pid } : {}
    socket.write(encodeFrame({ id, result }))
  }
  const listener: UnixSocketListener<undefined> = Bun.listen({
    unix: path,
    socket: {
      open: (socket) => void clients.add(socket),
      close: (socket) => void clients.delete(socket),
      data(socket, chunk) {
        for (const line of new TextDecoder().decode(chunk).split("\n").filter(Boolean)) {
          const { id, method } = JSON.parse(line) as { id: number; method: string }
          methods.push(method)
          if (hold.has(method)) held.push({ socket, id, method })
          else reply(socket, id, method)
        }
      },
    },
  })
  const fake: FakeDaemon = {
    path,
    methods,
    hold,
    release(method) {
      hold.delete(method)
      for (const h of held.splice(0)) reply(h.socket, h.id, h.method)
    },
    event(sessionId, seq, event) {
      for (const c of clients) c.write(encodeFrame({ type: "event", sessionId, seq, event }))
    },
    stop() {
      listener.stop(true)
      rmSync(dir, { recursive: true, force: true })
    },
  }
  cleanup.push(() => fake.stop())
  return fake
}

async function until(cond: () => boolean, what: string) {
  const deadline = Date.now() + 10_000
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(5)
  }
}

const pings = (d: FakeDaemon) => d.methods.filter((m) => m === "ping").length

async function connect(d: FakeDaemon): Promise<SocketClient> {
  const c = await connectSocket({ socketPath: d.path, heartbeatMs: 20, reconnect: false })
  cleanup.push(() => void c.close())
  return c
}

test("an idle window sends no pings; a request left unanswered starts them, its answer ends them", async () => {
  const d = fakeDaemon()
  const c = await connect(d)
  await c.request("auth.status", {})
  // ten heartbeat periods with nothing awaited
  await Bun.sleep(200)
  expect(pings(d)).toBe(0)

  d.hold.add("sessions.list")
  const answered = c.request("sessions.list", {})
  await until(() => pings(d) >= 2, "pings while a request waits")
  d.release("sessions.list")
  await answered
  const after = pings(d) + 1 // at most one more may already be on its way
  await Bun.sleep(200)
  expect(pings(d)).toBeLessThanOrEqual(after)
})

test("a running reply keeps the heartbeat going until its run ends", async () => {
  const d = fakeDaemon()
  const c = await connect(d)
  c.subscribe("s1", 0, () => {})
  await until(() => d.methods.includes("session.subscribe"), "the subscription")
  d.event("s1", 1, { type: "run", running: true })
  await until(() => pings(d) >= 2, "pings while the reply runs")
  d.event("s1", 2, { type: "run", running: false })
  await Bun.sleep(60)
  // the run's end stops the heartbeat at once, not at its next beat
  const settled = pings(d)
  await Bun.sleep(200)
  expect(pings(d)).toBe(settled)
})
