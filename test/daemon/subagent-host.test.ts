// A subagent that is not in the background never outlives its parent's host: the child is a Pi
// session in the parent's host process, and closing the parent's session ends that process and
// everything the child's tools started. Real daemon, real host process, the scripted model.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { alive, Recorder, startBox, until, type DaemonBox } from "./harness"

/** An argument no other process of the machine runs `sleep` with. */
const MARK = "86397.25"
let d: DaemonBox

beforeAll(async () => {
  d = await startBox({
    turns: [
      // the parent's request: one child
      { tool: "agent", args: { task: "run the long check", title: "Long check" } },
      // the child's: a command that would run for a day
      { tool: "bash", args: { command: `echo up > child.started; sleep ${MARK}` } },
    ],
  })
})
afterAll(() => d.cleanup())

/** Pids of the child's command, wherever the sandbox put it (its pid namespace is still in /proc). */
function sleepers(): number[] {
  const out: number[] = []
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      if (argv[0]?.endsWith("sleep") && argv[1] === MARK && alive(Number(pid))) out.push(Number(pid))
    } catch {
      // gone meanwhile
    }
  }
  return out
}

test("closing the parent's session ends its host, its running child and the child's command: no process is left", async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await win.request("session.prompt", { sessionId, text: "delegate the check" })
  await until(() => existsSync(join(d.box.cwd, "child.started")), "the child's command to start")
  const running = await until(() => (sleepers().length ? sleepers() : false), "the child's sleep in /proc")
  const s = await rec.waitFor((x) => x.running, "the parent's reply running")
  expect(s.items.some((i) => i.kind === "tool" && i.name === "agent")).toBe(true)
  const status = await win.daemon("daemon.status", {})
  const hostPid = status.hosts?.find((h) => h.sessionId === sessionId)?.pid
  expect(hostPid).toBeNumber()
  expect(alive(hostPid!)).toBe(true)

  // Answered: the host is ended after its answer, not by its report that the session is gone.
  expect(await win.request("session.close", { sessionId })).toEqual({})
  await until(() => !alive(hostPid!), "the parent's host to end")
  await until(() => running.every((p) => !alive(p)) && sleepers().length === 0, "the child's command to end")
  const after = await win.daemon("daemon.status", {})
  expect(after.sessions.some((x) => x.sessionId === sessionId)).toBe(false)
  rec.stop()
  await win.close()
}, 90_000)
