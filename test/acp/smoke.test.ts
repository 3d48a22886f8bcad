import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { chunkText, startAcpBox, type AcpBox } from "./harness"

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({ turns: [{ text: "Hello from the mock.", reasoning: "thinking hard" }] })
})
afterAll(() => box.cleanup())

test("smoke", async () => {
  const ed = await box.editor()
  const s = await ed.cx.request(acp.methods.agent.session.new, { cwd: box.box.cwd, mcpServers: [] })
  console.log(JSON.stringify(s).slice(0, 600))
  const r = await ed.cx.request(acp.methods.agent.session.prompt, {
    sessionId: s.sessionId,
    prompt: [{ type: "text", text: "hi" }],
  })
  console.log(JSON.stringify(r), JSON.stringify(ed.of(s.sessionId)).slice(0, 1500))
  expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toBe("Hello from the mock.")
  console.log(box.acpLog())
  await ed.close()
}, 60_000)
