// `xagent -p` with every patch switched off: the launcher, the CLI and a session host in a Worker
// all run with Pi's, Bun's and OpenTUI's behaviour as shipped, and the reply still comes out whole.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { PATCHES, patchSwitch } from "../../src/util/patch-switch"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  box = makeSandbox()
  llm = await startMockLlm({
    turns: [{ text: "Unpatched, and still **streaming**." }, { repeat: "word ", count: 2000 }],
  })
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  for (const p of PATCHES) box.env[patchSwitch(p)] = "1"
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

test("print mode answers with all patches off, a long reply too", async () => {
  const short = await runXagent(["-p", "hello"], box)
  expect([short.code, short.stderr, short.stdout]).toEqual([0, "", "Unpatched, and still **streaming**.\n"])
  const long = await runXagent(["-p", "more"], box)
  expect([long.code, long.stderr, long.stdout]).toEqual([0, "", "word ".repeat(2000) + "\n"])
}, 60_000)
