// Garbage at the boundary: 10,000 malformed or oversized frames, each answered with an error,
// while another window's session finishes its reply untouched. The connection survives too.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { PROTOCOL_VERSION } from "../../src/protocol"
import { assistantTexts, readSessionFile, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const CAP = 64 * 1024
let d: DaemonBox

beforeAll(async () => {
  d = await startBox(
    { turns: [{ repeat: "steady ", count: 2000 }] },
    { tps: 4000, env: { XAGENT_DAEMON_MAX_FRAME: String(CAP) } },
  )
})
afterAll(() => d.cleanup())

const deep = "[".repeat(30_000) + "]".repeat(30_000) // deep, but under the cap
const BAD: string[] = [
  "not json at all",
  '{"id": 1, "method": ',
  "[]",
  "42",
  "null",
  '"a string"',
  '{"method":"ping"}',
  '{"id":{"x":1},"method":"ping"}',
  '{"id":7}',
  '{"id":8,"method":42}',
  '{"id":9,"method":"no.such.method"}',
  '{"id":10,"method":"__proto__"}',
  '{"id":11,"method":"constructor","params":{}}',
  '{"id":12,"method":"session.prompt","params":{"sessionId":"","text":3}}',
  '{"id":13,"method":"session.subscribe","params":{"sessionId":"x","after":-1}}',
  '{"id":14,"method":"hello","params":"nope"}',
  '{"id":15,"method":"session.open","params":{"cwd":"/","mode":{"kind":"sideways"}}}',
  "\u0000\u0001\u0002 binary \ufffd\ufffd",
  deep,
]
const OVERSIZED = 150

/** A raw connection: writes with backpressure, collects reply lines. */
async function rawClient(path: string) {
  const replies: any[] = []
  let buf = ""
  let drained: (() => void) | undefined
  const socket = await Bun.connect({
    unix: path,
    socket: {
      data(_s, chunk) {
        buf += new TextDecoder().decode(chunk)
        let nl: number
        while ((nl = buf.indexOf("\n")) >= 0) {
          replies.push(JSON.parse(buf.slice(0, nl)))
          buf = buf.slice(nl + 1)
        }
      },
      drain() {
        drained?.()
      },
    },
  })
  const write = async (text: string) => {
    let bytes = new TextEncoder().encode(text)
    while (bytes.length) {
      const n = socket.write(bytes)
      bytes = bytes.subarray(Math.max(0, n))
      if (bytes.length) await new Promise<void>((r) => (drained = r))
    }
  }
  return { replies, write, close: () => socket.end() }
}

test("10,000 malformed and oversized frames each get an error while a concurrent reply completes", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "keep going" })
  await rec.waitFor((s) => s.running, "the reply to start")

  const raw = await rawClient(d.paths.socket)
  await raw.write(
    JSON.stringify({ id: "h", method: "hello", params: { version: PROTOCOL_VERSION, client: "fuzz" } }) + "\n",
  )
  const frames: string[] = []
  for (let i = 0; frames.length < 10_000 - OVERSIZED; i++) frames.push(BAD[i % BAD.length]!)
  for (let i = 0; i < OVERSIZED; i++)
    frames.splice(i * 60, 0, '{"id":1,"method":"ping","pad":"' + "x".repeat(CAP + 10) + '"}')
  for (let i = 0; i < frames.length; i += 500) await raw.write(frames.slice(i, i + 500).join("\n") + "\n")
  await raw.write(JSON.stringify({ id: "after", method: "ping", params: {} }) + "\n")

  const s = await rec.waitFor(replyDone(1), "the concurrent reply", 60_000)
  const deadline = Date.now() + 30_000
  while (!raw.replies.some((r) => r.id === "after") && Date.now() < deadline) await Bun.sleep(20)

  const errors = raw.replies.filter((r) => r.error)
  expect(errors).toHaveLength(10_000)
  expect(
    errors.filter((e) => e.error.code === "bad_frame" && /exceeds the 65536-byte cap/.test(e.error.message)),
  ).toHaveLength(OVERSIZED)
  const codes = new Set(errors.map((e) => e.error.code))
  expect([...codes].sort()).toEqual(["bad_frame", "bad_request", "unknown_method"])
  expect(errors.find((e) => e.id === 12)!.error.message).toContain("/text must be string")
  expect(errors.find((e) => e.id === 10)!.error.message).toContain('unknown method "__proto__"')
  // The same connection still works, and so does everything else.
  expect(raw.replies.find((r) => r.id === "after")!.result.now).toBeGreaterThan(0)
  expect(raw.replies.find((r) => r.id === "h")!.result.version).toBe(PROTOCOL_VERSION)
  const text = "steady ".repeat(2000)
  expect(assistantTexts(s.items)).toEqual([text])
  expect(readSessionFile(s.info.file!).texts).toEqual([text])
  raw.close()
}, 90_000)

test("requests before hello are refused, except status", async () => {
  const raw = await rawClient(d.paths.socket)
  await raw.write(
    '{"id":1,"method":"session.open","params":{"cwd":"/","mode":{"kind":"new"}}}\n{"id":2,"method":"daemon.status"}\n',
  )
  const deadline = Date.now() + 5000
  while (raw.replies.length < 2 && Date.now() < deadline) await Bun.sleep(10)
  expect(raw.replies.find((r) => r.id === 1).error).toEqual({ code: "bad_request", message: "send hello first" })
  expect(raw.replies.find((r) => r.id === 2).result.pid).toBe(d.daemonPid()!)
  raw.close()
})
