// Awaited writes never hang: a terminal that went away (EIO) fails the write and never drains,
// and a window waiting on it for its farewell would never exit.
import { expect, test } from "bun:test"
import { Writable } from "node:stream"
import { write } from "../../src/cli/io"

test("a write that fails resolves instead of waiting for a drain that never comes", async () => {
  const dead = new Writable({
    highWaterMark: 1,
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" }))
    },
  })
  await write(dead as unknown as NodeJS.WriteStream, "The reply is still running.\n")
  expect(dead.listenerCount("error")).toBe(0)
  expect(dead.listenerCount("drain")).toBe(0)
})

test("a write that drains later resolves once it has drained", async () => {
  let release!: () => void
  const slow = new Writable({
    highWaterMark: 1,
    write(_chunk, _encoding, callback) {
      release = () => callback()
    },
  })
  let done = false
  const p = write(slow as unknown as NodeJS.WriteStream, "hello\n").then(() => (done = true))
  await Bun.sleep(0)
  expect(done).toBe(false)
  release()
  await p
  expect(done).toBe(true)
})
