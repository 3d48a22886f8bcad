// `-p` writes the model's text to stdout and tool activity and errors to stderr: neither may carry
// terminal controls (BEL, BS, bidi overrides, OSC 52 clipboard writes, CSI), even when a sequence is
// split across stream chunks. Tabs and line breaks in the reply stay as they are (a reply may be a file).
import { afterAll, beforeAll, expect, test } from "bun:test"
import type { AssistantItem, SessionEvent, ToolItem } from "../../src/protocol"
import { PrintRenderer } from "../../src/cli/print-render"
import { makeSandbox, startMockLlm, writeAgentDir, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { runXagent } from "./run-xagent"

const ESC = "\u001b"
const HOSTILE = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]0;my title\u0007\u009b2J${ESC}[2J\u0007evil\u202e txet\u202c S\bend`
// Anything but \t and \n that a terminal would act on.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

function render(events: SessionEvent[]) {
  const out = { stdout: "", stderr: "" }
  const r = new PrintRenderer({ stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t) })
  for (const e of events) r.handle(e)
  r.finish()
  return out
}

const asst = (id: string, text: string, extra: Partial<AssistantItem> = {}): AssistantItem => ({
  kind: "assistant",
  id,
  blocks: text ? [{ type: "text", text }] : [],
  streaming: false,
  timestamp: 0,
  ...extra,
})

test("a reply streamed in chunks that split sequences prints no controls; tabs stay", () => {
  const text = `col\tA\n${HOSTILE} ok`
  // Every split point: each chunk boundary may fall inside a sequence.
  for (let cut = 1; cut < text.length; cut++) {
    const r = render([
      { type: "item_add", item: asst("a1", "", { streaming: true }) },
      { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text.slice(0, cut) },
      { type: "text_delta", itemId: "a1", blockIndex: 0, blockType: "text", delta: text.slice(cut) },
      { type: "item_update", item: asst("a1", text) },
    ])
    expect(r.stdout).toBe("col\tA\nevil txet Send ok\n")
  }
})

test("tool lines, tool errors, notices and errors on stderr carry no controls", () => {
  const bad: ToolItem = {
    kind: "tool",
    id: "t1",
    name: `bash${ESC}[2J`,
    args: { command: `echo ${HOSTILE}` },
    status: "running",
    timestamp: 0,
  }
  const r = render([
    { type: "item_add", item: bad },
    { type: "item_update", item: { ...bad, status: "error", output: `failed ${HOSTILE}` } },
    { type: "ui_notify", level: "warning", message: `careful ${HOSTILE}` },
    { type: "item_add", item: asst("a1", "", { stopReason: "error", errorMessage: `broke ${HOSTILE}` }) },
  ])
  expect(r.stderr).toBe(
    [
      "→ bash echo evil txet Send",
      "✗ bash: failed evil txet Send",
      "warning: careful evil txet Send",
      "error: broke evil txet Send",
      "",
    ].join("\n"),
  )
})

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  box = makeSandbox()
  llm = await startMockLlm(
    {
      turns: [
        { text: `Running ${HOSTILE}`, tool: "bash", args: { command: `printf 'x' # ${HOSTILE}` } },
        { text: `Reply ${HOSTILE} with\ttab` },
      ],
    },
    // One word a chunk: the OSC title's space splits a sequence across two deltas.
    { tps: 200 },
  )
  writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

test("bin/xagent -p writes a hostile reply and tool call without controls", async () => {
  const r = await runXagent(["-p", "go"], box)
  expect(r.stdout).toBe("Running evil txet Send\n\nReply evil txet Send with\ttab\n")
  expect(r.stderr).toBe("→ bash printf 'x' # evil txet Send\n")
  expect(r.stdout).not.toMatch(CONTROLS)
  expect(r.code).toBe(0)
}, 60_000)
