// A session host is a child subreaper: what a sandboxed command leaves behind (bwrap's own
// processes) becomes its child, and nobody else waits for it. 50 sandboxed commands in one session
// leave no zombie under the host once they are done.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { readdirSync, readFileSync } from "node:fs"
import { Recorder, replyDone, startBox, until, type DaemonBox } from "../daemon/harness"

const COMMANDS = 50
let d: DaemonBox
beforeAll(async () => {
  const calls = Array.from({ length: COMMANDS }, (_, i) => ({ tool: "bash", args: { command: `echo ${i}` } }))
  d = await startBox({ turns: [{ tools: calls }, { text: "done" }] })
})
afterAll(() => d.cleanup())

function zombieChildren(pid: number): number[] {
  const out: number[] = []
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const kids = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim()
    for (const k of kids ? kids.split(" ") : []) {
      try {
        const stat = readFileSync(`/proc/${k}/stat`, "utf8")
        if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) out.push(Number(k))
      } catch {}
    }
  }
  return out
}

test(`${COMMANDS} sandboxed commands leave no zombie under their session host`, async () => {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, sessionId, 0)
  await rec.waitFor(() => true, "the snapshot")
  await win.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor(replyDone(2), "the commands and the answer", 120_000)
  expect(s.items.filter((i) => i.kind === "tool" && i.status === "done").length).toBe(COMMANDS)
  const host = (await win.daemon("daemon.status", {})).hosts!.find((h) => h.sessionId === sessionId)!.pid
  await until(() => zombieChildren(host).length === 0, "no zombie under the host", 60_000)
  expect(zombieChildren(host)).toEqual([])
  rec.stop()
}, 180_000)
