// Any local process can connect to the daemon. Hundreds of connections that never say hello, or
// the agent's processes holding as many as they can, must not lock the person's windows and
// `xagent daemon status` out, and must be let go when they stay silent or their peer leaves.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test"
import type { Socket } from "bun"
import { connectSocket } from "../../src/client/socket-client"
import { runXagent } from "../cli/run-xagent"
import { startBox, until, type DaemonBox } from "../daemon/harness"
import { startInProcessDaemon } from "../daemon/in-process-daemon"
import { WAIT_MS } from "../fixture/wait"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})
const log = { info() {}, warn() {}, error() {} }

interface Held {
  socket: Socket<undefined>
  closed: boolean
  lines: string[]
}

/** `n` connections that say nothing (until told to), ended by the test's cleanup. */
async function hold(socketPath: string, n: number): Promise<Held[]> {
  const held: Held[] = []
  for (let i = 0; i < n; i++) {
    const h = { closed: false, lines: [] as string[] } as Held
    let got = ""
    h.socket = await Bun.connect({
      unix: socketPath,
      socket: {
        data: (_s, d) => {
          got += d.toString()
          h.lines = got.split("\n").slice(0, -1)
        },
        close: () => void (h.closed = true),
        error: () => void (h.closed = true),
      },
    })
    held.push(h)
  }
  cleanups.push(() => held.forEach((h) => h.socket.end()))
  return held
}

async function statusOf(socketPath: string) {
  const c = await connectSocket({ socketPath, heartbeatMs: 0, skipHello: true })
  try {
    return await c.daemon("daemon.status", {})
  } finally {
    await c.close()
  }
}

/** Waits until the daemon counts no connection but the asker's. */
async function untilNoClients(socketPath: string) {
  let clients = -1
  for (const deadline = Date.now() + WAIT_MS; clients !== 0 && Date.now() < deadline; await Bun.sleep(50))
    clients = (await statusOf(socketPath)).clients
  expect(clients).toBe(0)
}

test("300 silent connections of the person's own: status and a new window still get in, and the silent ones are let go", async () => {
  const { socketPath } = startInProcessDaemon(
    {
      log,
      loadHost: () => Promise.reject(new Error("no host in this test")),
      judge: () => ({ trusted: true }),
      helloMs: 1000,
    },
    cleanups,
  )
  const held = await hold(socketPath, 300)
  expect((await statusOf(socketPath)).pid).toBe(process.pid)
  const window = await connectSocket({ socketPath, heartbeatMs: 0, clientName: "window" })
  cleanups.push(() => window.close())
  expect((await window.daemon("daemon.status", {})).pid).toBe(process.pid)
  // Past their deadline every silent one is closed; the window, which spoke, stays.
  await until(() => held.every((h) => h.closed), "the silent connections to be closed")
  expect((await window.daemon("daemon.status", {})).clients).toBe(0)
})

test("the agent's processes have a cap of their own: holding it, even having spoken, locks nobody else out", async () => {
  let agent = true
  const { socketPath } = startInProcessDaemon(
    {
      log,
      loadHost: () => Promise.reject(new Error("no host in this test")),
      judge: () => (agent ? { trusted: false, reason: "started by the agent" } : { trusted: true }),
    },
    cleanups,
  )
  const held = await hold(socketPath, 300)
  // Each that is still open speaks, so none of them can be let go to make room.
  for (const h of held) if (!h.closed) h.socket.write('{"id":1,"method":"daemon.status","params":{}}\n')
  await until(() => held.every((h) => h.closed || h.lines.length > 0), "the held connections to be answered or closed")
  const kept = held.filter((h) => !h.closed).length
  expect(kept).toBe(64)
  agent = false
  const status = await statusOf(socketPath)
  expect(status.clients).toBe(64)
  // When the holder leaves, the daemon lets every one of them go.
  for (const h of held) h.socket.end()
  await untilNoClients(socketPath)
})

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [] })
})
afterAll(() => d.cleanup())

test("a real daemon with 300 silent connections held: `xagent daemon status` and a new window work", async () => {
  const first = await d.connect()
  const pid = first.daemonPid
  await first.close()
  await untilNoClients(d.paths.socket)
  await hold(d.paths.socket, 300)
  const status = await runXagent(["daemon", "status"], { ...d.box, env: d.env })
  expect(status.stderr).toBe("")
  expect(status.code).toBe(0)
  expect(status.stdout).toContain(`running, pid ${pid}`)
  const window = await d.attach()
  expect(window.daemonPid).toBe(pid)
})
