// Choosing a model and a thinking level from the window: a level the model cannot think at is
// refused with the reason instead of being recorded as "off" behind a "Thinking: high" toast
// (new-user-tour row 12); an unknown model points to a command people can run (row 20).
import { afterEach, expect, test } from "bun:test"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("a thinking level the model lacks is refused and changes nothing", async () => {
  fx = await createFauxFixture({
    models: [
      { id: "faux-1", reasoning: true },
      { id: "faux-2", reasoning: false },
    ],
  })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.setModel", { sessionId, provider: "faux", id: "faux-2" })
  await rec.waitFor((s) => s.info.model?.id === "faux-2", "faux-2")
  await expect(fx.client.request("session.setThinking", { sessionId, level: "high" })).rejects.toThrow(
    /faux\/faux-2 has no thinking levels/,
  )
  expect(rec.state!.info.thinkingLevel).toBe("off")
  await fx.client.request("session.setThinking", { sessionId, level: "off" })
})

test("an unknown model with no close match points to xagent --list-models", async () => {
  fx = await createFauxFixture()
  await expect(fx.open({ kind: "new" }, { model: "nope/none" })).rejects.toThrow(
    /^Unknown model "nope\/none"\. `xagent --list-models` lists the models \(\/model in the window\)$/,
  )
})
