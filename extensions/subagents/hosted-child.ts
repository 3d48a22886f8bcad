// A child in a session host of its own (under the daemon): a real session the broker opens for the
// parent's host (BundledHost.sessions), in a process of its own, so a child's busy stream never
// holds the parent's event loop and a child that crashes takes only itself. The parent watches its
// events through the one reducer windows use, and from them reports its model, latest tool, tokens
// and todo counts; its dialogs (ask_user, approvals) are asked again in the parent's windows named
// by the child, and the first answer goes back; Esc or a stop is its session.abort; a person's
// message is its steer. Whatever the outcome its session is closed, and the broker closes it if the
// parent's host ends first: none outlives its parent's host. Its session file is in the parent's
// subagents folder (transcript.ts), so listings leave it out and the roster opens it, and its
// depth is that folder's (a child's child is a folder deeper: subagentDepth).
import type { BundledHost, SessionOpener } from "../../src/common/bundled"
import { TODO_TOOL, todoCounts, validateTodos } from "../../src/common/todo"
import type { EventEnvelope, Params, SessionSnapshot, ToolItem, UiRequest } from "../../src/protocol/index"
import { applyEvent, emptySnapshot } from "../../src/protocol/reducer"
import type { ChildOutcome, ChildUsage } from "./child"
import type { ChildProfile } from "./profiles"
import { transcriptFolder } from "./transcript"

export interface HostedChildSpec {
  profile: ChildProfile
  task: string
  title: string
  cwd: string
  /** The child's name in the parent's dialogs ("explore · Find the configs"). */
  from: string
  /** `provider/id` the child runs on (its profile's, else the parent's). */
  model?: string
  /** The parent's session file: the child's is written in its subagents folder, naming it as parent. */
  parentFile: string
  /** The parent's permission mode, which the child's session takes. */
  permissions: "sandboxed" | "full"
  signal?: AbortSignal
  onStart?(model: string): void
  onTool?(name: string): void
  onTokens?(tokens: { input: number; output: number }): void
  onTodos?(counts: { done: number; total: number }): void
  /** Its session is open: its id and file (the roster's view reads the file). */
  onSession?(sessionId: string, file: string | undefined): void
  /** The child takes the person's messages now (`steer`), or no longer (undefined). */
  onSteerable?(steer: ((text: string) => Promise<void>) | undefined): void
}

/** How long a stopped child may take to end its run before its session is closed anyway. */
const STOP_GRACE_MS = 10_000

