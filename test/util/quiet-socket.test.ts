// An adopted socket carries the same bytes as Bun's, with backpressure and a single close. Where it
// cannot be adopted (off Linux, or XAGENT_NO_QUIET_SOCKET=1) Bun's socket carries the same contract.
// That it leaves an idle process asleep is watched in the opt-in perf suite (test/perf/idle-socket.perf.ts).
import { afterEach, expect, test } from "bun:test"
import type { Socket } from "bun"
import { closeSync, fstatSync, mkdtempSync, readdirSync, readlinkSync, readSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { dupFd } from "../../src/util/libc"
import { adoptSocket, bunSocketLink, fdLink, type Link, type LinkHandlers } from "../../src/util/patches/quiet-socket"

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

/** The socket inode behind a Bun socket's descriptor: its duplicates share it. */
const inode = (sock: Socket<any>) => fstatSync((sock as { fd?: number }).fd!).ino

/** A connected pair, both sides adopted, and the inodes of its two ends. */
async function pair(): Promise<{ server: End; client: End; inodes: number[]; stop(): void }> {
  const path = socketPath()
  const s = recorder()
  const c = recorder()
  const inodes: number[] = []
  const { promise: accepted, resolve } = Promise.withResolvers<Link>()
  const listener = Bun.listen({
    unix: path,
    socket: {
      open: (sock: Socket<undefined>) => {
        inodes.push(inode(sock))
        resolve(adoptSocket(sock, s.handlers)!)
      },
      data() {},
    },
  })
  const bun = await Bun.connect({ unix: path, socket: { data() {} } })
  inodes.push(inode(bun))
  const clientLink = adoptSocket(bun, c.handlers)
  expect(clientLink).not.toBeNull()
  const serverLink = await accepted
  expect(serverLink).not.toBeNull()
  s.link = serverLink
  c.link = clientLink!
  return { server: s, client: c, inodes, stop: () => listener.stop(true) }
}

/** Descriptors of this process still open on one of `inodes` (other descriptors come and go). */
function stillOpen(inodes: number[]): string[] {
  const wanted = new Set(inodes.map((i) => `socket:[${i}]`))
  const open: string[] = []
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`)
      if (wanted.has(target)) open.push(`${fd} → ${target}`)
    } catch {
      // closed between the listing and the look
    }
  }
  return open
}

const total = (chunks: Uint8Array[]) => chunks.reduce((n, c) => n + c.length, 0)
const join8 = (chunks: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(total(chunks))
  let at = 0
  for (const c of chunks) out.set(c, (at += c.length) - c.length)
  return out
}

/**
 * Writes every chunk through `link`, waiting for drain whenever it takes nothing. An adopted link
 * takes a whole chunk or nothing; Bun's socket may take part of one (`partial`), as the callers allow.
 */
async function writeAll(link: Link, end: End, chunks: Uint8Array[], partial = false): Promise<number> {
  let refused = 0
  for (let chunk of chunks) {
    for (;;) {
      const drains = end.drains
      const n = link.write(chunk)
      if (n === chunk.length) break
      if (partial) chunk = chunk.subarray(n)
      else expect(n).toBe(0)
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

test("a small write is on the wire when write() returns, not at the end of the event-loop turn", async () => {
  const path = socketPath()
  const server = recorder()
  const { promise: accepted, resolve } = Promise.withResolvers<Link>()
  const listener = Bun.listen({
    unix: path,
    socket: { open: (sock: Socket<undefined>) => resolve(adoptSocket(sock, server.handlers)!), data() {} },
  })
  const bun = await Bun.connect({ unix: path, socket: { data() {} } })
  // the peer's bytes, read here before this turn ends (a frame followed by synchronous work: a
  // host building the model request, a window drawing)
  const peer = dupFd((bun as { fd?: number }).fd!)!
  const link = await accepted
  const frame = new TextEncoder().encode('{"type":"event"}\n')
  expect(link.write(frame)).toBe(frame.length)
  const got = Buffer.alloc(64)
  const n = readSync(peer, got)
  expect(got.subarray(0, n).toString()).toBe('{"type":"event"}\n')
  closeSync(peer)
  link.destroy()
  bun.terminate()
  listener.stop(true)
  await server.closed
})

test("end() sends what it already took before closing; destroy() closes at once; no descriptor leaks", async () => {
  const { server, client, inodes, stop } = await pair()
  const big = pattern(3, 3_000_000)
  expect(client.link.write(big)).toBe(big.length) // more than the socket buffer: most of it waits
  client.link.end()
  await server.closed
  expect(join8(server.received)).toEqual(big)
  await client.closed

  const second = await pair()
  const mine = [...inodes, ...second.inodes]
  expect(new Set(mine).size).toBe(4)
  // what is checked below is visible while open
  for (const i of second.inodes) expect(stillOpen([i]).length).toBeGreaterThan(0)
  second.server.link.destroy()
  await second.client.closed
  await second.server.closed
  expect([second.server.closes, second.client.closes]).toEqual([1, 1])
  stop()
  second.stop()
  // Only the sockets made here count: the test process opens and closes others meanwhile. Bun
  // closes its own descriptors on its next turn.
  for (let i = 0; i < 100 && stillOpen(mine).length; i++) await Bun.sleep(5)
  expect(stillOpen(mine)).toEqual([])
})
test("switched off (XAGENT_NO_QUIET_SOCKET=1), Bun's sockets stay in use and carry the same contract", async () => {
  process.env.XAGENT_NO_QUIET_SOCKET = "1"
  try {
    const path = socketPath()
    const s = recorder()
    const c = recorder()
    const { promise: accepted, resolve } = Promise.withResolvers<Socket<undefined>>()
    // Bun's own handlers do the reading on this path, as in the daemon and the socket client
    const handlers = (end: End) => ({
      data: (_s: Socket<undefined>, chunk: Uint8Array) => end.handlers.data(chunk),
      drain: () => end.handlers.drain(),
      close: () => end.handlers.close(),
    })
    const listener = Bun.listen({
      unix: path,
      socket: { open: (sock: Socket<undefined>) => resolve(sock), ...handlers(s) },
    })
    const bunClient = await Bun.connect({ unix: path, socket: handlers(c) })
    const bunServer = await accepted
    expect(adoptSocket(bunClient, c.handlers)).toBeNull()
    expect(adoptSocket(bunServer, s.handlers)).toBeNull()
    c.link = bunSocketLink(bunClient)
    s.link = bunSocketLink(bunServer)

    const up = Array.from({ length: 20 }, (_, i) => pattern(i, 100_000))
    const down = Array.from({ length: 20 }, (_, i) => pattern(i + 5, 100_000))
    await Promise.all([writeAll(c.link, c, up, true), writeAll(s.link, s, down, true)])
    while (total(s.received) < 2_000_000 || total(c.received) < 2_000_000) await Bun.sleep(2)
    expect(join8(s.received)).toEqual(join8(up))
    expect(join8(c.received)).toEqual(join8(down))
    c.link.end()
    await Promise.all([s.closed, c.closed])
    expect(c.link.write(new Uint8Array(1))).toBe(-1)
    listener.stop(true)
  } finally {
    delete process.env.XAGENT_NO_QUIET_SOCKET
  }
})

test("a write after the peer died, once Bun's sink answers neither a count nor a promise, closes the link instead of throwing", async () => {
  // After a SIGSTOP the daemon logged "r.then is not a function" writing to a window
  // that had gone. Bun's FileSink, once a flush to a dead peer failed, answers `true` to write().
  const path = socketPath()
  const accepted = Promise.withResolvers<Socket<undefined>>()
  const listener = Bun.listen({
    unix: path,
    socket: { open: (s: Socket<undefined>) => accepted.resolve(s), data() {} },
  })
  // A peer in another process that never reads, then is killed with our data unread.
  const peer = Bun.spawn(
    [
      process.execPath,
      "-e",
      `await Bun.connect({unix:${JSON.stringify(path)},socket:{data(){}}}); console.log("up"); Bun.sleepSync(60000)`,
    ],
    { stdout: "pipe" },
  )
  await peer.stdout.getReader().read()
  const sock = await accepted.promise
  const fd = dupFd((sock as { fd?: number }).fd!)!
  const sink = Bun.file(fd).writer()
  let failed: Promise<unknown> | undefined
  for (let i = 0; i < 1000 && !failed; i++) {
    const r = sink.write(pattern(i, 64 * 1024))
    if (typeof r !== "number") failed = r.catch((e) => (e as NodeJS.ErrnoException).code)
  }
  peer.kill("SIGKILL")
  await peer.exited
  expect(await failed).toBe("EPIPE")
  expect(typeof sink.write(pattern(0, 10))).toBe("boolean")

  const end = recorder()
  const link = fdLink(fd, end.handlers, sink)
  expect(link.write(pattern(1, 10))).toBe(-1)
  await end.closed
  expect(end.closes).toBe(1)
  expect(link.write(pattern(2, 10))).toBe(-1)
  listener.stop(true)
})
