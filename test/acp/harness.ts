// `xagent acp` as an editor runs it: the real bin/xagent as a child on a stdio pipe, its sessions
// in a real daemon of a throwaway XAGENT_HOME, Pi on mockllm (a scripted OpenAI-compatible
// server: the session hosts are other processes, so pi-ai's in-process faux model cannot reach
// them). The peer is the SDK's own client(), with its permission and form answers scripted.
import * as acp from "@agentclientprotocol/sdk"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Subprocess } from "bun"
import { XAGENT_BIN } from "../fixture/mockllm"
import type { Scenario } from "../fixture/mockllm"
import { Recorder, assistantTexts, startBox, until, type DaemonBox } from "../daemon/harness"

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
  /** fs/read_text_file (asked only of an editor that offers fs.readTextFile); the default fails. */
  reads: acp.ReadTextFileRequest[]
  onReadFile: (req: acp.ReadTextFileRequest) => acp.ReadTextFileResponse
  waitFor<T>(probe: () => T | undefined | false, what: string): Promise<T>
  close(): Promise<void>
}

export interface AcpBox extends DaemonBox {
  spawnAgent(): Subprocess<"pipe", "pipe", "pipe">
  /** An SDK client connected to a fresh `xagent acp` and initialized with `capabilities`; the
   *  box's cleanup closes it if the test did not. */
  editor(capabilities?: acp.ClientCapabilities): Promise<Editor>
  /** A fresh `xagent acp` spoken to line by line, for what the SDK's client would never send. */
  rawAgent(): RawAgent
  /** Writes a global Pi extension (the agent dir's extensions/ is trusted) as `file`. */
  addExtension(file: string, source: string): void
  acpLog(): string
}

/** Every JSON line `xagent acp` wrote, parsed, and a way to write one. */
export interface RawAgent {
  proc: Subprocess<"pipe", "pipe", "pipe">
  lines: Record<string, unknown>[]
  /** Writes `message` as it is (no "jsonrpc" is added). */
  send(message: object): void
  close(): Promise<void>
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
  const editors: Editor[] = []
  const acpLogFile = join(box.box.xagentHome, "logs", "acp.log")
  return {
    ...box,
    spawnAgent,
    acpLog: () => (existsSync(acpLogFile) ? readFileSync(acpLogFile, "utf8") : ""),
    async editor(capabilities = {}) {
      const proc = spawnAgent()
      const ed = connectEditor(proc)
      editors.push(ed)
      await ed.cx.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: capabilities,
        clientInfo: { name: "test-editor", version: "1" },
      })
      return ed
    },
    rawAgent: () => rawAgent(spawnAgent()),
    addExtension(file, source) {
      mkdirSync(join(box.box.agentDir, "extensions"), { recursive: true })
      writeFileSync(join(box.box.agentDir, "extensions", file), source)
    },
    async cleanup() {
      // An editor ends as an editor would (its stdin closed) before anything is killed.
      for (const ed of editors) await ed.close()
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
  const reads: acp.ReadTextFileRequest[] = []
  const ed = {} as Editor
  let closing: Promise<void> | undefined
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
    .onRequest(acp.methods.client.fs.readTextFile, async ({ params }) => {
      reads.push(params)
      return ed.onReadFile(params)
    })
  const { writable, readable } = pipeStream(proc)
  const conn = app.connect(acp.ndJsonStream(writable, readable))
  Object.assign(ed, {
    cx: conn.agent,
    updates,
    permissions,
    forms,
    reads,
    onReadFile: () => {
      throw acp.RequestError.resourceNotFound()
    },
    of: (id: string) => updates.filter((u) => u.sessionId === id).map((u) => u.update),
    onPermission: () => ({ outcome: { outcome: "selected", optionId: "reject_once" } }),
    onForm: () => ({ action: "decline" }),
    waitFor: <T>(probe: () => T | undefined | false, what: string) => until(probe, what),
    // Once: a test's own close and the box's cleanup may both call it.
    close: () =>
      (closing ??= (async () => {
        conn.close()
        proc.stdin.end()
        await proc.exited
      })()),
  })
  return ed
}

function rawAgent(proc: Subprocess<"pipe", "pipe", "pipe">): RawAgent {
  const lines: Record<string, unknown>[] = []
  void (async () => {
    let buf = ""
    const decoder = new TextDecoder()
    for await (const chunk of proc.stdout) {
      buf += decoder.decode(chunk, { stream: true })
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        if (buf.slice(0, nl).trim()) lines.push(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>)
        buf = buf.slice(nl + 1)
      }
    }
  })()
  return {
    proc,
    lines,
    send(message) {
      proc.stdin.write(`${JSON.stringify(message)}\n`)
      proc.stdin.flush()
    },
    async close() {
      proc.stdin.end()
      await proc.exited
    },
  }
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

/** Joins a session by its Pi id, its history replayed as updates. */
export const loadSession = (ed: Editor, cwd: string, sessionId: string) =>
  ed.cx.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })

/** Joins a session by its Pi id, without its history. */
export const resumeSession = (ed: Editor, cwd: string, sessionId: string) =>
  ed.cx.request(acp.methods.agent.session.resume, { sessionId, cwd, mcpServers: [] })

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

/** A window's session with one reply behind it, `reply`: saved, so an editor can find it by its Pi id. */
export async function windowSessionWithReply(box: AcpBox, reply: string) {
  const win = await box.connect()
  const { sessionId: hostId, info } = await win.request("session.open", { cwd: box.box.cwd, mode: { kind: "new" } })
  const rec = new Recorder(win, hostId)
  await win.request("session.prompt", { sessionId: hostId, text: "hello" })
  await rec.waitFor((s) => !s.running && assistantTexts(s.items).includes(reply), "the first reply")
  return { win, hostId, info, rec }
}
