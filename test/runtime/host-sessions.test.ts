// Sessions as files: resume in a new host, continue, id prefixes, fork, tree navigation, listing.
import { afterEach, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { fauxAssistantMessage, fauxText, fauxToolCall, type TranscriptContext } from "@earendil-works/pi-ai"
import type { SessionSnapshot, UserItem } from "../../src/protocol"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const fixtures: FauxFixture[] = []
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.dispose()
})
async function fixture(opts: Parameters<typeof createFauxFixture>[0] = {}) {
  const fx = await createFauxFixture(opts)
  fixtures.push(fx)
  return fx
}

/** Two prompts, the first with a tool call, all finished. */
async function chat(fx: FauxFixture, sessionId: string) {
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxText("Reading."), fauxToolCall("read", { path: "notes.txt" })], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage("It says remember the milk."),
    fauxAssistantMessage("Noted."),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "one" })
  await rec.waitFor((s) => !s.running && s.items.length === 4, "first reply")
  await fx.client.request("session.prompt", { sessionId, text: "two" })
  const s = await rec.waitFor((s) => !s.running && s.items.length === 6, "second reply")
  rec.stop()
  return s
}
const view = (s: SessionSnapshot) => ({ ...s, sessionId: "" })
const users = (s: SessionSnapshot) => s.items.filter((i): i is UserItem => i.kind === "user").map((i) => i.text)

test("a new host resuming the file shows what the live session showed", async () => {
  const fx = await fixture({ files: { "notes.txt": "remember the milk\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  expect(live.items.map((i) => i.kind)).toEqual(["user", "assistant", "tool", "assistant", "user", "assistant"])
  const file = live.info.file!
  expect(existsSync(file)).toBe(true)

  const fx2 = await fixture({ agentDir: fx.agentDir, cwd: fx.cwd })
  const opened = await fx2.open({ kind: "session", ref: file })
  expect(opened.sessionId).not.toBe(sessionId)
  const resumed = fx2.record(opened.sessionId).state!
  expect(view(resumed)).toEqual(view(live))
  expect(resumed.info.model).toMatchObject({ provider: "faux", id: "faux-1" })
})

test("continue and id prefixes find saved sessions; an open file is joined, not opened twice", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  const joined = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "continue" } })
  expect(joined.sessionId).toBe(sessionId)
  expect(joined.warnings.join()).toMatch(/already open/)
  await fx.client.request("session.close", { sessionId })
  expect(fx.host.live()).toEqual([])
  await expect(fx.client.request("session.lastReply", { sessionId })).rejects.toThrow(/Unknown session/)

  const cont = await fx.open({ kind: "continue" })
  expect(cont.sessionId).not.toBe(sessionId)
  expect(users(fx.record(cont.sessionId).state!)).toEqual(["one", "two"])
  await fx.client.request("session.close", { sessionId: cont.sessionId })

  const byPrefix = await fx.open({ kind: "session", ref: live.info.piSessionId.slice(0, 8) })
  expect(fx.record(byPrefix.sessionId).state!.info.piSessionId).toBe(live.info.piSessionId)
  await expect(fx.open({ kind: "session", ref: "zzzz" })).rejects.toThrow(/No session matching "zzzz"/)
})

test("sessions.list shows saved sessions with their live state", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  const { sessions } = await fx.client.request("sessions.list", { cwd: fx.cwd })
  expect(sessions).toHaveLength(1)
  expect(sessions[0]).toMatchObject({
    path: live.info.file,
    id: live.info.piSessionId,
    cwd: fx.cwd,
    firstMessage: "one",
    live: { sessionId, running: false, pendingQuestions: 0 },
  })
  const all = await fx.client.request("sessions.list", { all: true })
  expect(all.sessions.map((s) => s.path)).toContain(live.info.file!)
  await fx.client.request("session.close", { sessionId })
  const after = await fx.client.request("sessions.list", { cwd: fx.cwd })
  expect(after.sessions[0]!.live).toBeUndefined()
})