export async function runHostedChild(
  sessions: SessionOpener,
  host: Pick<BundledHost, "request">,
  spec: HostedChildSpec,
): Promise<ChildOutcome> {
  const { profile } = spec
  const snap: SessionSnapshot = emptySnapshot("")
  let sessionId: string | undefined
  let sawRun = false
  let ended!: (why?: string) => void
  const end = new Promise<string | undefined>((resolve) => (ended = resolve))
  let lastTool: string | undefined
  let lastTodos = ""
  let started = false
  let file: string | undefined
  const asked = new Map<string, AbortController>()

  const forward = (req: UiRequest) => {
    if (asked.has(req.id) || !sessionId) return
    const controller = new AbortController()
    asked.set(req.id, controller)
    const { id, ...body } = req
    const from = req.from ? `${spec.from} › ${req.from}` : spec.from
    const child = sessionId
    void host.request({ ...body, from } as never, { signal: controller.signal }).then((response) => {
      asked.delete(id)
      // Answered elsewhere (a window attached to the child) or withdrawn: nothing to send.
      if (controller.signal.aborted) return
      void sessions
        .call(child, "session.uiRespond", { requestId: id, response: response ?? { cancelled: true } })
        .catch(() => {})
    })
  }

  const watch = (env: EventEnvelope) => {
    const e = env.event
    applyEvent(snap, e)
    if (e.type === "closed") return ended(e.reason)
    if (e.type === "run") {
      if (e.running) sawRun = true
      else if (sawRun) ended()
    }
    if (sessionId && snap.info.file !== file) {
      file = snap.info.file
      spec.onSession?.(sessionId, file)
    }
    if (!started && snap.info.model) {
      started = true
      spec.onStart?.(`${snap.info.model.provider}/${snap.info.model.id}`)
    }
    if (e.type === "item_add" && e.item.kind === "tool" && e.item.name !== lastTool) {
      lastTool = e.item.name
      spec.onTool?.(e.item.name)
    }
    if (e.type === "stats") {
      const t = snap.stats.tokens
      spec.onTokens?.({ input: t.input + t.cacheRead + t.cacheWrite, output: t.output })
    }
    if ((e.type === "item_update" || e.type === "item_add") && e.item.kind === "tool" && e.item.name === TODO_TOOL) {
      const counts = todosOf(snap)
      const key = JSON.stringify(counts)
      if (counts && key !== lastTodos) {
        lastTodos = key
        spec.onTodos?.(counts)
      }
    }
    // Its dialogs: each pending one asked in the parent's windows; one resolved there withdrawn here.
    const pending = new Set(snap.ui.pending.map((r) => r.id))
    for (const [id, c] of asked) if (!pending.has(id)) c.abort()
    for (const r of snap.ui.pending) forward(r)
  }

  const params: Params<"session.open"> = {
    cwd: spec.cwd,
    mode: { kind: "new" },
    ...(spec.model ? { model: spec.model } : {}),
    ...(profile.thinking ? { thinking: profile.thinking as Params<"session.open">["thinking"] } : {}),
    parent: spec.parentFile,
    ...(spec.permissions === "full" ? { permissions: "full" as const } : {}),
    pi: {
      tools: profile.tools,
      name: `${spec.title} (subagent)`,
      // In the parent's folder of subagents: out of the listings, and one level deeper (depth.ts).
      sessionDir: transcriptFolder(spec.parentFile),
      ...(profile.instructions ? { appendSystemPrompt: [profile.instructions] } : {}),
    },
  }
  const empty: ChildUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, turns: 0 }
  const stop = () => {
    if (!sessionId) return
    void sessions.call(sessionId, "session.abort", {}).catch(() => {})
    setTimeout(() => ended("stopped"), STOP_GRACE_MS).unref?.()
  }
  try {
    if (spec.signal?.aborted) throw new Error("cancelled before it started")
    sessionId = await sessions.open(params, spec.task, watch)
    file = snap.info.file
    spec.onSession?.(sessionId, file)
    const id = sessionId
    spec.onSteerable?.(async (text) => {
      await sessions.call(id, "session.prompt", { text, behavior: "steer" })
    })
    for (const r of snap.ui.pending) forward(r)
    if (spec.signal?.aborted) stop()
    else spec.signal?.addEventListener("abort", stop, { once: true })
    const closedWhy = await end
    if (closedWhy && closedWhy !== "stopped" && !spec.signal?.aborted)
      return outcome(snap, profile, "failed", `its session host ended: ${closedWhy}`)
  } catch (e) {
    const model = spec.model ?? ""
    if (spec.signal?.aborted) return { status: "cancelled", text: "", usage: empty, model, tools: [] }
    return { status: "failed", text: "", error: (e as Error).message, usage: empty, model, tools: [] }
  } finally {
    spec.signal?.removeEventListener("abort", stop)
    spec.onSteerable?.(undefined)
    for (const c of asked.values()) c.abort()
    if (sessionId) await sessions.call(sessionId, "session.close", {}).catch(() => {})
  }
  return outcome(snap, profile, spec.signal?.aborted ? "cancelled" : undefined)
}

/** Its end as a child's outcome: the last reply's text, the session's usage, its todo counts. */
function outcome(
  snap: SessionSnapshot,
  profile: ChildProfile,
  forced?: ChildOutcome["status"],
  error?: string,
): ChildOutcome {
  const replies = snap.items.filter((i) => i.kind === "assistant")
  const last = replies.at(-1)
  const text =
    last?.kind === "assistant"
      ? last.blocks
          .flatMap((b) => (b?.type === "text" ? [b.text] : []))
          .join("")
          .trim()
      : ""
  const t = snap.stats.tokens
  const usage: ChildUsage = {
    input: t.input,
    output: t.output,
    cacheRead: t.cacheRead,
    cacheWrite: t.cacheWrite,
    cost: snap.stats.cost,
    turns: replies.length,
  }
  const model = snap.info.model ? `${snap.info.model.provider}/${snap.info.model.id}` : (profile.model ?? "")
  const todos = todosOf(snap)
  const stop = last?.kind === "assistant" ? last.stopReason : undefined
  const status: ChildOutcome["status"] =
    forced ?? (stop === "aborted" ? "cancelled" : stop === "error" || !last ? "failed" : "done")
  const why =
    error ??
    (status === "failed" ? (last?.kind === "assistant" && last.errorMessage) || "the child gave no reply" : undefined)
  return {
    status,
    text,
    ...(why ? { error: why } : {}),
    usage,
    model,
    tools: profile.tools,
    ...(todos ? { todos } : {}),
  }
}

/** The counts of the child's last todo list that was written. */
function todosOf(snap: SessionSnapshot): { done: number; total: number } | undefined {
  for (let i = snap.items.length - 1; i >= 0; i--) {
    const item = snap.items[i]!
    if (item.kind !== "tool" || item.name !== TODO_TOOL || (item as ToolItem).status !== "done") continue
    const r = validateTodos(item.args)
    if ("todos" in r) return todoCounts(r.todos)
  }
  return undefined
}
