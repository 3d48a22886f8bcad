// session/set_config_option: the answer carries the options, and the editor gets one
// config_option_update per change, never the same one twice (the host's own report of a new model
// or thinking level is that one).
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { newSession, startAcpBox, type AcpBox, type Update } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [] })
  // A second model, one that reasons (so it has thinking levels to choose).
  const file = join(box.box.agentDir, "models.json")
  const models = JSON.parse(readFileSync(file, "utf8"))
  const provider = Object.values(models.providers)[0] as { models: object[] }
  provider.models.push({ id: "thinker", name: "Thinker", reasoning: true, contextWindow: 64000, maxTokens: 4096 })
  writeFileSync(file, JSON.stringify(models, null, 2))
}, SLOW)
afterAll(() => box.cleanup())

type ConfigUpdate = Update & { configOptions: { id: string; currentValue: string }[] }
const state = (u: ConfigUpdate) => u.configOptions.map((o) => `${o.id}=${o.currentValue}`).join(" ")

test(
  "one config_option_update per set_config_option: model, mode, thought level",
  async () => {
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    const model = s.configOptions!.find((o) => o.id === "model")! as { options: { value: string }[] }
    const thinker = model.options.map((o) => o.value).find((v) => v.endsWith("/thinker"))!
    expect(thinker).toBeDefined()
    const set = (configId: string, value: string) =>
      ed.cx.request(acp.methods.agent.session.setConfigOption, { sessionId: s.sessionId, configId, value })
    const configs = () =>
      ed.of(s.sessionId).filter((u): u is ConfigUpdate => u.sessionUpdate === "config_option_update")

    const answers = [
      await set("model", thinker),
      await set("mode", "plan"),
      await set("thought_level", "high"),
      await set("mode", "default"),
    ]
    // The last change's update comes after every earlier one: by then all have arrived.
    const last = state(answers.at(-1)! as ConfigUpdate)
    await ed.waitFor(() => configs().some((u) => state(u) === last), "the last change's update")
    expect(configs().map(state)).toEqual(answers.map((a) => state(a as ConfigUpdate)))
    await ed.close()
  },
  SLOW,
)
