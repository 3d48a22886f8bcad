// A prompt sent while /new puts a new Pi session in the live session's place is for the new one.
// Pi asks the old session's extensions, tears it down and builds the new one, seconds on a loaded
// machine; a prompt typed right after /new went to the old session meanwhile (the e2e daily driver
// typed /clear, then "hello one", and its reply was not in the session /usage then read).
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { UserItem } from "../../src/protocol"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const fixtures: FauxFixture[] = []
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.dispose()
})

/** An extension that holds /new in its `session_before_switch` until the test lets it go on. */
function heldSwitch() {
  let entered!: () => void
  let release!: () => void
  const inSwitch = new Promise<void>((r) => (entered = r))
  const gate = new Promise<void>((r) => (release = r))
  const factory: ExtensionFactory = (pi) => {
    pi.on("session_before_switch", async (e) => {
      if (e.reason !== "new") return
      entered()
      await gate
    })
  }
  return { factory, inSwitch, release }
}

test("a prompt sent while /new is under way reaches the new session, not the one torn down", async () => {
  const held = heldSwitch()
  const fx = await createFauxFixture({ extensionFactories: [held.factory] })
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const first = await rec.waitFor((s) => !!s.info.piSessionId, "the session")
  fx.faux.setResponses([fauxAssistantMessage("Fresh reply.")])

  const moved = fx.client.request("session.new", { sessionId })
  await held.inSwitch
  const sent = fx.client.request("session.prompt", { sessionId, text: "hello after new" })
  // Requests on one client are handled in the order sent: once this one is answered, the host has
  // taken the prompt (sent to a session, or held) while the old session is still in place.
  await fx.client.request("session.commands", { sessionId })
  held.release()
  await moved
  await sent

  const s = await rec.waitFor(
    (s) =>
      s.info.piSessionId !== first.info.piSessionId &&
      !s.running &&
      s.items.some((i) => i.kind === "assistant" && JSON.stringify(i).includes("Fresh reply.")),
    "the reply in the new session",
  )
  expect(s.items.filter((i): i is UserItem => i.kind === "user").map((i) => i.text)).toEqual(["hello after new"])
  const usage = await fx.client.request("session.usage", { sessionId })
  expect(usage.session.total.replies).toBe(1)
})
