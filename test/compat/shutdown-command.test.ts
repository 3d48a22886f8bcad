// ctx.shutdown() from a tool (Pi's shutdown-command example, `finish_and_exit`) ends the session
// only after the reply has finished, as Pi defers it until idle; from a command (`/quit`) at once.
// The session once closed at once, the tool row spinning, no final reply.
import { afterEach, expect, test } from "bun:test"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"
import { PI_EXAMPLES } from "../fixture/mockllm"

const EXAMPLE = join(PI_EXAMPLES, "shutdown-command.ts")

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("a tool's shutdown waits for the reply to finish, then the session closes", async () => {
  fx = await createFauxFixture({ hostOptions: { extensionPaths: [EXAMPLE] } })
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("finish_and_exit", toolArgs({}))], { stopReason: "toolUse" }),
    fauxAssistantMessage("bye"),
  ])
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "finish up" })
  await rec.waitFor((_s, events) => events.some((e) => e.event.type === "closed"), "the close")
  const types = rec.events.map((e) => e.event.type)
  expect(types.indexOf("turn_end")).toBeLessThan(types.indexOf("closed"))
  const s = rec.state!
  const tool = s.items.find((i) => i.kind === "tool")
  expect(tool).toMatchObject({ status: "done" })
  const replies = s.items.filter((i) => i.kind === "assistant")
  expect(JSON.stringify(replies.at(-1))).toContain("bye")
  const closed = rec.events.find((e) => e.event.type === "closed")!.event
  expect(closed).toEqual({ type: "closed", reason: "An extension ended the session" })
})

test("/quit (a command's shutdown while idle) closes the session at once", async () => {
  fx = await createFauxFixture({ hostOptions: { extensionPaths: [EXAMPLE] } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/quit" })
  await rec.waitFor((_s, events) => events.some((e) => e.event.type === "closed"), "the close")
})
