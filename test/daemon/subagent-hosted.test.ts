// A foreground child under the real daemon runs in a session host of its own (the broker opens it
// for the parent's host, which watches it): another process than the parent's while it runs, its
// report the parent's tool result, its session file in the parent's subagents folder (left out of
// `xagent sessions`), its session closed when it is done. Its ask_user is the parent's dialog named
// by it, answered there; Esc on the parent stops it and closes it; the parent's host dying takes it
// along. The scripted model answers each request by the task it carries (`when`).
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import type { ToolItem } from "../../src/protocol"
import { runXagent } from "../cli/run-xagent"
import { STEER_COMMAND, subagentsOf } from "../../extensions/subagents/rules"
import { alive, assistantTexts, Recorder, startBox, until, type DaemonBox } from "./harness"

let d: DaemonBox

const agent = (task: string, title: string, extra: Record<string, unknown> = {}) => ({
  tool: "agent",
  args: { task, title, ...extra },
})

beforeAll(async () => {
  d = await startBox({
    turns: [
      { when: "delegate one", ...agent("CHILD-ONE look around", "Look around", { profile: "explore" }) },
      { when: "delegate one", text: "parent heard one" },
      // slow enough to be seen running in its own host
      { when: "CHILD-ONE", text: "child one report: all is well in this folder, nothing to change.", tps: 15 },
      { when: "delegate ask", ...agent("CHILD-ASK pick", "Pick one") },
      { when: "delegate ask", text: "parent heard the pick" },
      {
        when: "CHILD-ASK",
        tool: "ask_user",
        args: {
          questions: [
            {
              id: "rt",
              label: "Runtime",
              prompt: "Which runtime?",
              choices: [
                { value: "bun", label: "Bun" },
                { value: "node", label: "Node" },
              ],
            },
          ],
        },
      },
      { when: "CHILD-ASK", text: "child was told its pick" },
      { when: "delegate hang", ...agent("CHILD-HANG wait", "Wait", { profile: "explore" }) },
      { when: "delegate hang", text: "parent after the stop" },
      { when: "CHILD-HANG", stall: true, text: "waiting" },
      { when: "delegate steer", ...agent("CHILD-STEER work", "Work") },
      { when: "delegate steer", text: "parent after the steer" },
      // long enough to be steered while it streams, then a call: the steer goes with its result
      {
        when: "CHILD-STEER",
        text: Array.from({ length: 60 }, (_, i) => `step${i}`).join(" "),
        tps: 20,
        tool: "ls",
        args: { path: "." },
      },
      { when: "CHILD-STEER", text: "child steered" },
      { when: "delegate die", ...agent("CHILD-DIE wait", "Wait to die", { profile: "explore" }) },
      { when: "CHILD-DIE", stall: true, text: "waiting" },
    ],
    fallback: "nothing more",
  })
}, 120_000)
afterAll(() => d.cleanup())

/** Polls an asked condition (the daemon's status) until it holds. */
async function untilAsked<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

const hosts = async (c: SocketClient) => (await c.daemon("daemon.status", {})).hosts ?? []
const agentRow = (items: readonly { kind: string }[]) =>
  items.find((i): i is ToolItem => i.kind === "tool" && (i as ToolItem).name === "agent")
const childSessions = async (c: SocketClient, parentId: string) =>
  (await c.daemon("daemon.status", {})).sessions.filter((s) => s.sessionId !== parentId)

test("a child runs in a host of its own, its report comes back, its session is closed and its file kept out of the listing", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "delegate one" })
  // While it runs: a second session, in another host process than the parent's.
  const [child] = await untilAsked(async () => {
    const s = await childSessions(c, sessionId)
    return s.length ? s : undefined
  }, "the child's session")
  const all = await hosts(c)
  const parentHost = all.find((h) => h.sessionId === sessionId)!.pid
  const childHost = all.find((h) => h.sessionId === child!.sessionId)!.pid
  expect(childHost).not.toBe(parentHost)
  const s = await rec.waitFor((x) => !x.running && assistantTexts(x.items).includes("parent heard one"), "the reply")
  const row = agentRow(s.items)!
  expect(row.status).toBe("done")
  expect(row.output).toContain("Subagent explore · Look around: done in 1 turn")
  expect(row.output).toContain("child one report: all is well")
  const transcript = (row.details as { transcript: string }).transcript
  expect(dirname(transcript)).toBe(
    join(
      dirname(s.info.file!),
      `${s.info
        .file!.split("/")
        .pop()!
        .replace(/\.jsonl$/, "")}.subagents`,
    ),
  )
  expect(existsSync(transcript)).toBe(true)
  // Done: its session is closed and its host gone; the listing has the parent's session alone.
  await untilAsked(
    async () => (await childSessions(c, sessionId)).length === 0 || undefined,
    "the child's session closed",
  )
  await until(() => !alive(childHost) || undefined, "the child's host to end")
  const listed = await runXagent(["sessions", "--json"], d.box)
  const rows = JSON.parse(listed.stdout) as { path?: string; name?: string }[]
  expect(rows.some((r) => (r.name ?? "").includes("(subagent)"))).toBe(false)
  rec.stop()
  await c.close()
}, 120_000)

