// /settings through Pi's SettingsManager, Ctrl+P over Pi's scoped models, /reload.
import { afterEach, expect, test } from "bun:test"
import { readFileSync, writeFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(() => fx?.dispose())

const models = [
  { id: "faux-1", reasoning: true, contextWindow: 200_000 },
  { id: "faux-2", reasoning: false, contextWindow: 100_000 },
  { id: "faux-3", reasoning: false, contextWindow: 100_000 },
]

test("settings.list shows Pi's values; settings.set writes settings.json through Pi and keeps other keys", async () => {
  fx = await createFauxFixture({ settings: { steeringMode: "one-at-a-time", myOwnKey: 7 } })
  const { sessionId } = await fx.open()
  const { settings } = await fx.client.request("settings.list", { sessionId })
  expect(settings.find((s) => s.key === "steeringMode")).toMatchObject({
    value: "one-at-a-time",
    options: ["all", "one-at-a-time"],
  })
  await fx.client.request("settings.set", { sessionId, key: "steeringMode", value: "all" })
  await fx.client.request("settings.set", { sessionId, key: "autoCompact", value: "off" })
  const file = JSON.parse(readFileSync(join(fx.agentDir, "settings.json"), "utf8"))
  expect(file).toMatchObject({ steeringMode: "all", compaction: { enabled: false }, myOwnKey: 7 })
  const after = await fx.client.request("settings.list", { sessionId })
  expect(after.settings.find((s) => s.key === "autoCompact")!.value).toBe("off")
  await expect(fx.client.request("settings.set", { sessionId, key: "steeringMode", value: "some" })).rejects.toThrow(
    /"some" is not a value of Steering mode: use all, one-at-a-time/,
  )
  await expect(fx.client.request("settings.set", { sessionId, key: "nope", value: "on" })).rejects.toThrow(
    /Unknown setting "nope"/,
  )
  expect(JSON.parse(readFileSync(join(fx.agentDir, "settings.json"), "utf8"))).toEqual(file)
})

test("session.cycleModel goes through Pi's enabledModels forward and back", async () => {
  fx = await createFauxFixture({ models, settings: { enabledModels: ["faux/faux-1", "faux/faux-3"] } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const next = await fx.client.request("session.cycleModel", { sessionId, direction: "forward" })
  expect(next).toMatchObject({ model: { provider: "faux", id: "faux-3" }, scoped: true })
  await rec.waitFor((s) => s.info.model?.id === "faux-3", "the window hears of the new model")
  const back = await fx.client.request("session.cycleModel", { sessionId, direction: "backward" })
  expect(back.model).toEqual({ provider: "faux", id: "faux-1" })
})

test("session.cycleModel without enabledModels cycles the usable models", async () => {
  fx = await createFauxFixture({ models })
  const { sessionId } = await fx.open()
  const next = await fx.client.request("session.cycleModel", { sessionId })
  expect(next).toMatchObject({ model: { provider: "faux", id: "faux-2" }, scoped: false })
})

test("session.reload picks up a prompt template added after the session opened", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const before = await fx.client.request("session.commands", { sessionId })
  expect(before.commands.some((c) => c.name === "shipit")).toBe(false)
  mkdirSync(join(fx.agentDir, "prompts"), { recursive: true })
  writeFileSync(join(fx.agentDir, "prompts", "shipit.md"), "---\ndescription: Ship it\n---\nShip the change.\n")
  await fx.client.request("session.reload", { sessionId })
  const after = await fx.client.request("session.commands", { sessionId })
  expect(after.commands).toContainEqual({ name: "shipit", source: "prompt", description: "Ship it" })
})
