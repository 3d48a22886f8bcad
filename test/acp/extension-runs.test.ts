// A command of the person's own extension (from their extensions dir, which xagent cannot wrap as
// it wraps its bundled ones) that asks Pi for a run keeps its ACP prompt open until that run ends.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createAgent } from "../../src/acp/agent"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const KICK = `
export default function (pi) {
  pi.registerCommand("kick", {
    description: "Asks the model about its arguments",
    handler: async (args) => { pi.sendUserMessage("kicked " + args) },
  })
}
`

let fx: FauxFixture
let cx: acp.ClientContext
let conn: acp.ClientConnection
const updates: acp.SessionNotification[] = []

beforeAll(async () => {
  // Slow enough that the run is still streaming when the command's handler returns.
  fx = await createFauxFixture({ tokensPerSecond: 40 })
  mkdirSync(join(fx.agentDir, "extensions"), { recursive: true })
  writeFileSync(join(fx.agentDir, "extensions", "kick.ts"), KICK)
  const { app } = createAgent({ client: async () => fx.client, version: "test", log: () => {} })
  conn = acp
    .client({ name: "in-process" })
    .onNotification(acp.methods.client.session.update, ({ params }) => void updates.push(params))
    .connect(app)
  cx = conn.agent
  await cx.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
})
afterAll(async () => {
  conn.close()
  await fx.dispose()
})

test("a person's extension command that starts a run answers its prompt after that run, with all of its text", async () => {
  const s = await cx.request(acp.methods.agent.session.new, { cwd: fx.cwd, mcpServers: [] })
  fx.faux.setResponses([fauxAssistantMessage("the run the command asked for")])
  const r = await cx.request(acp.methods.agent.session.prompt, {
    sessionId: s.sessionId,
    prompt: [{ type: "text", text: "/kick it" }],
  })
  expect(r).toEqual({ stopReason: "end_turn" })
  const text = updates
    .filter((u) => u.sessionId === s.sessionId && u.update.sessionUpdate === "agent_message_chunk")
    .map((u) => (u.update as { content: { text: string } }).content.text)
    .join("")
  expect(text).toBe("the run the command asked for")
})