test("a child's ask_user is the parent's dialog, named by it; the answer reaches the child", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "delegate ask" })
  const asking = await rec.waitFor((x) => x.ui.pending.some((r) => r.kind === "ask_user"), "the child's question")
  const q = asking.ui.pending.find((r) => r.kind === "ask_user")!
  expect(q.from).toBe("general · Pick one")
  await c.request("session.uiRespond", {
    sessionId,
    requestId: q.id,
    response: { answers: [{ id: "rt", value: "node", label: "Node", wasCustom: false, index: 2 }] },
  })
  const s = await rec.waitFor((x) => !x.running && assistantTexts(x.items).includes("parent heard the pick"), "reply")
  expect(agentRow(s.items)!.output).toContain("child was told its pick")
  const told = d.llm.requests().find((r) => JSON.stringify(r.last).includes("Runtime: Node"))
  expect(told).toBeDefined()
  rec.stop()
  await c.close()
}, 120_000)

test("a message sent to the running child from its view (/subagents:steer) reaches its next request", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "delegate steer" })
  const running = await rec.waitFor(
    (x) => subagentsOf(x.info.extensions?.subagents)?.children.some((ch) => ch.steerable && ch.sessionId) === true,
    "the child taking messages",
  )
  const child = subagentsOf(running.info.extensions?.subagents)!.children[0]!
  await c.request("session.prompt", { sessionId, text: `/${STEER_COMMAND} ${child.id} READ-THE-README first` })
  const s = await rec.waitFor((x) => !x.running && assistantTexts(x.items).includes("parent after the steer"), "reply")
  expect(agentRow(s.items)!.output).toContain("child steered")
  const steered = d.llm
    .requests()
    .find((r) => JSON.stringify(r.last).includes("READ-THE-README") && JSON.stringify(r).includes("CHILD-STEER"))
  expect(steered).toBeDefined()
  rec.stop()
  await c.close()
}, 120_000)

test("Esc on the parent stops the child and closes its session; its host ends", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "delegate hang" })
  const [child] = await untilAsked(async () => {
    const s = (await childSessions(c, sessionId)).filter((x) => x.running)
    return s.length ? s : undefined
  }, "the child running")
  const childHost = (await hosts(c)).find((h) => h.sessionId === child!.sessionId)!.pid
  await c.request("session.abort", { sessionId })
  await rec.waitFor((x) => !x.running, "the parent stopped")
  await untilAsked(
    async () => (await childSessions(c, sessionId)).length === 0 || undefined,
    "the child's session closed",
  )
  await until(() => !alive(childHost) || undefined, "the child's host to end")
  rec.stop()
  await c.close()
}, 120_000)

test("the parent's host dying takes its running child along", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  await c.request("session.prompt", { sessionId, text: "delegate die" })
  const [child] = await untilAsked(async () => {
    const s = (await childSessions(c, sessionId)).filter((x) => x.running)
    return s.length ? s : undefined
  }, "the child running")
  const all = await hosts(c)
  const parentHost = all.find((h) => h.sessionId === sessionId)!.pid
  const childHost = all.find((h) => h.sessionId === child!.sessionId)!.pid
  process.kill(parentHost, "SIGKILL")
  await until(() => !alive(childHost) || undefined, "the child's host to end with its parent's")
  expect((await c.daemon("daemon.status", {})).sessions.some((s) => s.sessionId === child!.sessionId)).toBe(false)
  await c.close()
}, 120_000)
