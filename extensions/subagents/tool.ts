// The `agent` tool: the model hands a task to a child session and gets its final text back as the
// tool's result. Several calls in one message run at once, up to the session's limit (the rest wait
// their turn); a child's own `agent` tool is one level deeper, and refuses past the depth limit.
// The parent's abort (Esc) reaches every child through the call's signal: none outlives the call.
import type { ExtensionToolContext, ModelRuntime, ToolDefinition } from "@earendil-works/pi-coding-agent"
import { Type } from "typebox"
import type { BundledHost, SessionOpener } from "../../src/common/bundled"
import { acpChildRefusal, runAcpChild, type RunAgent } from "./acp-child"
import { backgroundRefusal, startBackground, startedText, type OpenSession } from "./background"
import { runChild, type ChildOutcome, type ChildSpec } from "./child"
import { progressReporter } from "./progress"
import { resolveProfile } from "./profiles"
import { AGENT_TOOL, MAX_DEPTH, type ChildState } from "./rules"
import type { Slots } from "./slots"
import type { ChildStop, ChildStops } from "./stops"
import { runHostedChild } from "./hosted-child"
import { openTranscript, subagentDepth, transcriptPath, type ChildTranscript } from "./transcript"
import { closeWorktree, openWorktree, worktreeLines, type ChildWorktree, type WorktreeEnd } from "./worktree"

export interface AgentToolDeps {
  slots: Slots
  modelRuntime(): ModelRuntime | undefined
  /** The session's own file and shell tools made for another folder (BundledHost.toolsIn). */
  toolsIn?(cwd: string): unknown[]
  /** A session in a host of its own (BundledHost.openSession; the daemon's hosts only). */
  openSession?: OpenSession
  /** The live children's stops, by id (the person's stop of one, `/subagents:stop`). */
  stops?: ChildStops
  /** The running Pi children's steers, by id (the person's message to one, `/subagents:steer`). */
  steers?: Map<string, (text: string) => Promise<void>>
  /** A child was asked for, started or changed; `ended`: it is gone from the live rows. */
  update(id: string, child: ChildState, ended?: boolean): void
  /** xagent's host: a child's dialogs are named by it and its gated calls ask the session's gate. */
  host?: Pick<BundledHost, "approve" | "onBehalfOf">
  /** An external ACP agent run for a child on an `acp:` profile (BundledHost.runAgent). */
  runAgent?: RunAgent
  /**
   * Children in session hosts of their own (the daemon's, BundledHost.sessions): their dialogs
   * asked in this session's windows, their sandbox this one's.
   */
  hosted?: { sessions: SessionOpener; host: Pick<BundledHost, "request" | "sandbox"> }
}

export interface AgentDetails {
  profile: string
  title: string
  /** `stopped`: the person stopped it from the roster; it returned what it had done. */
  status: ChildOutcome["status"] | "stopped"
  model: string
  tools: string[]
  usage: ChildOutcome["usage"]
  depth: number
  /** The worktree the child ran in (`isolation: "worktree"`): kept with its changes, or removed. */
  worktree?: { name: string; path: string; branch?: string; kept: boolean; stat?: string }
  /** A background child: its session, which goes on by itself. */
  background?: { sessionId: string }
  /** Its transcript's file (transcript.ts), when its parent has a session file. */
  transcript?: string
  /** Its own todo list's counts, when it wrote one. */
  todos?: { done: number; total: number }
}

const Params = Type.Object({
  task: Type.String({ description: "The whole task: the child sees nothing of this conversation but this text." }),
  title: Type.String({ description: "A few words naming the task, shown to the person while it runs." }),
  profile: Type.Optional(
    Type.String({
      description:
        "The child's profile: general (default; reads, runs and edits), explore (read-only search), plan (read-only planning), or a profile of the project's or the person's.",
    }),
  ),
  isolation: Type.Optional(
    Type.Literal("worktree", {
      description:
        "worktree: the child works in a fresh git worktree of this repository (a branch of its own from HEAD) and may write only there; the result says where its changes are. Without it the child works in this folder.",
    }),
  ),
  background: Type.Optional(
    Type.Boolean({
      description:
        "true: the child runs in a session of its own that goes on after this reply (and this session) ends; the call returns at once with its session id, and its result does not come back. Only where the xagent daemon runs.",
    }),
  ),
})

