// Partial frames (bytes with no newline yet) are held per connection up to one
// frame's cap, and all connections' together up to one global cap: the connection that grows
// past it is dropped, the others keep theirs. Connections past the limit are closed at once.
// All of this before hello, so any local process (the agent's read-only ones too) could try.
import { afterEach, expect, test } from "bun:test"
import type { Socket } from "bun"
import { connectSocket } from "../../src/client/socket-client"
import { until } from "./harness"
import { startInProcessDaemon } from "./in-process-daemon"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const MB = 1024 * 1024
const log = { info() {}, warn() {}, error() {} }

interface Raw {
  socket: Socket<undefined>
  closed: Promise<void>
  /** The first line the daemon sends. */
  line: Promise<string>
  /** Every line so far. */
  lines(): string[]
}

async function raw(socketPath: string): Promise<Raw> {
  let got = ""
  let onClose!: () => void
  let onLine!: (l: string) => void
  const closed = new Promise<void>((r) => (onClose = r))
  const line = new Promise<string>((r) => (onLine = r))
  const data = (chunk: Buffer) => {
    got += chunk.toString()
    if (got.includes("\n")) onLine(got.slice(0, got.indexOf("\n")))
  }
  const socket = await Bun.connect({
    unix: socketPath,
    socket: { data: (_s, d) => data(d), close: () => onClose(), error: () => onClose() },
  })
  cleanups.push(() => socket.end())
  return { socket, closed, line, lines: () => got.split("\n").slice(0, -1) }
}

/** Writes all of `text`, waiting for the socket to drain as needed. */
async function writeAll(r: Raw, text: string) {
  let rest = Buffer.from(text)
  while (rest.length) {
    const n = r.socket.write(rest)
    if (n < 0) return
    rest = rest.subarray(n)
    if (rest.length) await Bun.sleep(5)
  }
}

test("one global cap on partial frames: the connection growing past it is dropped, the others keep going", async () => {
  const { socketPath } = startInProcessDaemon(
    {
      log,
      loadHost: () => Promise.reject(new Error("no host in this test")),
      maxFrameBytes: MB,
      maxPartialBytes: 2 * MB,
    },
    cleanups,
  )
  const a = await raw(socketPath)
  const b = await raw(socketPath)
  const c = await raw(socketPath)
  await writeAll(a, "x".repeat(0.9 * MB))
  await writeAll(b, "x".repeat(0.9 * MB))
  await writeAll(c, "x".repeat(0.9 * MB))
  await c.closed
  // a and b still hold theirs: ending the line gets an answer about it
  await writeAll(a, "\n")
  const status = await connectSocket({ socketPath, heartbeatMs: 0, skipHello: true })
  cleanups.push(() => status.close())
  expect((await status.daemon("daemon.status", {})).clients).toBe(2)
  expect(JSON.parse(await a.line).error).toMatchObject({
    code: "bad_frame",
    message: expect.stringContaining("not JSON"),
  })
})

test("connections past the limit are closed at once when all those open have spoken; those keep working", async () => {
  const { socketPath } = startInProcessDaemon(
    {
      log,
      loadHost: () => Promise.reject(new Error("no host in this test")),
      maxUntrustedConnections: 3,
      maxConnections: 3,
    },
    cleanups,
  )
  const open = [await raw(socketPath), await raw(socketPath), await raw(socketPath)]
  // A ping before hello is refused, but it is a request: the connection has spoken.
  for (const r of open) await writeAll(r, '{"id":0,"method":"ping","params":{}}\n')
  for (const r of open) expect(JSON.parse(await r.line).error.message).toContain("send hello first")
  const extra = await raw(socketPath)
  await extra.closed
  await writeAll(open[0]!, '{"id":1,"method":"daemon.status","params":{}}\n')
  const reply = await until(() => open[0]!.lines()[1], "the status")
  expect(JSON.parse(reply).result.clients).toBe(2)
})
