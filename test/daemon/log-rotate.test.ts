// daemon.log grew without bound while the daemon ran (23 MB in 2 s from a flood of
// refused requests; the size was checked only when a window started a daemon). It rotates by size
// now while the daemon runs: daemon.log → daemon.log.1 → daemon.log.2, nothing older kept.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync } from "node:fs"
import { connectSocket } from "../../src/client/socket-client"
import { startBox, until, type DaemonBox } from "./harness"

const MAX = 64 * 1024
let d: DaemonBox
beforeAll(async () => {
  // one connection allowed: every further one is refused, and each refusal is a log line
  d = await startBox(
    { turns: [] },
    { env: { XAGENT_DAEMON_LOG_BYTES: String(MAX), XAGENT_DAEMON_MAX_CONNECTIONS: "1" } },
  )
})
afterAll(() => d.cleanup())

test("a flood of refused connections rotates daemon.log by size while the daemon runs", async () => {
  const held = await d.connect()
  const size = (p: string) => (existsSync(p) ? statSync(p).size : 0)
  for (let i = 0; !existsSync(d.paths.log + ".2") && i < 20_000; i++) {
    await connectSocket({ socketPath: d.paths.socket, heartbeatMs: 0, reconnect: false, helloTimeoutMs: 2000 })
      .then((c) => c.close())
      .catch(() => {})
  }
  await until(() => existsSync(d.paths.log + ".2"), "a second rotation")
  for (const p of [d.paths.log, d.paths.log + ".1", d.paths.log + ".2"]) expect(size(p)).toBeLessThan(2 * MAX)
  expect(existsSync(d.paths.log + ".3")).toBe(false)
  expect(readFileSync(d.paths.log + ".1", "utf8")).toContain("refused a connection")
  // the daemon still answers after rotating, and its next lines go to daemon.log again
  expect((await held.daemon("daemon.status", {})).pid).toBe(held.daemonPid)
  await connectSocket({ socketPath: d.paths.socket, heartbeatMs: 0, reconnect: false, helloTimeoutMs: 2000 }).catch(
    () => {},
  )
  await until(() => d.log().includes("refused a connection"), "a line in the new daemon.log")
})
