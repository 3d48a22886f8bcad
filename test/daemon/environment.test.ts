// A daemon keeps the environment of the window that started it. A window whose keys, PATH or
// proxies differ gets a fresh daemon when the old one is idle, and a clear warning when it is not.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { alive, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "fine" }] })
})
afterAll(() => d.cleanup())

test("same environment: same daemon; a new key while idle: a new daemon; while busy: a warning", async () => {
  const first = await d.connect()
  const pid1 = first.daemonPid
  await first.close()
  const same = await d.connect()
  expect(same.daemonPid).toBe(pid1)
  expect(same.notices).toEqual([])
  await same.close()

  // Nothing is live: the old daemon stops and one with the new key answers.
  const second = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "second" } })
  expect(second.daemonPid).not.toBe(pid1)
  expect(second.notices).toEqual([])
  await until(() => !alive(pid1), "the old daemon to exit")

  // A live session keeps the daemon where it is; the window is told what that means.
  await second.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const third = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "third" } })
  expect(third.daemonPid).toBe(second.daemonPid)
  expect(third.notices).toHaveLength(1)
  expect(third.notices[0]).toContain(`The xagent daemon (pid ${second.daemonPid}) keeps the environment`)
  expect(third.notices[0]).toContain("Run `xagent daemon stop` once they are done")

  // Variables that do not change what a session does (a terminal's) change nothing.
  const fourth = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "second", TERM: "dumb", COLUMNS: "20" } })
  expect(fourth.daemonPid).toBe(second.daemonPid)
  expect(fourth.notices).toEqual([])
}, 60_000)
