// The run limits (model stall, tool time) never end a run that waits on the person: a question
// pending longer than both limits is still there to answer, and the reply goes on after it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { assistantTexts, fixturePath, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox(
    { turns: [{ tool: "ask_me" }, { text: "You confirmed." }] },
    // the model limit leaves a loaded machine time for the first byte (2 s did not, with two whole
    // suites running at once: the stall ended the run before the question); only the tool clock
    // runs while asking
    { env: { XAGENT_MODEL_STALL_MS: "6000", XAGENT_TOOL_TIMEOUT_MS: "300" } },
  )
})
afterAll(() => d.cleanup())

test("a question pending past the stall and tool limits does not end the run", async () => {
  const c = await d.connect()
  const { sessionId } = await c.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [fixturePath("ask-tool.ts")],
  })
  const rec = new Recorder(c, sessionId, 0)
  await c.request("session.prompt", { sessionId, text: "ask me" })
  const asked = await rec.waitFor((s) => s.ui.pending.length > 0, "the tool's question")
  // no event says "nothing happened": watch past both limits
  await Bun.sleep(6500)
  const still = rec.snapshot!
  expect(still.running).toBe(true)
  expect(still.ui.pending.map((p) => p.id)).toEqual(asked.ui.pending.map((p) => p.id))
  expect(still.items.filter((i) => i.kind === "notice" && i.level === "error")).toEqual([])
  await c.request("session.uiRespond", { sessionId, requestId: asked.ui.pending[0]!.id, response: { confirmed: true } })
  const s = await rec.waitFor(replyDone(1), "the reply after the answer")
  expect(assistantTexts(s.items).at(-1)).toBe("You confirmed.")
})
