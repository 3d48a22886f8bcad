// The broker↔host link (src/daemon/host-link.ts) over the socketpair Bun.spawn makes as fd 3.
import { afterEach, expect, test } from "bun:test"
import { closeSync } from "node:fs"
import { join } from "node:path"
import { frameLink } from "../../src/daemon/host-link"

const FIXTURE = join(import.meta.dir, "fixtures/link-end.ts")
const leftovers: number[] = []
afterEach(() => {
  for (const pid of leftovers.splice(0))
    try {
      process.kill(pid, "SIGKILL")
    } catch {}
})

function start() {
  const proc = Bun.spawn([process.execPath, FIXTURE], { stdio: ["ignore", "inherit", "inherit", "socket-fd"] })
  leftovers.push(proc.pid)
  const frames: unknown[] = []
  let waiter: (() => void) | undefined
  const closed = Promise.withResolvers<void>()
  const link = frameLink<Record<string, unknown>, Record<string, unknown>>(proc.stdio[3]!, {
    frame(f) {
      frames.push(f)
      waiter?.()
    },
    close: closed.resolve,
    log: (m) => frames.push({ log: m }),
  })
  const next = async () => {
    while (frames.length === 0) await new Promise<void>((r) => (waiter = r))
    return frames.shift() as Record<string, unknown>
  }
  return { proc, link, next, closed: closed.promise }
}

test("frames of any size cross whole and in order, both ways", async () => {
  const { link, next } = start()
  // far past a socket buffer: the writes wait for the reader and go on after (drain)
  const big = "é".repeat(6 * 1024 * 1024)
  link.send({ echo: "first" })
  link.send({ echo: big })
  link.send({ echo: "line\nbreak" })
  expect(await next()).toEqual({ echo: "first" })
  expect((await next()).echo === big).toBe(true)
  expect(await next()).toEqual({ echo: "line\nbreak" })
})

test("the broker hears a host end even while a command it started lives on (it does not hold the link)", async () => {
  const { proc, link, next, closed } = start()
  link.send({ spawn: true })
  const { pid } = (await next()) as { pid: number }
  leftovers.push(pid)
  proc.kill("SIGKILL")
  await closed
  // the escaped command is still there: the link closed because none of it was shared
  expect(() => process.kill(pid, 0)).not.toThrow()
})

test("the host hears the broker go, and ends", async () => {
  const proc = Bun.spawn([process.execPath, FIXTURE], { stdio: ["ignore", "inherit", "inherit", "socket-fd"] })
  leftovers.push(proc.pid)
  closeSync(proc.stdio[3]!)
  expect(await proc.exited).toBe(0)
})
