// The SDK's client() connected straight to xagent's agent app over a faux fixture's host: for
// cases the scripted HTTP model cannot reach. Permissions get the option of `allow`'s kind.
import * as acp from "@agentclientprotocol/sdk"
import { createAgent } from "../../src/acp/agent"
import type { FauxFixture } from "../fixture/faux"

export interface InProcessEditor {
  cx: acp.ClientContext
  init: acp.InitializeResponse
  updates: acp.SessionNotification[]
  permissions: acp.RequestPermissionRequest[]
  close(): void
}

export async function inProcessEditor(
  fx: FauxFixture,
  allow: acp.PermissionOptionKind = "allow_once",
): Promise<InProcessEditor> {
  const updates: acp.SessionNotification[] = []
  const permissions: acp.RequestPermissionRequest[] = []
  const { app } = createAgent({ client: async () => fx.client, version: "test", log: () => {} })
  const conn = acp
    .client({ name: "in-process" })
    .onNotification(acp.methods.client.session.update, ({ params }) => void updates.push(params))
    .onRequest(acp.methods.client.session.requestPermission, async ({ params }) => {
      permissions.push(params)
      return { outcome: { outcome: "selected", optionId: params.options.find((o) => o.kind === allow)!.optionId } }
    })
    .connect(app)
  const init = await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  return { cx: conn.agent, init, updates, permissions, close: () => conn.close() }
}
