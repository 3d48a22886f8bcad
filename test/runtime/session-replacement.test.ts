// Pi replaces a session's AgentSession in place (/new, a switch, a fork, an extension's
// ctx.newSession): until the new one is bound, its runtime still hands out the old one, torn down
// or being torn down. A prompt that arrives meanwhile must reach the new session: run on the old
// one, its reply went to no window and Pi could not find the reply's saved entry ("turn_end could
// not resolve the persisted assistant entry ID", from any extension's turn_end handler).
import { afterEach, expect, test } from "bun:test"
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

/** Holds the first session's shutdown (part of its replacement) until `release`. */
function holdShutdown() {
  let reached!: () => void
  let release!: () => void
  const atShutdown = new Promise<void>((r) => (reached = r))
  const released = new Promise<void>((r) => (release = r))
  let held = false
  const factory = (pi: ExtensionAPI) => {
    pi.on("session_shutdown", async () => {
      if (held) return
      held = true
      reached()
      await released
    })
    // what an extension's own /new does (pi-aliases' /clear)
    pi.registerCommand("fresh", { description: "a new session", handler: async (_a, ctx) => void ctx.newSession() })
  }
  return { factory, atShutdown, release }
}

for (const how of ["session.new", "an extension command's ctx.newSession"] as const) {
  test(`a prompt sent while ${how} replaces the session runs in the new one`, async () => {
    const gate = holdShutdown()
    fx = await createFauxFixture({ extensionFactories: [gate.factory] })
    const { sessionId } = await fx.open()
    const rec = fx.record(sessionId)
    fx.faux.setResponses([fauxAssistantMessage("first"), fauxAssistantMessage("second")])
    await fx.client.request("session.prompt", { sessionId, text: "one" })
    await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the first reply")

    const replaced =
      how === "session.new"
        ? fx.client.request("session.new", { sessionId })
        : fx.client.request("session.prompt", { sessionId, text: "/fresh" })
    await gate.atShutdown
    const prompted = fx.client.request("session.prompt", { sessionId, text: "two" })
    gate.release()
    await replaced
    await prompted

    const s = await rec.waitFor(
      (s) => !s.running && s.items.some((i) => i.kind === "assistant"),
      "the reply in the new session",
    )
    const texts = JSON.stringify(s.items)
    expect(texts).toContain('"two"')
    expect(texts).toContain('"second"')
    expect(texts).not.toContain('"first"')
    expect(texts).not.toContain("could not resolve")
  })
}
