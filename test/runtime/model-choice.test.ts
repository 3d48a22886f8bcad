// Choosing a model and a thinking level from the window: a level the model cannot think at is
// refused with the reason instead of being recorded as "off" behind a "Thinking: high" toast;
// an unknown model points to a command people can run.
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

test("session.models names Pi's scoped models (enabledModels), for /model to open on them as Pi's does", async () => {
  fx = await createFauxFixture({
    models: [{ id: "faux-1" }, { id: "faux-2" }, { id: "faux-3" }],
    settings: { enabledModels: ["faux/faux-1", "faux/faux-3"] },
  })
  const { sessionId } = await fx.open()
  const r = await fx.client.request("session.models", { sessionId })
  expect(r.scoped).toEqual([
    { provider: "faux", id: "faux-1" },
    { provider: "faux", id: "faux-3" },
  ])
  expect(r.models.map((m) => m.id)).toEqual(expect.arrayContaining(["faux-1", "faux-2", "faux-3"]))
})
