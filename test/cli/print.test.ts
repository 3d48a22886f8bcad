// `xagent -p` end to end: the real launcher, a real Pi session in a Worker, a scripted model over HTTP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  makeSandbox,
  startFailingLlm,
  startMockLlm,
  writeAgentDir,
  type MockLlm,
  type Sandbox,
} from "../fixture/mockllm"
import { lines, runXagent } from "./run-xagent"

/** Each test starts xagent and Pi in a Worker: seconds on a busy 2-core machine. */
const SLOW = 60_000

describe("with a working model", () => {
  let box: Sandbox
  let llm: MockLlm
  beforeAll(async () => {
    box = makeSandbox()
    llm = await startMockLlm({
      turns: [
        { text: "Streaming reply: the answer is 42." },
        { text: "Let me look.", tool: "bash", args: { command: "echo tool-ran-7" } },
        { text: "The shell said tool-ran-7." },
        { text: "You piped in two lines." },
        { text: "Continued." },
        { text: "Extension seen." },
      ],
    })
    writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
  })
  afterAll(async () => {
    await llm.stop()
    box.cleanup()
  })

  test(
    "prints the streamed reply to stdout and exits 0",
    async () => {
      const r = await runXagent(["-p", "what is the answer?"], box)
      expect(r.stderr).toBe("")
      expect(r.stdout).toBe("Streaming reply: the answer is 42.\n")
      expect(r.code).toBe(0)
      const sent = llm.requests().at(-1)!.last as { role: string; content: unknown }[]
      expect(JSON.stringify(sent.at(-1))).toContain("what is the answer?")
    },
    SLOW,
  )

  test(
    "tool activity goes to stderr, every message of the reply to stdout",
    async () => {
      const r = await runXagent(["-p", "run something"], box)
      expect(r.stdout).toBe("Let me look.\n\nThe shell said tool-ran-7.\n")
      expect(lines(r.stderr)).toEqual(["→ bash echo tool-ran-7"])
      expect(r.code).toBe(0)
      // The tool really ran: its output went back to the model.
      expect(JSON.stringify(llm.requests().at(-1)!.last)).toContain("tool-ran-7")
    },
    SLOW,
  )

  test(
    "piped stdin comes before the prompt, as in Pi",
    async () => {
      const r = await runXagent(["-p", "count these"], box, { stdin: "line one\nline two\n" })
      expect(r.stdout).toBe("You piped in two lines.\n")
      expect(r.code).toBe(0)
      const user = JSON.stringify(llm.requests().at(-1)!.last.at(-1))
      expect(user).toContain("line one\\nline two\\n\\ncount these")
    },
    SLOW,
  )

  test(
    "-c continues this folder's latest session",
    async () => {
      const r = await runXagent(["-c", "-p", "and now?"], box)
      expect(r.stdout).toBe("Continued.\n")
      expect(r.code).toBe(0)
      // The model saw the earlier turns of the session, not just this prompt.
      const last = llm.requests().at(-1)!
      expect(last.count).toBeGreaterThan(3)
      expect(JSON.stringify(last.last)).toContain("count these")
    },
    SLOW,
  )

  test(
    "-e loads an extension into the session",
    async () => {
      const ext = join(box.root, "marker-ext.ts")
      writeFileSync(
        ext,
        `export default function (pi) {
  pi.on("before_agent_start", (event) => ({ systemPrompt: event.systemPrompt + "\\nEXT-LOADED-MARKER" }))
}
`,
      )
      const r = await runXagent(["-p", "hello", "-e", ext], box)
      expect(r.stdout).toBe("Extension seen.\n")
      expect(r.code).toBe(0)
      expect(JSON.stringify(llm.requests().at(-1)!.last)).toContain("EXT-LOADED-MARKER")
    },
    SLOW,
  )

  test(
    "an extension command that starts no reply ends the run: its effect done, exit 0; a failing one exits 1",
    async () => {
      const ext = join(box.root, "command-ext.ts")
      const stamp = join(box.root, "stamp.txt")
      writeFileSync(
        ext,
        `import { readFileSync, writeFileSync } from "node:fs"
export default function (pi) {
  pi.registerCommand("stamp", { description: "writes a file", handler: async (args) => {
    await new Promise((r) => setTimeout(r, 50))
    writeFileSync(${JSON.stringify(stamp)}, "stamped " + args)
  } })
  pi.registerCommand("broken", { description: "fails", handler: async () => { throw new Error("broken on purpose") } })
}
`,
      )
      const before = llm.requests().length
      const ok = await runXagent(["-p", "/stamp here", "-e", ext], box)
      expect(ok.code).toBe(0)
      expect(readFileSync(stamp, "utf8")).toBe("stamped here")
      const failed = await runXagent(["-p", "/broken", "-e", ext], box)
      expect(failed.stderr).toContain("broken on purpose")
      expect(failed.code).toBe(1)
      expect(llm.requests().length).toBe(before)
    },
    SLOW,
  )

  test(
    "an unknown model is a usage error",
    async () => {
      const r = await runXagent(["-p", "hi", "-m", "mockllm/nope"], box)
      expect(lines(r.stderr)).toHaveLength(1)
      expect(r.stderr).toContain('Unknown model "mockllm/nope"')
      expect(r.code).toBe(2)
      // A script has no window: the pointer is to a command it can run.
      const far = await runXagent(["-p", "hi", "-m", "nope/none"], box)
      expect(lines(far.stderr)).toHaveLength(1)
      expect(far.stderr).toContain("xagent --list-models")
      expect(far.code).toBe(2)
    },
    SLOW,
  )
})

test(
  "an erroring model: the error on stderr, exit 1",
  async () => {
    const box = makeSandbox()
    const llm = startFailingLlm(400, "the mock model refused")
    try {
      writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
      const r = await runXagent(["-p", "hello"], box)
      expect(r.stdout).toBe("")
      expect(r.stderr).toContain("the mock model refused")
      expect(r.code).toBe(1)
    } finally {
      await llm.stop()
      box.cleanup()
    }
  },
  SLOW,
)

test(
  "no usable model: says how to sign in, exit 1",
  async () => {
    const box = makeSandbox()
    try {
      const r = await runXagent(["-p", "hello"], box)
      expect(r.stdout).toBe("")
      expect(lines(r.stderr)).toHaveLength(1)
      expect(r.stderr).toMatch(/^xagent: .*\/login/)
      expect(r.code).toBe(1)
    } finally {
      box.cleanup()
    }
  },
  SLOW,
)
