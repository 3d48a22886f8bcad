// The host's snapshot and the window's store hold the same session after the same events: a
// real Pi run on the faux provider (thinking, a tool, extension UI of every kind, a dialog) is
// recorded over the local client (so through JSON), then fed to both, and both are compared
// field by field, and with the snapshot the host rebuilds from the session file.
import { afterEach, expect, test } from "bun:test"
import { createRoot } from "solid-js"
import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { SNAPSHOT_KEYS, type EventEnvelope, type SessionSnapshot } from "../../src/protocol"
import { SnapshotState } from "../../src/runtime/session/snapshot-state"
import { createSessionStore } from "../../src/tui/context/session-store"
import { throughJson } from "../../src/client/local-client"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

/** Extension UI in the ways the three reducers used to disagree on, and the rest. */
const uiProbe: ExtensionFactory = (pi) => {
  pi.on("agent_start", async (_e, ctx) => {
    ctx.ui.setStatus("lint", "lint: running")
    ctx.ui.setStatus("empty", "")
    ctx.ui.setStatus("gone", "soon gone")
    ctx.ui.setStatus("cleared", "to be emptied")
    ctx.ui.setWorkingMessage("Indexing")
    ctx.ui.setWidget("above", ["one", "two"])
    ctx.ui.setWidget("below", ["x"], { placement: "belowEditor" })
    ctx.ui.setWidget("dropped", ["y"])
    ctx.ui.notify("probe started", "info")
    const ok = await ctx.ui.confirm("Go on?", "The probe asks")
    ctx.ui.setStatus("lint", ok ? "lint: ok" : "lint: declined")
  })
  pi.on("agent_end", async (_e, ctx) => {
    ctx.ui.setStatus("gone", undefined)
    ctx.ui.setStatus("cleared", "")
    ctx.ui.setWorkingMessage()
    ctx.ui.setWidget("dropped", undefined)
    ctx.ui.setTitle("probed")
  })
}

const pick = (s: object): Record<string, unknown> =>
  throughJson(Object.fromEntries(SNAPSHOT_KEYS.map((k) => [k, (s as Record<string, unknown>)[k]])))

test("the same recorded run gives the host and the window the same snapshot, which a reload agrees with", async () => {
  fx = await createFauxFixture({ extensionFactories: [uiProbe], files: { "notes.txt": "alpha\nbeta\n" } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxThinking("Look first."), fauxToolCall("read", { path: "notes.txt" }, { id: "r1" })], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage([fauxThinking("Two lines."), fauxText("It has alpha and beta.")]),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "what is in notes.txt?" })
  const asked = await rec.waitFor((s) => s.ui.pending.length > 0, "the dialog")
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: asked.ui.pending[0]!.id,
    response: { confirmed: true },
  })
  await rec.waitFor((s) => s.ui.title === "probed", "the probe's last call")
  await rec.waitFor((_s, ev) => ev.some((e) => e.event.type === "turn_end"), "the end of the run")
  const stream: EventEnvelope[] = throughJson(rec.events)

  const types = new Set(stream.map((e) => e.event.type))
  for (const t of ["snapshot", "item_add", "item_update", "text_delta", "run", "stats", "turn_end"] as const)
    expect(types).toContain(t)
  for (const t of ["ui_status", "ui_widget", "ui_working", "ui_request", "ui_resolved", "ui_title"])
    expect(types).toContain(t as never)
  // An extension's notify is a transcript line, as Pi writes it (not a passing ui_notify).
  expect(
    stream.some(
      (e) => e.event.type === "item_add" && e.event.item.kind === "notice" && e.event.item.text === "probe started",
    ),
  ).toBe(true)

  const first = stream[0]!.event
  if (first.type !== "snapshot") throw new Error("a subscription starts with a snapshot")
  // Compared after every event, so a difference mid-run (streamed text that a final item hides) counts too.
  const host = new SnapshotState(first.snapshot)
  const store = createRoot(() => createSessionStore())
  store.reset(sessionId)
  store.apply([stream[0]!])
  for (const env of stream.slice(1)) {
    host.apply(env.event)
    store.apply([env])
    const fromHost = pick(host.snapshot())
    const fromWindow = pick(store.state)
    for (const key of SNAPSHOT_KEYS)
      expect({ seq: env.seq, event: env.event.type, key, value: fromWindow[key] }).toEqual({
        seq: env.seq,
        event: env.event.type,
        key,
        value: fromHost[key],
      })
  }
  const fromHost = pick(host.snapshot())
  // What the disputed events left, as Pi's own interactive mode would show it.
  expect(fromHost.ui).toEqual({
    status: { lint: "lint: ok", empty: "", cleared: "" },
    widgets: {
      above: { lines: ["one", "two"], placement: "aboveEditor" },
      below: { lines: ["x"], placement: "belowEditor" },
    },
    title: "probed",
    workingVisible: true,
    pending: [],
  })
  const reply = (fromHost.items as SessionSnapshot["items"]).at(-1)!
  expect(reply).toMatchObject({ kind: "assistant", blocks: [{ type: "thinking" }, { type: "text" }] })

  // The host's own snapshot, and one it rebuilds from the session file (switching to the same file).
  expect(pick(fx.record(sessionId).state!)).toEqual(fromHost)
  const file = (fromHost.info as SessionSnapshot["info"]).file!
  await fx.client.request("session.switch", { sessionId, path: file })
  const rebuilt = (await rec.waitFor((_s, ev) => ev.filter((e) => e.event.type === "snapshot").length === 2)) as never
  const fresh = pick(rebuilt)
  // Rebuilt indeed: extension UI is not in the file.
  expect(fresh.ui).toMatchObject({ status: {}, widgets: {} })
  for (const key of ["sessionId", "info", "running", "runStartedAt", "queue", "stats"] as const)
    expect({ key, value: fresh[key] }).toEqual({ key, value: fromHost[key] })
  // Notices are the live session's lines (an extension's notify among them): not in the file, as in Pi.
  const kept = (fromHost.items as SessionSnapshot["items"]).filter((i) => i.kind !== "notice")
  expect(fresh.items).toEqual(kept)
})
