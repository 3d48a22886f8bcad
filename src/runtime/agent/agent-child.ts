// A subagent on an external ACP agent (BundledHost.runAgent): the agent's program started for one
// task in the child's folder, a new session of its own, the task as its one prompt, and the program
// ended however that goes. Its tool calls and tokens are reported as they come; its permission
// requests are the person's dialogs in the parent's windows, named by the child (never answered
// for them: the agent runs outside xagent's sandbox, docs/adr-acp-client.md); a form it asks is
// declined with no answer (a child's question belongs to a window attached to it).
import type { ChildProcess } from "node:child_process"
import * as acp from "@agentclientprotocol/sdk"
import type { AgentRun, AgentRunResult, UiRequestBody } from "../../common/bundled"
import { terminalLine } from "../../common/terminal-text"
import type { UiResponse } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import { AgentChildMessages } from "./agent-child-messages"
import { permissionAsk } from "./agent-permission"
import { startAgentProcess } from "./agent-process"

export interface AgentChildDeps {
  /** A dialog in the session's windows (the UI bridge's request). */
  request(req: UiRequestBody, opts?: { signal?: AbortSignal }): Promise<UiResponse | undefined>
}

/** How long a cancelled agent may take to answer its prompt before its program is ended anyway. */
const CANCEL_GRACE_MS = 5_000
/** After SIGTERM, how long before SIGKILL. */
const KILL_GRACE_MS = 3_000
/** The agent's last stderr lines kept for a failure's message. */
const STDERR_KEPT = 8

export async function runAgentChild(run: AgentRun, deps: AgentChildDeps): Promise<AgentRunResult> {
  let text = ""
  let toolSeen = false
  const titles = new Map<string, string>()
  const stderr: string[] = []
  let proc: ChildProcess | undefined
  let closed: Promise<void> | undefined
  let sessionId: string | undefined
  let agentName = run.command
  const messages = run.onMessage ? new AgentChildMessages(run.onMessage, () => agentName) : undefined
  const handlers = {
    update(n: acp.SessionNotification) {
      if (n.sessionId !== sessionId) return
      const u = n.update
      messages?.update(u)
      if (u.sessionUpdate === "agent_message_chunk" && u.content.type === "text") {
        // Its report is what it wrote after its last tool call, as a Pi child's is its last reply.
        if (toolSeen) text = ""
        toolSeen = false
        text += u.content.text
      } else if (u.sessionUpdate === "tool_call") {
        toolSeen = true
        const title = terminalLine(u.title || u.kind || "tool").slice(0, 120)
        titles.set(u.toolCallId, title)
        run.onTool?.(title)
      }
    },
    async permission(params: acp.RequestPermissionRequest, signal: AbortSignal) {
      const ask = permissionAsk("", params, titles.get(params.toolCall.toolCallId))
      const { id: _id, ...body } = ask.request
      const response = await deps.request({ ...body, from: run.from } as UiRequestBody, { signal })
      try {
        return ask.answer(response ?? { cancelled: true })
      } catch {
        return ask.answer({ cancelled: true })
      }
    },
    async elicitation(): Promise<acp.CreateElicitationResponse> {
      return { action: "decline" }
    },
    exited() {},
    log(line: string) {
      stderr.push(terminalLine(line).slice(0, 300))
      if (stderr.length > STDERR_KEPT) stderr.shift()
    },
  }
  const abort = run.signal
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error("cancelled before the agent's session opened"))
    if (abort?.aborted) fail()
    else abort?.addEventListener("abort", fail, { once: true })
  })
  aborted.catch(() => {})
  try {
    const agent = await Promise.race([
      startAgentProcess({ command: [run.command, ...run.args], env: run.env }, run.cwd, handlers, (p, c) => {
        proc = p
        closed = c
      }),
      aborted,
    ])
    const opened = await Promise.race([
      agent.cx.request(acp.methods.agent.session.new, { cwd: run.cwd, mcpServers: [] }),
      agent.failed,
      aborted,
    ])
    sessionId = opened.sessionId
    const id = opened.sessionId
    // Esc or the person's stop: ACP's cancel, then the prompt's own answer (`cancelled`), or the
    // program ended if it does not give one in time.
    const cancelled = new Promise<acp.PromptResponse>((resolve) => {
      const cancel = () => {
        agent.cx.notify(acp.methods.agent.session.cancel, { sessionId: id }).catch(() => {})
        setTimeout(() => resolve({ stopReason: "cancelled" }), CANCEL_GRACE_MS).unref?.()
      }
      if (abort?.aborted) cancel()
      else abort?.addEventListener("abort", cancel, { once: true })
    })
    const info = agent.info.agentInfo
    agentName = terminalLine(info ? `${info.title ?? info.name} ${info.version}` : run.command)
    messages?.prompt(run.prompt)
    const answer = await Promise.race([
      agent.cx.request(acp.methods.agent.session.prompt, {
        sessionId: id,
        prompt: [{ type: "text", text: run.prompt }],
      }),
      agent.failed,
      cancelled,
    ])
    messages?.end(answer.stopReason)
    const usage = usageOf(answer)
    if (usage) run.onTokens?.(usage)
    return {
      stopReason: answer.stopReason,
      text,
      agent: agentName,
      ...(usage ? { usage } : {}),
    }
  } catch (e) {
    messages?.end(abort?.aborted ? "cancelled" : "error")
    const said = stderr.length ? ` (its last words: ${stderr.join(" / ")})` : ""
    throw new Error(`${run.command}: ${terminalLine(errorText(e))}${said}`)
  } finally {
    await end(proc, closed)
  }
}

/** Ends the agent's program: SIGTERM, then SIGKILL if it lingers; resolves once it is gone. */
async function end(proc: ChildProcess | undefined, closed: Promise<void> | undefined): Promise<void> {
  if (!proc) return
  proc.stdin?.end()
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM")
  const kill = setTimeout(() => proc.kill("SIGKILL"), KILL_GRACE_MS)
  await closed
  clearTimeout(kill)
}

/** The prompt's usage where the agent reports it (ACP's `usage`, still unstable). */
function usageOf(answer: acp.PromptResponse): { input: number; output: number } | undefined {
  const u = (answer as { usage?: { inputTokens?: unknown; outputTokens?: unknown } }).usage
  return typeof u?.inputTokens === "number" && typeof u.outputTokens === "number"
    ? { input: u.inputTokens, output: u.outputTokens }
    : undefined
}
