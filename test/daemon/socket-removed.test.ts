// Any same-user process can remove the socket file of a live daemon. The daemon
// notices and listens again, so new windows, `daemon status` and `daemon stop` still reach it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, unlinkSync } from "node:fs"
import { runXagent } from "../cli/run-xagent"
import { alive, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [] })
})
afterAll(() => d.cleanup())

test("a removed socket is made again; a new window, status and stop reach the same daemon", async () => {
  const first = await d.connect()
  const pid = first.daemonPid
  unlinkSync(d.paths.socket)
  await until(() => existsSync(d.paths.socket), "the socket to be made again")
  const next = await d.attach()
  expect(next.daemonPid).toBe(pid)
  // the connection made before the removal still works
  expect((await first.daemon("daemon.status", {})).pid).toBe(pid)
  await next.close()
  await first.close()
  const status = await runXagent(["daemon", "status"], { ...d.box, env: d.env })
  expect(status.code).toBe(0)
  expect(status.stdout).toContain(`running, pid ${pid}`)
  const stop = await runXagent(["daemon", "stop"], { ...d.box, env: d.env })
  expect(stop.stdout).toBe(`xagent daemon stopped (pid ${pid})\n`)
  await until(() => !alive(pid), "the daemon to exit")
  expect(d.log()).toContain("was removed: listening on it again")
})
