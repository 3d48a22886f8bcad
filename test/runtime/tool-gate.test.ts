// The consent gate of a live session (runtime/session/tool-gate.ts): off by default; with approval "ask"
// a gated call waits for a `permission` dialog, which any window may answer. Only an offered
// choice allows; "always" lasts for this live session and per tool; reading tools never wait.
import { afterEach, expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { UiRequest } from "../../src/protocol"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

const write = (path: string) =>
  fauxAssistantMessage([fauxToolCall("write", toolArgs({ path, content: "x\n" }))], { stopReason: "toolUse" })
const permissionOf = (pending: UiRequest[]) =>
  pending.find((r): r is Extract<UiRequest, { kind: "permission" }> => r.kind === "permission")

test("approval ask: a write waits; a wrong answer is refused, deny blocks, always allows the rest", async () => {
  fx = await createFauxFixture({ files: { "a.txt": "alpha\n" } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.setApproval", { sessionId, approval: "ask" })
  fx.faux.setResponses([
    write("one.txt"),
    fauxAssistantMessage("denied"),
    write("two.txt"),
    write("three.txt"),
    fauxAssistantMessage([fauxToolCall("read", toolArgs({ path: "a.txt" }))], { stopReason: "toolUse" }),
    fauxAssistantMessage("done"),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "first" })
  let snap = await rec.waitFor((s) => !!permissionOf(s.ui.pending), "the permission dialog")
  const first = permissionOf(snap.ui.pending)!
  expect(first).toMatchObject({ toolName: "write", title: "write: one.txt", input: { path: "one.txt" } })
  const wrong = await fx.client
    .request("session.uiRespond", { sessionId, requestId: first.id, response: { value: "yes please" } })
    .catch((e: Error) => e)
  expect(String(wrong)).toContain("allow_once | allow_always | reject_once")
  await fx.client.request("session.uiRespond", { sessionId, requestId: first.id, response: { cancelled: true } })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "tool" && i.status === "error"), "denied")
  expect(existsSync(join(fx.cwd, "one.txt"))).toBe(false)

  await fx.client.request("session.prompt", { sessionId, text: "second" })
  snap = await rec.waitFor((s) => !!permissionOf(s.ui.pending), "the second dialog")
  await fx.client.request("session.uiRespond", {
    sessionId,
    requestId: permissionOf(snap.ui.pending)!.id,
    response: { value: "allow_always" },
  })
  // The next write and the read ran without asking.
  snap = await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  expect(existsSync(join(fx.cwd, "two.txt"))).toBe(true)
  expect(existsSync(join(fx.cwd, "three.txt"))).toBe(true)
  const asked = rec.events.filter((e) => e.event.type === "ui_request").length
  expect(asked).toBe(2)
})

test("approval off (the default): nothing waits; with ask, an abort withdraws the question and denies", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([write("free.txt"), fauxAssistantMessage("ok"), write("asked.txt")])
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "the reply")
  expect(existsSync(join(fx.cwd, "free.txt"))).toBe(true)
  expect(rec.events.some((e) => e.event.type === "ui_request")).toBe(false)
  await fx.client.request("session.setApproval", { sessionId, approval: "ask" })
  await fx.client.request("session.prompt", { sessionId, text: "again" })
  await rec.waitFor((s) => !!permissionOf(s.ui.pending), "a dialog once asked for")
  // Aborting the run withdraws the question: the call is denied, never allowed.
  await fx.client.request("session.abort", { sessionId })
  await rec.waitFor((s) => !s.running && s.ui.pending.length === 0, "withdrawn")
  expect(existsSync(join(fx.cwd, "asked.txt"))).toBe(false)
})
