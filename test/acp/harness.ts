// `xagent acp` as an editor runs it: the real bin/xagent as a child on a stdio pipe, its sessions
// in a real daemon of a throwaway XAGENT_HOME, Pi on mockllm (a scripted OpenAI-compatible
// server: the session hosts are other processes, so pi-ai's in-process faux model cannot reach
// them). The peer is the SDK's own client(), with its permission and form answers scripted.
import * as acp from "@agentclientprotocol/sdk"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Subprocess } from "bun"
import { XAGENT_BIN } from "../fixture/mockllm"
import type { Scenario } from "../fixture/mockllm"
import { startBox, until, type DaemonBox } from "../daemon/harness"

export type Update = acp.SessionNotification["update"]
export type PermissionAnswer = (
  req: acp.RequestPermissionRequest,
  signal: AbortSignal,
) => Promise<acp.RequestPermissionResponse> | acp.RequestPermissionResponse
export type FormAnswer = (
  req: acp.CreateElicitationRequest,
  signal: AbortSignal,
) => Promise<acp.CreateElicitationResponse> | acp.CreateElicitationResponse

export interface Editor {
  cx: acp.ClientContext
  updates: acp.SessionNotification[]
  /** Every update of the session, in order. */
  of(sessionId: string): Update[]
  permissions: acp.RequestPermissionRequest[]
  forms: acp.CreateElicitationRequest[]
  /** What the client receives next; the default denies (an offered reject option). */
  onPermission: PermissionAnswer
  onForm: FormAnswer
  waitFor<T>(probe: () => T | undefined | false, what: string): Promise<T>
  close(): Promise<void>
}

export interface AcpBox extends DaemonBox {
  spawnAgent(): Subprocess<"pipe", "pipe", "pipe">
  /** An SDK client connected to a fresh `xagent acp` and initialized with `capabilities`. */
  editor(capabilities?: acp.ClientCapabilities): Promise<Editor>
  acpLog(): string
}

export const FORM_CAPS: acp.ClientCapabilities = { elicitation: { form: {} } }

export async function startAcpBox(scenario: Scenario, opts: { tps?: number } = {}): Promise<AcpBox> {
  const box = await startBox(scenario, opts)
  const procs: Subprocess[] = []
  const spawnAgent = () => {
    const p = Bun.spawn([XAGENT_BIN, "acp"], {
      cwd: box.box.cwd,
      env: box.env,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    })
    procs.push(p)
    return p
  }
  const acpLogFile = join(box.box.xagentHome, "logs", "acp.log")
  return {
    ...box,
    spawnAgent,
    acpLog: () => (existsSync(acpLogFile) ? readFileSync(acpLogFile, "utf8") : ""),
    async editor(capabilities = {}) {
      const proc = spawnAgent()
      const ed = connectEditor(proc)
      await ed.cx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: capabilities,
        clientInfo: { name: "test-editor", version: "1" },
      })
      return ed
    },
    async cleanup() {
      for (const p of procs) {
        p.kill()
        await p.exited
      }
      await box.cleanup()
    },
  }
}

/** Web streams over a child's stdio pipes. */
export function pipeStream(proc: Subprocess<"pipe", "pipe", "pipe">) {
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      proc.stdin.write(chunk)
      return void proc.stdin.flush()
    },
    close: () => void proc.stdin.end(),
  })
  return { writable, readable: proc.stdout as ReadableStream<Uint8Array> }
}

export function connectEditor(proc: Subprocess<"pipe", "pipe", "pipe">): Editor {
  const updates: acp.SessionNotification[] = []
  const permissions: acp.RequestPermissionRequest[] = []
  const forms: acp.CreateElicitationRequest[] = []
  const ed = {} as Editor
  const app = acp
    .client({ name: "test-editor" })
    .onNotification(acp.methods.client.session.update, ({ params }) => void updates.push(params))
    .onRequest(acp.methods.client.session.requestPermission, async ({ params, signal }) => {
      permissions.push(params)
      return ed.onPermission(params, signal)
    })
    .onRequest(acp.methods.client.elicitation.create, async ({ params, signal }) => {
      forms.push(params)
      return ed.onForm(params, signal)
    })
  const { writable, readable } = pipeStream(proc)
  const conn = app.connect(acp.ndJsonStream(writable, readable))
  Object.assign(ed, {
    cx: conn.agent,
    updates,
    permissions,
    forms,
    of: (id: string) => updates.filter((u) => u.sessionId === id).map((u) => u.update),
    onPermission: () => ({ outcome: { outcome: "selected", optionId: "reject_once" } }),
    onForm: () => ({ action: "decline" }),
    waitFor: <T>(probe: () => T | undefined | false, what: string) => until(probe, what),
    async close() {
      conn.close()
      proc.stdin.end()
      await proc.exited
    },
  })
  return ed
}

/** The text of one kind of chunk, joined. */
export function chunkText(
  updates: Update[],
  kind: "agent_message_chunk" | "agent_thought_chunk" | "user_message_chunk",
) {
  return updates
    .filter((u) => u.sessionUpdate === kind)
    .map((u) => (u as { content: { type: string; text?: string } }).content.text ?? "")
    .join("")
}

export const allow = (optionId: string): acp.RequestPermissionResponse => ({
  outcome: { outcome: "selected", optionId },
})

/** Resolves once `signal` aborts (a request the agent withdrew with $/cancel_request). */
export const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve())))

export const newSession = async (ed: Editor, cwd: string) =>
  ed.cx.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })

export const prompt = (ed: Editor, sessionId: string, text: string) =>
  ed.cx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] })

/** The tool rows' updates of one call, in order. */
export function rowUpdates(updates: Update[], toolCallId: string) {
  return updates.filter(
    (u) => (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") && u.toolCallId === toolCallId,
  ) as (Update & { toolCallId: string; status?: string; content?: unknown[]; locations?: unknown[]; kind?: string })[]
}

export const firstRow = (updates: Update[]) =>
  updates.find((u) => u.sessionUpdate === "tool_call") as
    (Update & { toolCallId: string; kind: string; title: string }) | undefined

/** What the model was last sent, as text. */
export const lastSent = (box: AcpBox) => JSON.stringify(box.llm.requests().at(-1)?.last ?? [])
