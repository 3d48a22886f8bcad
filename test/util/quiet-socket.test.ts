// An adopted socket carries the same bytes as Bun's, with backpressure and a single close. That
// it leaves an idle process asleep is watched in the opt-in perf suite (test/perf/idle-socket.perf.ts).
import { afterEach, expect, test } from "bun:test"
import type { Socket } from "bun"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { adoptSocket, type Link, type LinkHandlers } from "../../src/util/quiet-socket"

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function socketPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "xagent-qs-"))
  dirs.push(dir)
  return join(dir, "s.sock")
}

interface End {
  link: Link
  received: Uint8Array[]
  drains: number
  closes: number
  closed: Promise<void>
  handlers: LinkHandlers
}

function recorder(): End {
  const { promise: closed, resolve } = Promise.withResolvers<void>()
  const end: End = {
    link: undefined as unknown as Link,
    received: [],
    drains: 0,
    closes: 0,
    closed,
    handlers: {
      data: (c) => void end.received.push(c.slice()),
      drain: () => void end.drains++,
      close: () => {
        end.closes++
        resolve()
      },
    },
  }
  return end
}

/** A connected pair, both sides adopted. */
async function pair(): Promise<{ server: End; client: End; stop(): void }> {
  const path = socketPath()
  const s = recorder()
  const c = recorder()
  const { promise: accepted, resolve } = Promise.withResolvers<Link>()
  const listener = Bun.listen({
    unix: path,
    socket: {
      open: (sock: Socket<undefined>) => resolve(adoptSocket(sock, s.handlers)!),
      data() {},
    },
  })
  const clientLink = adoptSocket(await Bun.connect({ unix: path, socket: { data() {} } }), c.handlers)
  expect(clientLink).not.toBeNull()
  const serverLink = await accepted
  expect(serverLink).not.toBeNull()
  s.link = serverLink
  c.link = clientLink!
  return { server: s, client: c, stop: () => listener.stop(true) }
}

const total = (chunks: Uint8Array[]) => chunks.reduce((n, c) => n + c.length, 0)
const join8 = (chunks: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(total(chunks))
  let at = 0
  for (const c of chunks) out.set(c, (at += c.length) - c.length)
  return out
}

/** Writes every chunk through `link`, waiting for drain whenever it takes nothing. */
async function writeAll(link: Link, end: End, chunks: Uint8Array[]): Promise<number> {
  let refused = 0
  for (const chunk of chunks) {
    for (;;) {
      const drains = end.drains
      const n = link.write(chunk)
      if (n === chunk.length) break
      expect(n).toBe(0)
      refused++
      while (end.drains === drains) await Bun.sleep(1)
    }
  }
  return refused
}

function pattern(seed: number, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size)
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) & 0xff
  return out
}

test("megabytes each way at once arrive whole and in order, with backpressure and drain", async () => {
  const { server, client, stop } = await pair()
  const up = Array.from({ length: 40 }, (_, i) => pattern(i, 100_000))
  const down = Array.from({ length: 40 }, (_, i) => pattern(i + 7, 100_000))
  // 4 MB each way is more than the socket buffers hold: some write is refused and resumed on drain
  const [refusedUp, refusedDown] = await Promise.all([
    writeAll(client.link, client, up),
    writeAll(server.link, server, down),
  ])
  expect(refusedUp + refusedDown).toBeGreaterThan(0)
  while (total(server.received) < 4_000_000 || total(client.received) < 4_000_000) await Bun.sleep(2)
  expect(join8(server.received)).toEqual(join8(up))
  expect(join8(client.received)).toEqual(join8(down))
  client.link.end()
  await Promise.all([server.closed, client.closed])
  expect([server.closes, client.closes]).toEqual([1, 1])
  expect(client.link.write(new Uint8Array(1))).toBe(-1)
  stop()
})

test("end() sends what it already took before closing; destroy() closes at once; no descriptor leaks", async () => {
  const fds = () => readdirSync("/proc/self/fd").length
  const before = fds()
  const { server, client, stop } = await pair()
  const big = pattern(3, 3_000_000)
  expect(client.link.write(big)).toBe(big.length) // more than the socket buffer: most of it waits
  client.link.end()
  await server.closed
  expect(join8(server.received)).toEqual(big)
  await client.closed

  const second = await pair()
  second.server.link.destroy()
  await second.client.closed
  await second.server.closed
  expect([second.server.closes, second.client.closes]).toEqual([1, 1])
  stop()
  second.stop()
  // Bun closes its own descriptors on its next turn
  for (let i = 0; i < 100 && fds() > before; i++) await Bun.sleep(5)
  expect(fds()).toBe(before)
})
