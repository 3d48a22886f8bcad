// The per-client write queue: one frame may be in flight whatever its size, what waits behind it
// is bounded, and a client that stops draining is let go.
import { expect, test } from "bun:test"
import { Outbox } from "../../src/daemon/outbox"

/** A socket that accepts `room` bytes until drained. */
function sink(room: number) {
  const got: number[] = []
  return {
    got,
    room,
    write(b: Uint8Array) {
      const n = Math.min(this.room, b.length)
      this.room -= n
      for (let i = 0; i < n; i++) got.push(b[i]!)
      return n
    },
  }
}
const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill)

test("writes through while the socket takes it, queues the rest in order, and drains it on drain", () => {
  const s = sink(5)
  const drops: string[] = []
  const box = new Outbox(s, { maxQueuedBytes: 100, stallMs: 1000 }, (r) => drops.push(r))
  box.send(bytes(3, 1))
  box.send(bytes(4, 2))
  box.send(bytes(2, 3))
  expect(s.got).toEqual([1, 1, 1, 2, 2])
  expect(box.bytesQueued).toBe(4)
  s.room = 100
  box.drain()
  expect(s.got).toEqual([1, 1, 1, 2, 2, 2, 2, 3, 3])
  expect(box.bytesQueued).toBe(0)
  expect(drops).toEqual([])
})

test("one large frame in flight is fine; more than the bound queued behind it drops the client", () => {
  const s = sink(0)
  const drops: string[] = []
  const box = new Outbox(s, { maxQueuedBytes: 10, stallMs: 1000 }, (r) => drops.push(r))
  box.send(bytes(1000)) // a big snapshot
  box.send(bytes(10))
  expect(drops).toEqual([])
  box.send(bytes(1))
  expect(drops).toEqual(["client too slow: 1011 bytes unsent"])
  box.send(bytes(1))
  expect(box.bytesQueued).toBe(0) // dropped: nothing more is held
  expect(drops).toHaveLength(1)
})

test("a queue that makes no progress for the stall time drops the client; progress resets the clock", () => {
  const s = sink(0)
  const drops: string[] = []
  const box = new Outbox(s, { maxQueuedBytes: 100, stallMs: 1000 }, (r) => drops.push(r))
  const t0 = Date.now()
  box.send(bytes(10))
  expect(box.checkStall(t0 + 500)).toBe(false)
  s.room = 5
  box.drain()
  expect(box.checkStall(Date.now() + 900)).toBe(false)
  expect(box.checkStall(Date.now() + 1500)).toBe(true)
  expect(drops[0]).toMatch(/^client stalled: nothing read for \d+ ms$/)
})

test("a closed socket (write returns -1) stops the queue without reporting a slow client", () => {
  const drops: string[] = []
  const box = new Outbox({ write: () => -1 }, { maxQueuedBytes: 1, stallMs: 1 }, (r) => drops.push(r))
  box.send(bytes(50))
  box.send(bytes(50))
  expect(box.bytesQueued).toBe(0)
  expect(drops).toEqual([])
})
