// A command of the person's own extension (from their extensions dir, which xagent cannot wrap as
// it wraps its bundled ones) that asks Pi for a run (sendUserMessage, or sendMessage with
// triggerTurn) keeps its ACP prompt open until that run ends.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { inProcessEditor, type InProcessEditor } from "./in-process"

const KICK = `
export default function (pi) {
  pi.registerCommand("kick", {
    description: "Asks the model about its arguments",
    handler: async (args) => { pi.sendUserMessage("kicked " + args) },
  })
  pi.registerCommand("nudge", {
    description: "Sends a message of its own that starts a run (as /plan implement does)",
    handler: async (args) => {
      pi.sendMessage({ customType: "nudge", content: "nudged " + args, display: true }, { triggerTurn: true })
    },
  })
}
`

let fx: FauxFixture
let ed: InProcessEditor

beforeAll(async () => {
  // Slow enough that the run is still streaming when the command's handler returns.
  fx = await createFauxFixture({ tokensPerSecond: 40 })
  mkdirSync(join(fx.agentDir, "extensions"), { recursive: true })
  writeFileSync(join(fx.agentDir, "extensions", "kick.ts"), KICK)
  ed = await inProcessEditor(fx)
})
afterAll(async () => {
  ed.close()
  await fx.dispose()
})

test("a person's extension command that starts a run answers its prompt after that run, with all of its text", async () => {
  const s = await ed.cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
  fx.faux.setResponses([fauxAssistantMessage("the run the command asked for")])
  const r = await ed.cx.request(acp.methods.agent.session.prompt, {
    sessionId: s.sessionId,
    prompt: [{ type: "text", text: "/kick it" }],
  })
  expect(r).toEqual({ stopReason: "end_turn" })
  const text = ed.updates
    .filter((u) => u.sessionId === s.sessionId && u.update.sessionUpdate === "agent_message_chunk")
    .map((u) => (u.update as { content: { text: string } }).content.text)
    .join("")
  expect(text).toBe("the run the command asked for")
})

test("a command whose sendMessage starts a run (triggerTurn) answers its prompt after that run, with all of its text", async () => {
  const s = await ed.cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
  fx.faux.setResponses([fauxAssistantMessage("the run the message started")])
  const r = await ed.cx.request(acp.methods.agent.session.prompt, {
    sessionId: s.sessionId,
    prompt: [{ type: "text", text: "/nudge it" }],
  })
  expect(r).toEqual({ stopReason: "end_turn" })
  const text = ed.updates
    .filter((u) => u.sessionId === s.sessionId && u.update.sessionUpdate === "agent_message_chunk")
    .map((u) => (u.update as { content: { text: string } }).content.text)
    .join("")
  expect(text).toBe("the run the message started")
})
