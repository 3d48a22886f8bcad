// A child on an external ACP agent (a profile with `acp:`): the session host runs the agent's
// program for the one task (BundledHost.runAgent, src/runtime/agent/agent-child.ts) and this turns
// its end into the outcome a Pi child has, so the tool's result, rows and roster are the same.
import type { AgentRunResult, BundledHost } from "../../src/common/bundled"
import type { ChildOutcome, ChildUsage } from "./child"
import type { ChildProfile } from "./profiles"
import type { ChildTranscript } from "./transcript"

export type RunAgent = NonNullable<BundledHost["runAgent"]>

export interface AcpChildSpec {
  profile: ChildProfile & { acp: NonNullable<ChildProfile["acp"]> }
  task: string
  cwd: string
  /** The child's name in the windows' dialogs. */
  from: string
  signal?: AbortSignal
  /** Its transcript on disk, a message at a time. */
  transcript?: ChildTranscript
  onStart?(model: string): void
  onTool?(name: string): void
  onTokens?(tokens: { input: number; output: number }): void
}

/** Why an ACP child cannot run here; undefined when it can. */
export function acpChildRefusal(run: RunAgent | undefined, profile: ChildProfile): string | undefined {
  if (!profile.acp) return undefined
  if (!run)
    return `Cannot start a subagent on '${profile.name}': it runs an external ACP agent (${profile.acp.command}), which only xagent's session host can start.`
  return undefined
}

export async function runAcpChild(run: RunAgent, spec: AcpChildSpec): Promise<ChildOutcome> {
  const { acp } = spec.profile
  let model = `acp: ${[acp.command, ...acp.args].join(" ")}`
  spec.onStart?.(model)
  let tokens: ChildUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, turns: 0 }
  let result: AgentRunResult
  try {
    result = await run({
      command: acp.command,
      args: acp.args,
      env: acp.env,
      cwd: spec.cwd,
      prompt: spec.task,
      from: spec.from,
      ...(spec.signal ? { signal: spec.signal } : {}),
      onTool: (title) => spec.onTool?.(title),
      ...(spec.transcript ? { onMessage: (m: unknown) => spec.transcript!.append(m) } : {}),
      onTokens: (t) => {
        tokens = { ...tokens, input: t.input, output: t.output }
        spec.onTokens?.(t)
      },
    })
  } catch (e) {
    const cancelled = spec.signal?.aborted
    return {
      status: cancelled ? "cancelled" : "failed",
      text: "",
      error: (e as Error).message,
      usage: tokens,
      model,
      tools: [],
    }
  }
  model = `acp: ${result.agent}`
  const usage = {
    ...tokens,
    turns: 1,
    ...(result.usage ? { input: result.usage.input, output: result.usage.output } : {}),
  }
  // ACP's stop reasons: the turn ended, was cancelled, refused, or ran out of tokens or requests.
  if (result.stopReason === "cancelled" || spec.signal?.aborted)
    return { status: "cancelled", text: result.text, usage, model, tools: [] }
  if (result.stopReason === "refusal")
    return { status: "failed", text: result.text, error: "the agent refused the task", usage, model, tools: [] }
  const cut = result.stopReason === "end_turn" ? "" : `\n\n(the agent stopped: ${result.stopReason})`
  return { status: "done", text: `${result.text}${cut}`, usage, model, tools: [] }
}
