// The daemon starts one session host before it loads its own code (daemon/spare-host.ts): the
// first session opened with the daemon's own environment runs in it, moved to its folder; one
// opened with another environment never does; and a spare nobody takes ends.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, readFileSync, readlinkSync } from "node:fs"
import { join } from "node:path"
import { alive, startBox, startEnv, until, type DaemonBox } from "./harness"

let d: DaemonBox | undefined
afterEach(async () => {
  await d?.cleanup()
  d = undefined
})

/** The daemon's child processes (its session hosts). */
function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

test("the first session with the daemon's environment runs in its spare host, in the session's folder", async () => {
  d = await startBox({ turns: [{ text: "fine" }] })
  const client = await d.connect()
  const folder = join(d.box.cwd, "elsewhere")
  mkdirSync(folder)
  const { sessionId } = await client.request("session.open", { cwd: folder, mode: { kind: "new" } })
  const host = (await client.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  expect(d.log()).toContain(`host ${host.pid} (the spare) taken in ${folder}`)
  expect(readlinkSync(`/proc/${host.pid}/cwd`)).toBe(folder)
  expect(startEnv(host.pid).XAGENT_HOME).toBe(d.box.xagentHome)
  // it works as any host does
  const unsub = client.subscribe(sessionId, 0, () => {})
  await client.request("session.prompt", { sessionId, text: "hi" })
  unsub()
}, 60_000)

test("a session with another environment gets a host of its own; an unused spare ends", async () => {
  d = await startBox({ turns: [{ text: "fine" }] }, { env: { XAGENT_DAEMON_SPARE_MS: "10000" } })
  const starter = await d.connect()
  const daemon = starter.daemonPid!
  const spare = await until(() => children(daemon)[0], "the spare host")
  const other = await d.connect({ env: { ...d.env, XAGENT_TEST_API_KEY: "other" } })
  const { sessionId } = await other.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const host = (await other.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!
  expect(host.pid).not.toBe(spare)
  expect(startEnv(host.pid).XAGENT_TEST_API_KEY).toBe("other")
  await until(() => !alive(spare), "the unused spare to end")
  await until(() => children(daemon).join() === String(host.pid), "only the session's host below the daemon")
}, 60_000)