let nextId = 0

/** The tool of a session at `depth` (0: the main agent); its children run at depth + 1. */
export function createAgentTool(deps: AgentToolDeps, depth: number): ToolDefinition {
  const tool: ToolDefinition<typeof Params, AgentDetails> = {
    name: AGENT_TOOL,
    label: "Agent",
    description:
      "Start a subagent: a child session with its own empty context that does one task in this folder and returns its final report. Several calls in one message run at the same time. Give it everything it needs in `task`.",
    promptSnippet: "agent: hand a self-contained task to a subagent (general, explore, plan) and get its report",
    parameters: Params,
    async execute(callId, params, signal, onUpdate, ctx) {
      const parentFile = ctx.sessionManager.getSessionFile()
      // A child in a host of its own is a session like any: its depth is where its file is.
      const depthHere = depth + subagentDepth(parentFile)
      const depthNow = depthHere + 1
      if (depthNow > MAX_DEPTH)
        throw new Error(
          `Subagents may nest ${MAX_DEPTH} deep, and this one is already at depth ${depthHere}: do the task yourself.`,
        )
      const name = params.profile?.trim() || "general"
      const resolved = resolveProfile(name, ctx.cwd)
      if (!resolved.ok) throw new Error(`Cannot start a subagent: ${resolved.reason}.`)
      const profile = resolved.profile
      const title = params.title.trim() || params.task.trim().slice(0, 60)
      const noAcp = acpChildRefusal(deps.runAgent, profile)
      if (noAcp) throw new Error(noAcp)
      if (params.background) {
        const why = backgroundRefusal(deps.openSession, depthNow, params.isolation === "worktree")
        if (why) throw new Error(why)
        let sessionId: string
        try {
          sessionId = await startBackground(deps.openSession!, { profile, title, task: params.task, ctx })
        } catch (e) {
          throw new Error(`Cannot start the background subagent: ${(e as Error).message}`)
        }
        return {
          content: [{ type: "text", text: startedText(name, title, sessionId) }],
          details: {
            profile: name,
            title,
            status: "done",
            model: profile.model ?? modelName(ctx.model),
            tools: profile.tools,
            usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, turns: 0 },
            depth: depthNow,
            background: { sessionId },
          },
        }
      }
      // In a host of its own where the daemon can open one (a Pi child of a saved session whose
      // sandbox is not plan mode's read-only one, which only the in-process child shares).
      const hosted =
        !profile.acp && parentFile && deps.hosted && !deps.hosted.host.sandbox.scope().readOnly
          ? deps.hosted
          : undefined
      if (params.isolation === "worktree" && !hosted && !deps.toolsIn)
        throw new Error("Cannot start a subagent in a worktree here: this session cannot bound its tools to one.")
      // Made before the child takes a slot, so a repository that cannot have one refuses at once.
      let wt: ChildWorktree | undefined
      if (params.isolation === "worktree") {
        try {
          wt = await openWorktree(ctx.cwd)
        } catch (e) {
          throw new Error(`Cannot start a subagent in a worktree: ${(e as Error).message}`)
        }
      }
      const cwd = wt?.cwd ?? ctx.cwd
      const id = `c${++nextId}`
      const child: ChildState = {
        id,
        profile: name,
        title,
        status: "queued",
        depth: depthNow,
        queuedAt: Date.now(),
        ...(profile.thinking ? { effort: profile.thinking } : {}),
      }
      deps.update(id, child)
      // The call's live content for an editor over ACP and the transcript's running row.
      const progress = progressReporter(onUpdate as never)
      progress.change(child)
      let outcome: ChildOutcome | undefined
      let now = child
      const change = (patch: Partial<ChildState>) => {
        deps.update(id, (now = { ...now, ...patch }))
        progress.change(now)
      }
      // Its own signal: the call's abort reaches it, and the person's stop reaches it alone.
      const own = deps.stops?.open(id, signal)
      const childSignal = own?.signal ?? signal
      let transcript: ChildTranscript | undefined
      /** A hosted child's own session file: its transcript. */
      let hostedFile: string | undefined
      try {
        const release = await deps.slots.take(childSignal)
        // Stopped while it waited for a slot: it never ran, and says so as any stopped child does.
        if (!release && own?.stopped()) outcome = notStarted(profile.model ?? modelName(ctx.model))
        else if (!release) throw new Error("The subagent was cancelled before it started.")
        else
          try {
            if (parentFile && !hosted) transcript = openTranscript(transcriptPath(parentFile, callId), cwd, parentFile)
            change({
              status: "running",
              startedAt: Date.now(),
              ...(transcript?.path ? { transcript: transcript.path } : {}),
              ...(transcript?.problem ? { transcriptProblem: transcript.problem } : {}),
            })
            const from = `${name} · ${title}`
            const hooks = {
              ...(childSignal ? { signal: childSignal } : {}),
              onStart: (model: string) => change({ model }),
              onTool: (latestTool: string) => change({ latestTool }),
              onTokens: (tokens: { input: number; output: number }) => change({ tokens }),
              onTodos: (todos: { done: number; total: number }) => change({ todos }),
            }
            const steerable = (steer: ((text: string) => Promise<void>) | undefined) => {
              if (steer) deps.steers?.set(id, steer)
              else deps.steers?.delete(id)
              change({ steerable: !!steer && !!deps.steers })
            }
            if (hosted)
              outcome = await runHostedChild(hosted.sessions, hosted.host, {
                profile,
                task: params.task,
                title,
                cwd,
                from,
                parentFile: parentFile!,
                permissions: hosted.host.sandbox.scope().mode,
                ...(profile.model ? { model: profile.model } : ctx.model ? { model: modelName(ctx.model) } : {}),
                ...hooks,
                onSession: (sessionId, file) => {
                  hostedFile = file
                  change({ sessionId, ...(file ? { transcript: file } : {}) })
                },
                onSteerable: steerable,
              })
            else if (profile.acp)
              outcome = await runAcpChild(deps.runAgent!, {
                profile: { ...profile, acp: profile.acp },
                task: params.task,
                cwd,
                from,
                ...(transcript ? { transcript } : {}),
                ...hooks,
              })
            else {
              const spec: ChildSpec = {
                profile,
                task: params.task,
                cwd,
                ...(wt ? { folderTools: deps.toolsIn!(cwd) as never } : {}),
                modelRuntime: deps.modelRuntime(),
                parent: ctx as ExtensionToolContext,
                ...(transcript ? { transcript } : {}),
                onSteerable: steerable,
                // At the deepest level it is still given, to refuse with the reason rather than be unknown.
                ...(profile.tools.includes(AGENT_TOOL) ? { agentTool: createAgentTool(deps, depthNow) } : {}),
                ...hooks,
                // its questions and consents show in the parent's windows as this child's
                ...(deps.host ? { asks: { host: deps.host, from } } : {}),
              }
              outcome = await runChild(spec)
            }
          } finally {
            release()
          }
      } catch (e) {
        // Cancelled before it started, or the child could not be made: what it wrote still counts.
        if (wt) throw new Error(`${(e as Error).message}\n\n${worktreeLines(wt, await closeWorktree(wt, ctx.cwd))}`)
        throw e
      } finally {
        progress.stop()
        own?.close()
        deps.steers?.delete(id)
        const status = outcome?.status ?? (signal?.aborted ? "cancelled" : "failed")
        // A transcript that stopped at a failed write is no longer the whole of it: not offered.
        const { steerable: _s, transcript: _t, ...rest } = now
        const kept = hostedFile
          ? { transcript: hostedFile }
          : transcript?.path
            ? { transcript: transcript.path }
            : transcript?.problem
              ? { transcriptProblem: transcript.problem }
              : {}
        const todos = outcome?.todos ? { todos: outcome.todos } : {}
        deps.update(id, { ...rest, ...kept, ...todos, status: stoppedOr(status, own), endedAt: Date.now() }, true)
      }
      // Kept whatever the outcome: a failed or cancelled child's half-done work is the person's to see.
      const end: WorktreeEnd | undefined = wt && (await closeWorktree(wt, ctx.cwd))
      const where = wt && end ? `\n\n${worktreeLines(wt, end)}` : ""
      const status = stoppedOr(outcome.status, own)
      const summary = summaryLine(name, title, outcome, status === "stopped")
      const notes = profile.notes.length ? `\n(profile notes: ${profile.notes.join("; ")})` : ""
      // Not an error: the person chose to end it, and the parent goes on with what it had done.
      const stopped = status === "stopped" ? `\n${STOPPED_NOTE}` : ""
      if (status === "cancelled") throw new Error(`${summary}${outcome.text ? `\n\n${outcome.text}` : ""}${where}`)
      if (status === "failed") throw new Error(`${summary}: ${outcome.error ?? "failed"}${notes}${where}`)
      return {
        content: [{ type: "text", text: `${summary}${stopped}${notes}\n\n${outcome.text || "(no text)"}${where}` }],
        details: {
          profile: name,
          title,
          status,
          model: outcome.model,
          tools: outcome.tools,
          usage: outcome.usage,
          depth: depthNow,
          ...(hostedFile ? { transcript: hostedFile } : transcript?.path ? { transcript: transcript.path } : {}),
          ...(outcome.todos ? { todos: outcome.todos } : {}),
          ...(wt && end
            ? {
                worktree: {
                  name: wt.name,
                  path: wt.path,
                  ...(wt.branch ? { branch: wt.branch } : {}),
                  kept: end.kept,
                  ...(end.kept ? { stat: end.stat } : {}),
                },
              }
            : {}),
        },
      }
    },
  }
  return tool as unknown as ToolDefinition
}

