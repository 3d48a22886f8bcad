// One host process per live session (docs/adr-session-hosts.md): a session whose extension
// blocks its process or kills it harms no other session; its windows are told what happened and
// how to resume; closing a session ends its process, 50 times over.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import type { EventEnvelope } from "../../src/protocol"
import { descendantsOf } from "../../src/daemon/descendants"
import { alive, assistantTexts, fixturePath, Recorder, replyDone, startBox, until, type DaemonBox } from "./harness"

const LONG = Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ")
let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: Array.from({ length: 6 }, () => ({ text: LONG })) }, { tps: 300 })
})
afterAll(() => d.cleanup())

const closedReason = (events: EventEnvelope[]) =>
  events.flatMap((e) => (e.event.type === "closed" ? [e.event.reason] : []))[0]

test("A's extension blocking its host for 10 s does not stop B's reply; A crashing (exit, kill -9) leaves B streaming", async () => {
  const folderA = join(d.box.root, "a")
  mkdirSync(folderA)
  const win = await d.connect()
  const a = await win.request("session.open", {
    cwd: folderA,
    mode: { kind: "new" },
    extensions: [fixturePath("neighbour.ts")],
  })
  const b = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const recA = new Recorder(win, a.sessionId, 0)
  const recB = new Recorder(win, b.sessionId, 0)
  await recA.waitFor(() => true, "A's snapshot")

  const hosts = (await win.daemon("daemon.status", {})).hosts!
  const hostA = hosts.find((h) => h.sessionId === a.sessionId)!
  const hostB = hosts.find((h) => h.sessionId === b.sessionId)!
  expect(hostA.pid).not.toBe(hostB.pid)
  expect([hostA.pid, hostB.pid]).not.toContain(win.daemonPid)

  // A blocks its process; B streams its whole reply meanwhile.
  const spinning = win.request("session.prompt", { sessionId: a.sessionId, text: "/spin" })
  await until(() => existsSync(join(folderA, "spin.started")), "A's loop to start")
  await win.request("session.prompt", { sessionId: b.sessionId, text: "go" })
  const s = await recB.waitFor(replyDone(1), "B's reply while A loops", 9000)
  expect(assistantTexts(s.items)).toEqual([LONG])
  expect(existsSync(join(folderA, "spin.done"))).toBe(false) // A was still looping
  await spinning
  expect(existsSync(join(folderA, "spin.done"))).toBe(true)

  // A's extension ends its process: A's window hears why and how to resume; B goes on.
  const exiting = win.request("session.prompt", { sessionId: a.sessionId, text: "/exit" }).catch((e) => e)
  await recA.waitFor((_, ev) => !!closedReason(ev), "A's window to hear of it")
  expect(closedReason(recA.events)).toContain(`The session host (pid ${hostA.pid}) exited with code 7`)
  expect(closedReason(recA.events)).toMatch(/`xagent (-c|--session \S+)` resumes it/)
  expect((await exiting).message).toContain("exited with code 7")
  await win.request("session.prompt", { sessionId: b.sessionId, text: "again" })
  await recB.waitFor(replyDone(2), "B's reply after A exited")

  // kill -9 of a host: the same for its windows, and B still streams.
  const c = await win.request("session.open", { cwd: folderA, mode: { kind: "new" } })
  const recC = new Recorder(win, c.sessionId, 0)
  await recC.waitFor(() => true, "C's snapshot")
  const hostC = (await win.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === c.sessionId)!
  process.kill(hostC.pid, "SIGKILL")
  await recC.waitFor((_, ev) => !!closedReason(ev), "C's window to hear of it")
  expect(closedReason(recC.events)).toContain(`The session host (pid ${hostC.pid}) was killed (SIGKILL)`)
  await win.request("session.prompt", { sessionId: b.sessionId, text: "still?" })
  await recB.waitFor(replyDone(3), "B's reply after C was killed")
  const left = (await win.daemon("daemon.status", {})).sessions.map((x) => x.sessionId)
  expect(left).toEqual([b.sessionId])
  await win.close()
}, 60_000)

test("50 sessions opened and closed leave no host process behind", async () => {
  const win = await d.connect()
  const daemon = win.daemonPid
  const pids: number[] = []
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
        const host = (await win.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
        pids.push(host.pid)
        await win.request("session.close", { sessionId })
      }),
    )
  }
  expect(new Set(pids).size).toBe(50)
  expect(pids.filter(alive)).toEqual([])
  const status = await win.daemon("daemon.status", {})
  expect(status.sessions).toEqual([])
  expect(status.hosts).toEqual([])
  expect(descendantsOf(daemon)).toEqual([])
  await win.close()
}, 120_000)
