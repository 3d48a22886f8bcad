// The bundled-extension slot in a host in this process (the local client): the package's extensions/
// load by default, an extension placed in the slot's folder loads the same way, each one can be
// switched off per session, and a broken one costs a warning, not the session.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage, fauxToolCall, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import type { SessionEvent, ToolItem } from "../../src/protocol"
import { makeSlot, type Slot } from "../fixture/bundled-slot"
import { createFauxFixture, saidOf, type FauxFixture } from "../fixture/faux"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function fixture(slot?: Slot): Promise<FauxFixture> {
  const fx = await createFauxFixture(slot ? { hostOptions: { bundledDir: slot.dir } } : {})
  cleanups.push(() => fx.dispose())
  return fx
}

function slotted(): Slot {
  const slot = makeSlot()
  cleanups.push(() => slot.cleanup())
  return slot
}

/** Opens a session, sends one prompt, and returns the tool names the model was offered. */
async function toolsOffered(fx: FauxFixture, extra: Parameters<FauxFixture["open"]>[1] = {}) {
  let tools: string[] = []
  fx.faux.setResponses([
    (ctx: TranscriptContext) => {
      tools = getCurrentTools(ctx.messages).map((t) => t.name)
      return fauxAssistantMessage("ok")
    },
  ])
  const { sessionId } = await fx.open({ kind: "new" }, extra)
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "hi" })
  await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  rec.stop()
  return tools
}

/** The model calls `probe`; returns what the tool answered. */
async function callProbe(fx: FauxFixture, sessionId: string): Promise<string> {
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("probe", {})], { stopReason: "toolUse" }),
    fauxAssistantMessage("done"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "probe it" })
  const s = await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  rec.stop()
  const item = s.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "probe")
  expect(item?.status).toBe("done")
  return item?.output ?? ""
}

const notices = (events: { event: SessionEvent }[]) => saidOf(events).map((n) => n.message)

test("by default the package's extensions/ load: ask_user is offered in process", async () => {
  const fx = await fixture()
  const tools = await toolsOffered(fx)
  expect(tools).toContain("ask_user")
  expect(tools).not.toContain("probe")
})

test("an extension placed in the slot's folder is loaded the same way: its tool and command work, in mode window", async () => {
  const fx = await fixture(slotted())
  const opened = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "new" }, model: "faux/faux-1" })
  expect(opened.warnings).toEqual([])
  const { commands } = await fx.client.request("session.commands", { sessionId: opened.sessionId })
  expect(commands.map((c) => c.name)).toContain("probe")
  expect(await callProbe(fx, opened.sessionId)).toBe("probe ran in mode window")

  const rec = fx.record(opened.sessionId)
  await fx.client.request("session.prompt", { sessionId: opened.sessionId, text: "/probe" })
  await rec.waitFor((_s, events) => notices(events).includes("probe command ran in mode window"), "the command")
  rec.stop()
  // ask_user came in through the same folder (linked in).
  expect(await toolsOffered(fx)).toEqual(expect.arrayContaining(["ask_user", "probe", "read"]))
})

test("noBundled switches each one off for that session only; the host's other sessions keep it", async () => {
  const fx = await fixture(slotted())
  expect(await toolsOffered(fx, { noBundled: ["probe"] })).toEqual(expect.arrayContaining(["ask_user", "read"]))
  expect(await toolsOffered(fx, { noBundled: ["probe"] })).not.toContain("probe")
  const none = await toolsOffered(fx, { noBundled: ["probe", "ask-user"] })
  expect(none).not.toContain("probe")
  expect(none).not.toContain("ask_user")
  expect(none).toContain("read")
  expect(await toolsOffered(fx)).toEqual(expect.arrayContaining(["ask_user", "probe"]))

  const off = await fx.client.request("session.open", {
    cwd: fx.cwd,
    mode: { kind: "new" },
    noBundled: ["probe"],
  })
  const { commands } = await fx.client.request("session.commands", { sessionId: off.sessionId })
  expect(commands.map((c) => c.name)).not.toContain("probe")
})

test("a print session (interactive: false) loads the slot in mode print, and ask_user leaves itself out", async () => {
  const fx = await fixture(slotted())
  const tools = await toolsOffered(fx, { interactive: false })
  expect(tools).toContain("probe")
  expect(tools).not.toContain("ask_user")
  const { sessionId } = await fx.open({ kind: "new" }, { interactive: false })
  expect(await callProbe(fx, sessionId)).toBe("probe ran in mode print")
})

test("a broken extension, or a name switched off that no folder holds, is a warning; the rest loads", async () => {
  const slot = slotted()
  slot.add("no-default", "export const x = 1\n")
  slot.add("bad-import", 'import "./missing-file"\nexport default () => {}\n')
  slot.add("throws", 'export default () => { throw new Error("no config") }\n')
  const fx = await fixture(slot)
  const opened = await fx.client.request("session.open", {
    cwd: fx.cwd,
    mode: { kind: "new" },
    model: "faux/faux-1",
    noBundled: ["ask-usr"],
  })
  const warnings = opened.warnings.join("\n")
  expect(warnings).toContain('No bundled extension is named "ask-usr"')
  expect(warnings).toContain("bundled: ask-user, bad-import, no-default, probe, throws")
  expect(warnings).toMatch(/Bundled extension "bad-import" was not loaded: .*missing-file/)
  expect(warnings).toContain('Bundled extension "no-default" was not loaded: ')
  expect(warnings).toContain("has no default export function")
  expect(warnings).toContain('bundled extension "throws": no config')
  expect(await callProbe(fx, opened.sessionId)).toBe("probe ran in mode window")
  // Switched off, a broken one is not even imported, so it says nothing.
  const quiet = await fx.client.request("session.open", {
    cwd: fx.cwd,
    mode: { kind: "new" },
    noBundled: ["no-default", "bad-import", "throws"],
  })
  expect(quiet.warnings).toEqual([])
})