test("fork starts a new file from before a user message and hands its text back", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  const { points } = await fx.client.request("session.forkPoints", { sessionId })
  expect(points.map((p) => p.text)).toEqual(["one", "two"])
  const rec = fx.record(sessionId)
  const r = await fx.client.request("session.fork", { sessionId, entryId: points[1]!.entryId })
  expect(r.editorText).toBe("two")
  const s = await rec.waitFor((s) => s.info.piSessionId !== live.info.piSessionId, "the forked session")
  expect(rec.events.at(-1)!.event.type).toBe("snapshot")
  expect(s.info.file).not.toBe(live.info.file)
  expect(users(s)).toEqual(["one"])
  expect(s.items).toEqual(live.items.slice(0, 4))
  await expect(fx.client.request("session.fork", { sessionId, entryId: "nope" })).rejects.toThrow(/No entry nope/)
  // The list says whose fork it is: a named fork keeps its parent's name (as in Pi).
  const { sessions } = await fx.client.request("sessions.list", { cwd: fx.cwd })
  const fork = sessions.find((x) => x.path === s.info.file)!
  expect(fork.forkOf).toBe(live.info.piSessionId)
  expect(sessions.find((x) => x.path === live.info.file)!.forkOf).toBeUndefined()
})

test("tree navigation moves the leaf in place, and a new prompt branches", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  const before = await fx.client.request("session.tree", { sessionId })
  const second = before.nodes.find((n) => n.role === "user" && n.text === "two")!
  expect(second.onPath).toBe(true)
  expect(before.nodes.filter((n) => n.isLeaf)).toHaveLength(1)

  const rec = fx.record(sessionId)
  const r = await fx.client.request("session.navigate", { sessionId, entryId: second.id })
  expect(r.editorText).toBe("two")
  const s = await rec.waitFor((_s, ev) => ev.at(-1)!.event.type === "snapshot" && ev.length > 1, "the moved view")
  expect(s.info.file).toBe(live.info.file)
  expect(users(s)).toEqual(["one"])

  fx.faux.setResponses([fauxAssistantMessage("Another path.")])
  await fx.client.request("session.prompt", { sessionId, text: "two, differently" })
  const after = await rec.waitFor((s) => !s.running && s.items.length === 6, "the branch reply")
  expect(users(after)).toEqual(["one", "two, differently"])
  const tree = await fx.client.request("session.tree", { sessionId })
  const parents = tree.nodes.filter((n) => n.role === "user" && n.text.startsWith("two")).map((n) => n.parentId)
  expect(parents).toHaveLength(2)
  expect(parents[0]).toBe(parents[1]!)
  expect(tree.nodes.find((n) => n.text === "two")!.onPath).toBe(false)
})

test("the tree names what Pi's system messages (prompt sections, tool loadout) changed: no empty row", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  await chat(fx, sessionId)
  const { nodes } = await fx.client.request("session.tree", { sessionId })
  const system = nodes.filter((n) => n.role === "system")
  expect(system.length).toBeGreaterThan(0)
  for (const n of system) expect(n.text).not.toBe("")
  expect(system.map((n) => n.text).join(" ")).toMatch(/tools \+read/)
})

test("new starts an empty session in the same live session id", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  const live = await chat(fx, sessionId)
  const rec = fx.record(sessionId)
  await fx.client.request("session.new", { sessionId })
  const s = await rec.waitFor((s) => s.info.piSessionId !== live.info.piSessionId, "the new session")
  expect(s.items).toEqual([])
  expect(s.info.model).toMatchObject({ provider: "faux", id: "faux-1" })
  expect(fx.host.live().map((l) => l.sessionId)).toEqual([sessionId])
})

test("tree navigation with summarize leaves Pi's branch summary of the branch left behind", async () => {
  const fx = await fixture({ files: { "notes.txt": "x\n" } })
  const { sessionId } = await fx.open()
  await chat(fx, sessionId)
  const { nodes } = await fx.client.request("session.tree", { sessionId })
  const second = nodes.find((n) => n.role === "user" && n.text === "two")!
  let asked = ""
  fx.faux.setResponses([
    (ctx: TranscriptContext) => ((asked = JSON.stringify(ctx.messages)), fauxAssistantMessage("BRANCH-SUMMARY-TEXT")),
  ])
  const rec = fx.record(sessionId)
  await fx.client.request("session.navigate", {
    sessionId,
    entryId: second.id,
    summarize: true,
    customInstructions: "CUSTOM-FOCUS",
  })
  const s = await rec.waitFor((_s, ev) => ev.at(-1)!.event.type === "snapshot" && ev.length > 1, "the moved view")
  expect(JSON.stringify(s.items)).toContain("BRANCH-SUMMARY-TEXT")
  expect(asked).toContain("CUSTOM-FOCUS")
})
