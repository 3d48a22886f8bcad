// `xagent daemon stop` stops every session host; it refuses while a reply runs, unless --force.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { runXagent } from "../cli/run-xagent"
import { alive, Recorder, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ") }] }, { tps: 20 })
})
afterAll(() => d.cleanup())

const xagent = (...args: string[]) => runXagent(args, { ...d.box, env: d.env })

test("daemon stop refuses while a reply runs; --force ends the daemon and every host", async () => {
  const other = join(d.box.root, "other")
  mkdirSync(other)
  const win = await d.connect()
  const a = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  await win.request("session.open", { cwd: other, mode: { kind: "new" } })
  const rec = new Recorder(win, a.sessionId, 0)
  await win.request("session.prompt", { sessionId: a.sessionId, text: "talk" })
  await rec.waitFor((s) => s.running, "the reply to run")
  const hosts = (await win.daemon("daemon.status", {})).hosts!
  expect(hosts.map((h) => h.cwd).sort()).toEqual([d.box.cwd, other].sort())

  const refused = await xagent("daemon", "stop")
  expect(refused.code).toBe(2)
  expect(refused.stderr).toContain("1 session(s) still working")
  // Named as `daemon status`, `sessions` and `attach` name it: the short form of Pi's id.
  const named = /still working \(([^)]+)\)/.exec(refused.stderr)![1]!
  expect(a.info.piSessionId.startsWith(named)).toBe(true)
  expect((await xagent("daemon", "status")).stdout).toContain(named)
  expect(hosts.every((h) => alive(h.pid))).toBe(true)

  const forced = await xagent("daemon", "stop", "--force")
  expect(forced.code).toBe(0)
  expect(forced.stdout).toBe(`xagent daemon stopped (pid ${win.daemonPid}, 2 session(s) ended)\n`)
  await until(() => !alive(win.daemonPid), "the daemon to exit")
  expect(hosts.filter((h) => alive(h.pid))).toEqual([])
}, 60_000)
