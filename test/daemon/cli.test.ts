// The daemon's commands through the real bin/xagent: start, status, sessions, attach, stop.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { pickByRef } from "../../src/cli/daemon-commands"
import { runXagent } from "../cli/run-xagent"
import { alive, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "Listed." }] })
})
afterAll(() => d.cleanup())

const xagent = (...args: string[]) => runXagent(args, { ...d.box, env: d.env })

test("start, status, sessions, attach without a terminal, stop", async () => {
  const before = await xagent("daemon", "status")
  expect(before).toMatchObject({ code: 1, stdout: "xagent daemon is not running\n" })

  const started = await xagent("daemon", "start")
  expect(started.code).toBe(0)
  const pid = d.daemonPid()!
  expect(started.stdout).toContain(`xagent daemon started (pid ${pid}, ${d.paths.socket})`)
  expect((await xagent("daemon", "start")).stdout).toBe(
    `xagent daemon already running (pid ${pid}, ${d.paths.socket})\n`,
  )

  const win = await d.attach()
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  // Before its first reply Pi has written nothing, yet `sessions` lists it as live.
  const fresh = await xagent("sessions")
  expect(fresh.stdout).toMatch(/^● idle, 1 window {2}\S{8}\s+\d+s ago\s+0 msgs {2}\(new, not saved yet\)\n$/)
  await win.request("session.prompt", { sessionId, text: "list me" })
  await rec.waitFor(replyDone(1), "the reply")

  const status = await xagent("daemon", "status")
  expect(status.code).toBe(0)
  expect(status.stdout).toMatch(new RegExp(`^xagent daemon: running, pid ${pid}, up \\d+s, protocol 1\\n`))
  expect(status.stdout).toContain(`socket: ${d.paths.socket}\n`)
  const json = JSON.parse((await xagent("daemon", "status", "--json")).stdout)
  expect(json.sessions).toEqual([expect.objectContaining({ sessionId, running: false, windows: 1 })])
  // The id people see is Pi's, the same in `daemon status` and `sessions`; the asker is no client.
  const shown = json.sessions[0].piSessionId.slice(0, 8)
  expect(status.stdout).toContain(`  ${shown}  idle  1 window  ${d.box.cwd}\n`)
  expect(status.stdout).toContain("clients: 1\n")
  // every session-host process: pid, state, memory, folder
  expect(json.hosts).toEqual([expect.objectContaining({ sessionId, state: "idle", cwd: d.box.cwd })])
  const host = json.hosts[0]
  expect(host.rssBytes).toBeGreaterThan(0)
  // The two asks read the host's memory at different moments: the figure is a number of MB.
  expect(status.stdout).toContain(`session hosts:\n  pid ${host.pid}  idle  `)
  expect(status.stdout).toMatch(new RegExp(`  pid ${host.pid}  idle  \\d+ MB  ${d.box.cwd}\\n`))
  expect(json.clients).toBe(1)

  const sessions = await xagent("sessions")
  expect(sessions.code).toBe(0)
  // Pi's count, as its own session list shows it: since 1.6 its system-prompt message counts too.
  expect(sessions.stdout).toMatch(new RegExp(`● idle, 1 window  ${shown}\\s+\\d+s ago\\s+3 msgs  list me\\n`))

  const attach = await xagent("attach")
  expect(attach).toMatchObject({ code: 2, stderr: "xagent: attach needs a terminal\n" })

  const stop = await xagent("daemon", "stop")
  expect(stop.stdout).toBe(`xagent daemon stopped (pid ${pid}, 1 session(s) ended)\n`)
  await until(() => !alive(pid), "the daemon to exit")
  expect(alive(host.pid)).toBe(false)
  expect(existsSync(d.paths.socket)).toBe(false)
  expect((await xagent("daemon", "stop")).stdout).toBe("xagent daemon is not running\n")
}, 60_000)

test("attach picks a live session by id prefix or file name, and says clearly when none or several match", () => {
  const live = [
    { sessionId: "s-aaaa1111", cwd: "/p", file: "/x/2026_aaa.jsonl", running: true, pendingQuestions: 0, windows: 0 },
    { sessionId: "s-aaaa2222", cwd: "/q", file: "/x/2026_bbb.jsonl", running: false, pendingQuestions: 1, windows: 2 },
  ]
  expect(pickByRef(live, "s-aaaa2").sessionId).toBe("s-aaaa2222")
  expect(pickByRef(live, "bbb").sessionId).toBe("s-aaaa2222")
  expect(() => pickByRef(live, "s-aaaa")).toThrow("'s-aaaa' matches 2 live sessions; give more of the id")
  expect(() => pickByRef(live, "zzz")).toThrow("no live session matches 'zzz' (live: s-aaaa1111, s-aaaa2222)")
})