/** What the parent is told beside a stopped child's summary. */
export const STOPPED_NOTE =
  "The person stopped this subagent before it finished; what it had written is below. Do not start it again unless they ask."

const modelName = (m: { provider: string; id: string } | undefined) => (m ? `${m.provider}/${m.id}` : "")

/** A child the person stopped before it ran (it was queued). */
function notStarted(model: string): ChildOutcome {
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, turns: 0 }
  return { status: "cancelled", text: "", usage, model, tools: [] }
}

/** `stopped` when the person stopped the child and it did not finish anyway. */
function stoppedOr(status: ChildOutcome["status"], own: ChildStop | undefined): AgentDetails["status"] {
  return own?.stopped() && status !== "done" ? "stopped" : status
}

/**
 * An ended child as the roster shows it, read back from the agent tool's result in a session
 * file (its details); undefined for any other message.
 */
export function finishedFromResult(message: unknown, at: number): ChildState | undefined {
  const m = message as {
    role?: string
    toolName?: string
    toolCallId?: string
    details?: Partial<AgentDetails> & { title?: string }
  }
  if (m?.role !== "toolResult" || m.toolName !== AGENT_TOOL) return undefined
  const d = m.details
  // A background child ran elsewhere: its own session says how it ended, not this result.
  if (!d || typeof d.profile !== "string" || typeof d.title !== "string" || d.background) return undefined
  const u = d.usage
  return {
    id: m.toolCallId ?? `r${at}`,
    profile: d.profile,
    title: d.title,
    status: ENDED.includes(d.status as ChildState["status"]) ? (d.status as ChildState["status"]) : "done",
    depth: typeof d.depth === "number" ? d.depth : 1,
    queuedAt: at,
    endedAt: at,
    ...(typeof d.model === "string" ? { model: d.model } : {}),
    ...(typeof d.transcript === "string" ? { transcript: d.transcript } : {}),
    ...(isCounts(d.todos) ? { todos: d.todos } : {}),
    ...(u ? { tokens: { input: u.input + u.cacheRead + u.cacheWrite, output: u.output } } : {}),
  }
}

const isCounts = (v: unknown): v is { done: number; total: number } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { done?: unknown }).done === "number" &&
  typeof (v as { total?: unknown }).total === "number"

const ENDED: ChildState["status"][] = ["done", "failed", "cancelled", "stopped"]

/** `explore · Find the loader: done in 2 turns, 1.2k in / 340 out`. */
export function summaryLine(profile: string, title: string, o: ChildOutcome, stopped = false): string {
  const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n))
  const word = stopped ? "stopped by the person" : o.status
  const turns = `${o.usage.turns} turn${o.usage.turns === 1 ? "" : "s"}`
  const todos = o.todos ? `, todos ${o.todos.done} of ${o.todos.total} done` : ""
  return `Subagent ${profile} · ${title}: ${word} in ${turns}, ${k(o.usage.input)} in / ${k(o.usage.output)} out${o.usage.cost ? `, $${o.usage.cost.toFixed(4)}` : ""}${todos} (${o.model})`
}
