// With no model request timeout, so a hung provider kept a (detached) reply running
// forever. A model request with no byte for the stall limit (XAGENT_MODEL_STALL_MS here; the
// `modelStallSeconds` setting, 5 min by default) ends the run as stalled, and so does a request
// whose response never starts for the answer limit (`modelAnswerSeconds`, 30 s by default); a tool past the tool
// limit (XAGENT_TOOL_TIMEOUT_MS; `toolTimeoutSeconds`) is ended with its process group, and its
// result says why.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { makeSandbox, startMockLlm, startSilentLlm, writeAgentDir, type Sandbox } from "../fixture/mockllm"
import { join } from "node:path"
import { runXagent } from "./run-xagent"

const SLOW = 60_000

describe("a model that sends headers and then nothing", () => {
  for (const firstText of [undefined, "Half a th"]) {
    const where = firstText ? "after the first words" : "before any word"
    test(
      `-p ends the run as stalled ${where}, exit 1, with a message that says so`,
      async () => {
        const box = makeSandbox()
        const llm = startSilentLlm({ firstText })
        try {
          writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
          // The limit counts from the turn's start, before Pi has sent the request: a loaded machine
          // took more than 0.8 s to send it, and the run ended before the model was asked.
          const r = await runXagent(["-p", "hello"], { ...box, env: { ...box.env, XAGENT_MODEL_STALL_MS: "3000" } })
          expect(r.code).toBe(1)
          expect(r.stderr).toContain("stalled: the model sent nothing for 3 s")
          if (firstText) expect(r.stdout).toStartWith(firstText)
          expect(llm.calls()).toBe(1)
        } finally {
          await llm.stop()
          box.cleanup()
        }
      },
      SLOW,
    )
  }
})

describe("a tool that runs past the tool limit", () => {
  let box: Sandbox
  let llm: Awaited<ReturnType<typeof startMockLlm>>
  beforeAll(async () => {
    box = makeSandbox()
    llm = await startMockLlm({
      turns: [
        { tool: "bash", args: { command: "sleep 31.25; echo too-late" } },
        { text: "The command was ended." },
        { tool: "wait_for_ever" },
        { text: "never asked for" },
      ],
    })
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  })
  afterAll(async () => {
    await llm.stop()
    box.cleanup()
  })

  test(
    "is ended with its process group; the result says why and the reply goes on",
    async () => {
      const r = await runXagent(["-p", "sleep a while"], {
        ...box,
        env: { ...box.env, XAGENT_TOOL_TIMEOUT_MS: "1000" },
      })
      expect(r.stdout).toBe("The command was ended.\n")
      expect(r.code).toBe(0)
      const sent = llm.requests().at(-1)!.last as { role: string; content: unknown }[]
      const result = JSON.stringify(sent.find((m) => m.role === "tool")?.content)
      expect(result).toContain("Command timed out after 1 seconds")
      expect(result).toContain("toolTimeoutSeconds")
      expect(result).not.toContain("too-late")
      const left = Bun.spawnSync(["pgrep", "-f", "sleep 31.25"]).stdout.toString().trim()
      expect(left).toBe("")
    },
    SLOW,
  )

  test(
    "another tool past the limit ends the run as an error that names the tool",
    async () => {
      const ext = join(import.meta.dir, "fixtures/wait-tool.ts")
      const r = await runXagent(["-p", "wait", "-e", ext], {
        ...box,
        env: { ...box.env, XAGENT_TOOL_TIMEOUT_MS: "1000" },
      })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain("the tool wait_for_ever ran longer than 1 s: the run was ended")
      expect(r.stdout).not.toContain("never asked for")
    },
    SLOW,
  )
})

describe("a provider that accepts the request and never answers (no headers)", () => {
  test(
    "-p ends the run within 40 s with the default limits, exit 1, saying the model did not answer",
    async () => {
      const box = makeSandbox()
      let calls = 0
      // a raw TCP listener: it takes the connection and the request, and never writes a byte
      const server = Bun.listen({
        hostname: "127.0.0.1",
        port: 0,
        socket: { open: () => void calls++, data() {} },
      })
      try {
        writeAgentDir(box.agentDir, { baseUrl: `http://127.0.0.1:${server.port}/v1` })
        const r = await runXagent(["-p", "hello"], box)
        expect(r.stderr).toContain("stalled: the model did not answer the request within 30 s")
        expect(r.code).toBe(1)
        expect(calls).toBeGreaterThan(0)
      } finally {
        server.stop(true)
        box.cleanup()
      }
    },
    2 * SLOW,
  )
})
