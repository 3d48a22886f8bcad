// The bundled-extension slot in the daemon, over its real socket: ask_user and an extension placed in
// the slot's folder load in mode daemon, and one window's noBundled switches an extension off for
// the session it opens only (the daemon is shared).
import { afterAll, beforeAll, expect, test } from "bun:test"
import type { ToolItem } from "../../src/protocol"
import { makeSlot, type Slot } from "../fixture/bundled-slot"
import { Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
let slot: Slot
beforeAll(async () => {
  slot = makeSlot()
  const turns = [{ tool: "probe", text: "Probing." }, { text: "Probed." }, { text: "Without the probe." }]
  d = await startBox({ turns }, { env: { XAGENT_BUNDLED_DIR: slot.dir } })
})
afterAll(async () => {
  await d.cleanup()
  slot.cleanup()
})

test("in the daemon, the slot's extensions load in mode daemon; a window's noBundled applies to its session only", async () => {
  const first = await d.connect()
  const a = await first.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })
  expect(a.warnings).toEqual([])
  const recA = new Recorder(first, a.sessionId)
  await first.request("session.prompt", { sessionId: a.sessionId, text: "probe it" })
  const done = await recA.waitFor(replyDone(2), "the probed reply")
  const probe = done.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "probe")
  expect(probe).toMatchObject({ status: "done", output: "probe ran in mode daemon" })
  expect(d.llm.requests()[0]!.tools).toEqual(expect.arrayContaining(["ask_user", "probe", "bash"]))
  recA.stop()

  // Another window, the same daemon: its session leaves the probe out; the first session keeps it.
  const second = await d.connect()
  const b = await second.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" }, noBundled: ["probe"] })
  const recB = new Recorder(second, b.sessionId)
  await second.request("session.prompt", { sessionId: b.sessionId, text: "hello" })
  await recB.waitFor(replyDone(1), "the reply without the probe")
  const offered = d.llm.requests().at(-1)!.tools
  expect(offered).toContain("ask_user")
  expect(offered).not.toContain("probe")
  recB.stop()
  const commandsOf = async (sessionId: string) =>
    (await first.request("session.commands", { sessionId })).commands.map((c) => c.name)
  expect(await commandsOf(a.sessionId)).toContain("probe")
  expect(await commandsOf(b.sessionId)).not.toContain("probe")
}, 60_000)
