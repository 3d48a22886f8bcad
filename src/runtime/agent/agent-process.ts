// The agent's program as the session host's child on a stdio pipe: spawned in the session's
// folder, its stderr line by line into the host's log (the daemon's), and the ACP SDK's client side
// on its stdin and stdout, with `initialize` sent. Whatever the agent sends goes to the handlers.
import { spawn, type ChildProcess } from "node:child_process"
import { Readable, Writable } from "node:stream"
import * as acp from "@agentclientprotocol/sdk"
import type { Params } from "../../protocol/index"

export type AgentSpec = NonNullable<Params<"session.open">["agent"]>

/** What the session does with what the agent sends. */
export interface AgentHandlers {
  update(n: acp.SessionNotification): void
  permission(params: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>
  elicitation(params: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse>
  /** The process ended (by itself or killed). */
  exited(code: number | null, signal: NodeJS.Signals | null): void
  log(line: string): void
}

export interface AgentProcess {
  proc: ChildProcess
  conn: acp.ClientConnection
  cx: acp.ClientContext
  /** What `initialize` answered: what the agent advertised decides what is sent. */
  info: acp.InitializeResponse
  /** Rejects when the process fails to start or exits: raced against each request of the opening. */
  failed: Promise<never>
  /** Resolves once the process is gone and its pipes closed. */
  closed: Promise<void>
}

/** A line of the agent's stderr kept whole up to this, and the unfinished tail as long. */
const LOG_LINE = 4096

export async function startAgentProcess(
  spec: AgentSpec,
  cwd: string,
  h: AgentHandlers,
  onSpawned: (proc: ChildProcess, closed: Promise<void>, conn: acp.ClientConnection) => void,
): Promise<AgentProcess> {
  const [command, ...args] = spec.command
  const proc = spawn(command!, args, { cwd, env: { ...process.env, ...spec.env }, stdio: ["pipe", "pipe", "pipe"] })
  const failed = new Promise<never>((_, reject) => {
    proc.once("error", (err) => reject(err))
    proc.once("exit", (code, signal) =>
      reject(new Error(`it exited (${signal ?? `code ${code}`}) before its session opened`)),
    )
  })
  failed.catch(() => {})
  const closed = new Promise<void>((res) => proc.once("close", () => res()))
  proc.once("exit", (code, signal) => h.exited(code, signal))
  let tail = ""
  proc.stderr!.setEncoding("utf8")
  proc.stderr!.on("data", (chunk: string) => {
    const lines = (tail + chunk).split("\n")
    tail = lines.pop()!.slice(-LOG_LINE)
    for (const line of lines) if (line.trim()) h.log(line.slice(0, LOG_LINE))
  })
  proc.stdin!.on("error", () => {})
  const stream = acp.ndJsonStream(
    Writable.toWeb(proc.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(proc.stdout!) as ReadableStream<Uint8Array>,
  )
  const conn = acp
    .client({ name: "xagent" })
    .onNotification(acp.methods.client.session.update, ({ params }) => h.update(params))
    .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => h.permission(params, signal))
    .onRequest(acp.methods.client.elicitation.create, ({ params, signal }) => h.elicitation(params, signal))
    .connect(stream)
  // The session holds them before the first await: a close meanwhile ends this process.
  onSpawned(proc, closed, conn)
  const info = await Promise.race([
    conn.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      // No file system or terminal of ours: the agent uses its own. Forms are the question dock;
      // a URL to open is not offered (a terminal cannot open one for the person).
      clientCapabilities: { elicitation: { form: {} } },
      clientInfo: { name: "xagent", version: "1" },
    }),
    failed,
  ])
  return { proc, conn, cx: conn.agent, info, failed, closed }
}
