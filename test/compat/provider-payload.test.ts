// Pi's provider-payload example in a detached session (compat suite): a session of the daemon
// (its own host process) appends every request's payload and the response's status and headers to
// <project>/.pi/provider-payload.log: ctx.cwd is the session's folder, not the daemon's.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { PI_EXAMPLES } from "../fixture/mockllm"
import { Recorder, replyDone, startBox, type DaemonBox } from "../daemon/harness"

let d: DaemonBox
beforeAll(async () => (d = await startBox({ turns: [{ text: "logged" }] })))
afterAll(() => d.cleanup())

test("provider-payload: the request's payload and the response's status land in .pi/provider-payload.log", async () => {
  mkdirSync(join(d.box.cwd, ".pi"))
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [join(PI_EXAMPLES, "provider-payload.ts")],
  })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "PAYLOAD-MARK hello" })
  await rec.waitFor(replyDone(1), "the reply", 30_000)
  const log = readFileSync(join(d.box.cwd, ".pi/provider-payload.log"), "utf8")
  expect(log).toContain('"model": "mock-1"')
  expect(log).toContain("PAYLOAD-MARK hello")
  expect(log).toMatch(/^\[200\] \{/m)
}, 60_000)
