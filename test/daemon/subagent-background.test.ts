// `background: true` under the real daemon: the agent tool returns at once with the child's
// session id; the child is a session of a host of its own (opened by the broker for the parent's
// host), which goes on after the parent's session and host end, and `bin/xagent sessions` lists it
// with its parent named. The scripted model answers the parent's next request and the child's
// first with the same text, so their order does not matter.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { ToolItem } from "../../src/protocol"
import { REPO_ROOT } from "../fixture/mockllm"
import { runXagent } from "../cli/run-xagent"
import { alive, assistantTexts, BUN, Recorder, startBox, until, type DaemonBox } from "./harness"

const PLAIN_AGENT = join(REPO_ROOT, "test/fixture/plain-acp-agent.ts")
let d: DaemonBox

beforeAll(async () => {
  d = await startBox({
    turns: [
      { tool: "agent", args: { task: "watch the build", title: "Watch the build", background: true } },
      { text: "noted" },
      { text: "noted" },
      // on an ACP profile: the child is the tests' plain agent, which needs no model
      {
        tool: "agent",
        args: { task: "watch it on the agent", title: "On the agent", background: true, profile: "plain" },
      },
      { text: "agent noted" },
    ],
  })
  const agents = join(d.box.xagentHome, "agents")
  mkdirSync(agents, { recursive: true })
  writeFileSync(join(agents, "plain.md"), `---\nname: plain\nacp: ${BUN}\nargs: [${PLAIN_AGENT}]\n---\n`)
})
afterAll(() => d.cleanup())

test("a background child outlives its parent's session and host, and xagent sessions lists it with its parent", async () => {
  const win = await d.connect()
  const { sessionId: parentId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, parentId, 0)
  await win.request("session.prompt", { sessionId: parentId, text: "start a watcher" })
  const s = await rec.waitFor(
    (x) => !x.running && assistantTexts(x.items).includes("noted"),
    "the parent's reply after the tool returned",
  )
  const row = s.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "agent")!
  expect(row.status).toBe("done")
  const childId = /started in the background as session (\S+)\./.exec(row.output ?? "")?.[1]
  expect(childId).toBeString()
  expect(row.output).toContain(`xagent attach ${childId}`)
  expect((row.details as { background?: { sessionId: string } }).background).toEqual({ sessionId: childId! })

  // The child: a session of its own host, which ran its task and stays after the parent goes.
  const child = new Recorder(win, childId!, 0)
  await child.waitFor((x) => !x.running && assistantTexts(x.items).includes("noted"), "the child's reply")
  const status = await win.daemon("daemon.status", {})
  const hostOf = (id: string) => status.hosts?.find((h) => h.sessionId === id)?.pid
  const parentHost = hostOf(parentId)!
  const childHost = hostOf(childId!)!
  expect(childHost).toBeNumber()
  expect(childHost).not.toBe(parentHost)
  const parentPi = status.sessions.find((x) => x.sessionId === parentId)!.piSessionId!
  const childPi = status.sessions.find((x) => x.sessionId === childId)!.piSessionId!

  expect(await win.request("session.close", { sessionId: parentId })).toEqual({})
  await until(() => !alive(parentHost), "the parent's host to end")
  const after = await win.daemon("daemon.status", {})
  expect(after.sessions.map((x) => x.sessionId)).toEqual([childId!])
  expect(alive(childHost)).toBe(true)

  const listed = await runXagent(["sessions", "--json"], d.box)
  expect(listed.code).toBe(0)
  const rows = JSON.parse(listed.stdout) as { id: string; name?: string; forkOf?: string; live?: unknown }[]
  const mine = rows.find((r) => r.id === childPi)!
  expect(mine).toMatchObject({ name: "Watch the build (subagent)", forkOf: parentPi })
  expect(mine.live).toBeDefined()
  const text = await runXagent(["sessions"], d.box)
  const line = text.stdout.split("\n").find((l) => l.includes("Watch the build (subagent)"))!
  expect(line).toMatch(new RegExp(`\\(parent ${parentPi.slice(0, 4)}[0-9a-f-]*\\)$`))
  rec.stop()
  child.stop()
  await win.close()
}, 90_000)

test("a background child on an ACP profile is an agent session of a host of its own, which ran the task", async () => {
  const win = await d.connect()
  const { sessionId: parentId } = await win.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, parentId, 0)
  await win.request("session.prompt", { sessionId: parentId, text: "start one on the agent" })
  const s = await rec.waitFor(
    (x) => !x.running && assistantTexts(x.items).includes("agent noted"),
    "the parent's reply after the tool returned",
  )
  const row = s.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "agent")!
  expect(row.status).toBe("done")
  const childId = /started in the background as session (\S+)\./.exec(row.output ?? "")?.[1]
  expect(childId).toBeString()
  const child = new Recorder(win, childId!, 0)
  await child.waitFor(
    (x) => !x.running && assistantTexts(x.items).some((t) => t.includes("heard #1: watch it on the agent")),
    "the agent's answer to the task",
  )
  const status = await win.daemon("daemon.status", {})
  const hostOf = (id: string) => status.hosts?.find((h) => h.sessionId === id)?.pid
  expect(hostOf(childId!)).toBeNumber()
  expect(hostOf(childId!)).not.toBe(hostOf(parentId))
  rec.stop()
  child.stop()
  await win.close()
}, 90_000)
