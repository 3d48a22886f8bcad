// The model is told it runs in xagent, not in pi: Pi's prompt opens "You are a coding assistant
// running inside pi…", and a model asked who it is answered "pi". Pi's docs block stays (xagent
// hosts Pi's extensions, whose docs those are). Also the guard of the IDENTITY patch
// (docs/patches.md): it rewrites Pi's own opening sentence, so a new wording in Pi fails here.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { patchSwitch } from "../../src/util/patch-switch"
import type { MockLlm, Sandbox } from "../fixture/mockllm"
import { okModelBox, runXagent } from "./run-xagent"

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  ;({ box, llm } = await okModelBox())
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

const systemText = () => {
  const first = llm.requests().at(-1)!.last[0] as { role: string; content: unknown }
  expect(["system", "developer"]).toContain(first.role)
  return typeof first.content === "string" ? first.content : JSON.stringify(first.content)
}

test("the request the model receives starts with xagent's identity, and keeps Pi's docs for extensions", async () => {
  const r = await runXagent(["-p", "who are you?"], box)
  expect(r.code).toBe(0)
  const text = systemText()
  expect(text.startsWith("You are a coding assistant running inside xagent")).toBe(true)
  expect(text).not.toContain("running inside pi,")
  expect(text).toContain("Pi documentation")
}, 60_000)

test("a plan request (a prompt an extension replaces for the run) says xagent too", async () => {
  const r = await runXagent(["-p", "/plan add a flag"], box)
  expect(r.code).toBe(0)
  const text = systemText()
  expect(text).toContain("[PLAN MODE]")
  expect(text.startsWith("You are a coding assistant running inside xagent")).toBe(true)
}, 60_000)

test("with XAGENT_NO_IDENTITY=1 the model gets Pi's prompt as Pi writes it", async () => {
  const r = await runXagent(["-p", "who are you?"], { ...box, env: { ...box.env, [patchSwitch("IDENTITY")]: "1" } })
  expect(r.code).toBe(0)
  expect(systemText().startsWith("You are a coding assistant running inside pi, a coding agent harness.")).toBe(true)
}, 60_000)
