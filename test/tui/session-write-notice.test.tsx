// In the window: when the session file stops taking writes, the window says so on
// screen (what, where, and that nothing is lost yet), and says so again when saving resumes.
// The fault is real: the session file is swapped for a link to /dev/full (every write: ENOSPC).
import { afterEach, expect, test } from "bun:test"
import { readFileSync, renameSync, symlinkSync } from "node:fs"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import type { SessionEvent } from "../../src/protocol"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountApp, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

test("a session file that cannot be written is shown in the window, and so is the recovery", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  app = await mountApp({ width: 110, height: 30 })
  const window = app
  // The window draws what the real host sends, as over the socket.
  fx.client.subscribe(sessionId, 0, (env) => {
    const e: SessionEvent = env.event
    window.client.emit(e.type === "snapshot" ? { ...e, snapshot: { ...e.snapshot, sessionId: "s1" } } : e)
  })

  fx.faux.setResponses([fauxAssistantMessage("First answer."), fauxAssistantMessage("Second answer.")])
  await fx.client.request("session.prompt", { sessionId, text: "one" })
  const file = (await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))).info.file!
  await app.until("First answer.")

  renameSync(file, `${file}.real`)
  symlinkSync("/dev/full", file)
  await fx.client.request("session.prompt", { sessionId, text: "two" })
  const frame = await app.until((f) => f.includes("Second answer.") && f.includes("could not be saved"))
  expect(frame).toMatch(/entr(y|ies) could not be saved to/)
  expect(frame).toContain("ENOSPC")

  renameSync(`${file}.real`, file)
  expect(await app.until("can be written again")).toMatch(/kept entries saved to/)
  expect(readFileSync(file, "utf8")).toContain("Second answer.")
}, 30_000)
