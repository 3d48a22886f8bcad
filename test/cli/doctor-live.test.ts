// `xagent doctor --live` through bin/xagent: the one real model request is made only once it was
// confirmed with the model and its cost in front of the person (without a terminal to ask on,
// --yes is needed and nothing is sent), then it is one request, timed, and a model that fails is a
// failure with a fix. The scripted model counts what reaches it.
import { afterEach, expect, test } from "bun:test"
import type { DoctorReport } from "../../src/protocol/doctor"
import {
  makeSandbox,
  MOCK_MODEL,
  MOCK_PROVIDER,
  startFailingLlm,
  startMockLlm,
  writeAgentDir,
  type MockLlm,
  type Sandbox,
} from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

const SLOW = 120_000
const REF = `${MOCK_PROVIDER}/${MOCK_MODEL}`

let box: Sandbox | undefined
let llm: MockLlm | undefined
afterEach(async () => {
  await llm?.stop()
  llm = undefined
  box?.cleanup()
  box = undefined
})

test(
  "without a terminal, --live asks for --yes, naming the model and the cost, and sends nothing",
  async () => {
    box = makeSandbox()
    llm = await startMockLlm({ turns: [], fallback: "ok" })
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
    const r = await runXagent(["doctor", "--live"], box)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`xagent doctor --live makes one request to ${REF} (about 40 tokens in, at most 16 out;`)
    expect(r.stderr).toContain("add --yes to make it without asking")
    expect(r.stdout).toBe("")
    expect(llm.requests()).toHaveLength(0)
  },
  SLOW,
)

test(
  "--live --yes makes one request and reports it; --json carries the check",
  async () => {
    box = makeSandbox()
    llm = await startMockLlm({ turns: [], fallback: "ok" })
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
    const r = await runXagent(["doctor", "--live", "--yes"], box)
    expect(r.stdout).toMatch(
      new RegExp(`^ok +live request +${REF} answered in [0-9.]+ s \\(\\d+ tokens in, \\d+ out\\)$`, "m"),
    )
    expect(r.stdout).toContain("(one model request was made)")
    expect(llm.requests()).toHaveLength(1)
    expect(llm.requests()[0]!.tools).toEqual([])

    const json = await runXagent(["doctor", "--live", "--yes", "--json"], box)
    const report = JSON.parse(json.stdout) as DoctorReport
    expect(report.checks.find((c) => c.name === "live request")?.verdict).toBe("ok")
    expect(report.liveMade).toBe(true)
    expect(llm.requests()).toHaveLength(2)
  },
  SLOW,
)

test(
  "a model that fails the live request is a failure with a fix; plain doctor still sends nothing",
  async () => {
    box = makeSandbox()
    llm = startFailingLlm(401, "invalid api key")
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
    const plain = await runXagent(["doctor"], box)
    expect(plain.stdout).toContain("(no model request was made)")
    expect(plain.stdout).not.toContain("live request")

    const r = await runXagent(["doctor", "--live", "--yes"], box)
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(new RegExp(`^FAIL +live request +${REF} did not answer: .*invalid api key`, "m"))
    expect(r.stdout).toContain("fix: check the key or sign-in")
  },
  SLOW,
)
