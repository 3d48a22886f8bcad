// `xagent acp`'s agent: the ACP methods (docs/adr-acp.md) over xagent's daemon protocol, each
// registered here and answered by the file of its concern: opening sessions (session-opening.ts),
// listing them (session-list.ts), their settings (session-config.ts), a prompt (acp-session.ts).
// Every input is checked (the SDK lets malformed answers and unadvertised features through).
import * as acp from "@agentclientprotocol/sdk"
import { RequestError, type ClientCapabilities } from "@agentclientprotocol/sdk"
import { ProtocolError } from "../protocol"
import { guarded, sessionOf, type AgentDeps, type AgentState } from "./agent-state"
import { setOption } from "./session-config"
import { listSessions } from "./session-list"
import { forkParams, forkSession, newSession, reopen, type ForkParams } from "./session-opening"
import { promptParts } from "./turn-map"

export function createAgent(deps: AgentDeps): { app: acp.AgentApp; closeAll(): Promise<void> } {
  const app = acp.agent({ name: "xagent" })
  const state: AgentState = { deps, caps: {}, sessions: new Map() }
  const guard = guarded(deps)
  const get = (sessionId: unknown) => sessionOf(state, sessionId)

  app.onRequest(acp.methods.agent.initialize, async ({ params }) => {
    state.caps = (params?.clientCapabilities ?? {}) as ClientCapabilities
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentInfo: { name: "xagent", version: deps.version },
      authMethods: [],
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, embeddedContext: true },
        // stdio always (ACP's baseline); http through Pi's streamable HTTP client; never sse.
        mcpCapabilities: { http: true, sse: false },
        sessionCapabilities: { list: {}, resume: {}, close: {}, fork: {} },
      },
    }
  })

  app.onRequest(acp.methods.agent.authenticate, async () => {
    throw RequestError.invalidParams(undefined, "xagent offers no ACP authentication (authMethods is empty)")
  })

  app.onRequest(
    acp.methods.agent.session.new,
    guard((p, cx) => newSession(state, p, cx)),
  )
  app.onRequest(
    acp.methods.agent.session.load,
    guard((p, cx) => reopen(state, p, true, cx)),
  )
  app.onRequest(
    acp.methods.agent.session.resume,
    guard((p, cx) => reopen(state, p, false, cx)),
  )
  // session/fork is in the SDK's unstable schema only: registered by name, its params checked there.
  app.onRequest(
    "session/fork",
    forkParams,
    guard((p: ForkParams, cx) => forkSession(state, p, cx)),
  )

  app.onRequest(
    acp.methods.agent.session.close,
    guard(async (p) => {
      const s = get(p.sessionId)
      state.sessions.delete(s.id)
      await s.close()
      return {}
    }),
  )

  app.onRequest(
    acp.methods.agent.session.list,
    guard((p) => listSessions(deps, p)),
  )

  app.onRequest(
    acp.methods.agent.session.prompt,
    guard(async (p) => {
      const s = get(p.sessionId)
      const parts = promptParts(p.prompt)
      if ("problem" in parts) throw RequestError.invalidParams(undefined, parts.problem)
      const client = await deps.client()
      const compact = /^\/compact(?:\s+([\s\S]*))?$/.exec(parts.text.trim())
      if (compact) {
        if (s.busy || s.running)
          throw RequestError.invalidRequest(undefined, "The session is busy; cancel the reply first")
        const r = await client.request("session.compact", {
          sessionId: s.hostId,
          ...(compact[1] ? { instructions: compact[1] } : {}),
        })
        await s.flush()
        // The editor shows no notice outside a turn: the reason is its answer.
        if (r.failed) throw new ProtocolError("failed", r.failed)
        return { stopReason: "end_turn" as const }
      }
      // Plan mode sends each message as a plan request, as the window's Shift+Tab does.
      const text = s.mode === "plan" && !parts.text.startsWith("/") ? `/plan ${parts.text}` : parts.text
      return s.prompt(text, () =>
        client.request("session.prompt", {
          sessionId: s.hostId,
          text,
          ...(parts.images.length ? { images: parts.images } : {}),
        }),
      )
    }),
  )

  app.onNotification(acp.methods.agent.session.cancel, async ({ params }) => {
    const s = typeof params?.sessionId === "string" ? state.sessions.get(params.sessionId) : undefined
    if (!s) return deps.log(`session/cancel for unknown session ${String(params?.sessionId)}`)
    await s.cancel()
  })

  app.onRequest(
    acp.methods.agent.session.setConfigOption,
    guard(async (p) => {
      const s = get(p.sessionId)
      if ((p as { type?: unknown }).type === "boolean" || typeof p.value === "boolean")
        throw RequestError.invalidParams(undefined, "xagent has no boolean config options")
      return { configOptions: await setOption(deps, s, p.configId, p.value) }
    }),
  )

  app.onRequest(
    acp.methods.agent.session.setMode,
    guard(async (p) => {
      await setOption(deps, get(p.sessionId), "mode", p.modeId)
      return {}
    }),
  )

  return {
    app,
    async closeAll() {
      for (const s of state.sessions.values()) await s.detach().catch(() => {})
      state.sessions.clear()
    },
  }
}
