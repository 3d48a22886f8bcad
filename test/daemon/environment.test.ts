// Each session runs with the environment of the window that opened it, whatever the daemon's
// (docs/adr-session-hosts.md): windows with different keys share one daemon, neither is warned,
// and each session's host has its own window's key and not the daemon's.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { startBox, startEnv, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "fine" }] })
})
afterAll(() => d.cleanup())

test("one daemon for windows with different environments; each session's host has its own window's", async () => {
  const first = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "first", XAGENT_TEST_DAEMON_ONLY: "1" } })
  const second = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "second" } })
  expect(second.daemonPid).toBe(first.daemonPid)
  expect([first.notices, second.notices]).toEqual([[], []])

  const a = await first.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const b = await second.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const hosts = (await second.daemon("daemon.status", {})).hosts!
  const envOf = (sessionId: string) => startEnv(hosts.find((h) => h.sessionId === sessionId)!.pid)
  expect(envOf(a.sessionId).XAGENT_TEST_API_KEY).toBe("first")
  expect(envOf(b.sessionId).XAGENT_TEST_API_KEY).toBe("second")
  // the daemon was started by the first window, but its environment reaches no other session
  expect(envOf(b.sessionId).XAGENT_TEST_DAEMON_ONLY).toBeUndefined()
  expect(envOf(b.sessionId).XAGENT_HOME).toBe(d.box.xagentHome)
}, 60_000)
