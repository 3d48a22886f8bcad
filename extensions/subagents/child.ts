// One child: a Pi session of its own in the parent's process and folder, with its profile's model,
// thinking level, tools and instructions, and a context that starts empty but for its task. It is
// kept in memory (docs/adr-subagents.md says why): the parent's tool result keeps what it returns.
// Its tools are the parent's own (the sandboxed bash, edit, write and the guarded read), so it runs
// inside the parent's sandbox and write boundary; grep, find and ls, which only read, are Pi's.
import type { Api, Model } from "@earendil-works/pi-ai"
import {
  createAgentSession,
  createFindTool,
  createGrepTool,
  createLsTool,
  DefaultResourceLoader,
  getAgentDir,
  SessionManager,
  SettingsManager,
  type ExtensionToolContext,
  type ModelRuntime,
  type ToolDefinition,
} from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../src/common/bundled"
import { DENIED } from "../../src/common/permission"
import { TODO_TOOL, todoCounts, todoText, validateTodos, type TodoItem } from "../../src/common/todo"
import type { ChildProfile } from "./profiles"
import { AGENT_TOOL } from "./rules"
import type { ChildTranscript } from "./transcript"

type AgentTool = ExtensionToolContext["tools"][number]

export interface ChildUsage {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  cost: number
  turns: number
}

export interface ChildOutcome {
  status: "done" | "failed" | "cancelled"
  /** The child's final text (its last reply's text blocks). */
  text: string
  error?: string
  usage: ChildUsage
  model: string
  tools: string[]
  /** Its own todo list's counts, when it wrote one (todo_write). */
  todos?: { done: number; total: number }
}

export interface ChildSpec {
  profile: ChildProfile
  task: string
  cwd: string
  /** The parent's model runtime (auth and models): the child signs in as its parent does. */
  modelRuntime?: ModelRuntime
  parent: ExtensionToolContext
  /**
   * Set for a child in a worktree: the session's own file and shell tools made for its folder
   * (`BundledHost.toolsIn`), which take the place of the parent's, bounded by the parent's folder.
   */
  folderTools?: AgentTool[]
  /** The child's own `agent` tool (one level deeper), when its profile has it. */
  agentTool?: ToolDefinition
  /**
   * xagent's host of the parent session, and the child's name there ("explore · Find the
   * configs"): the child's calls of the parent's tools ask its consent gate as the parent's own
   * do, and their dialogs name the child. Without a host (plain pi) they run as the parent's would.
   */
  asks?: { host: Pick<BundledHost, "approve" | "onBehalfOf">; from: string }
  signal?: AbortSignal
  /** Its transcript on disk, a message at a time (the roster opens it). */
  transcript?: ChildTranscript
  /** The child's session is live: `steer` sends it a message the person typed, taken after its current step. */
  onSteerable?(steer: ((text: string) => Promise<void>) | undefined): void
  /** The child started on `model` (`provider/id`). */
  onStart?(model: string): void
  onTool?(name: string): void
  /** Its todo list's counts, after each todo_write. */
  onTodos?(counts: { done: number; total: number }): void
  /** The child's tokens so far, after each of its replies. */
  onTokens?(tokens: { input: number; output: number }): void
}

const READ_ONLY_FACTORIES: Record<string, (cwd: string) => AgentTool> = {
  grep: (cwd) => createGrepTool(cwd) as unknown as AgentTool,
  find: (cwd) => createFindTool(cwd) as unknown as AgentTool,
  ls: (cwd) => createLsTool(cwd) as unknown as AgentTool,
}

/** The tools the child gets: each of its profile's the parent can give, by name; the rest are left out. */
export function childTools(
  spec: Pick<ChildSpec, "profile" | "cwd" | "parent" | "agentTool" | "folderTools" | "asks">,
  onTodos?: (todos: TodoItem[]) => void,
): {
  tools: ToolDefinition[]
  missing: string[]
} {
  const tools: ToolDefinition[] = []
  const missing: string[] = []
  for (const name of spec.profile.tools) {
    // A list of its own: the parent's tool would write over the parent's list and card.
    if (name === TODO_TOOL) {
      const own = spec.parent.tools.find((t) => t.name === name)
      if (own) tools.push(childTodoTool(own, onTodos))
      else missing.push(name)
      continue
    }
    // Only the child's own: the parent's `agent` tool is a level higher and would skip the depth limit.
    if (name === AGENT_TOOL) {
      if (spec.agentTool) tools.push(spec.agentTool)
      else missing.push(name)
      continue
    }
    const own = spec.parent.tools.find((t) => t.name === name)
    // In a worktree, a tool the parent has is the one made for the child's folder: the parent's
    // would act on the parent's folder (its cwd and its write boundary).
    const here = own && spec.folderTools ? spec.folderTools.find((t) => t.name === name) : own
    const made = here ?? READ_ONLY_FACTORIES[name]?.(spec.cwd)
    if (made) tools.push(asDefinition(made, here ? spec.asks : undefined))
    else missing.push(name)
  }
  return { tools, missing }
}

/**
 * A parent's tool as the child's. The parent's consent gate is a hook of the parent's session,
 * which never sees the child's calls: it is asked before each call (it decides which tools wait),
 * and a denial is the tool's error, as the gate's block is in the parent. The call itself runs on
 * the child's behalf, so a dialog it asks (ask_user's) names the child.
 */
function asDefinition(t: AgentTool, asks?: ChildSpec["asks"]): ToolDefinition {
  return {
    name: t.name,
    label: t.label,
    description: t.description,
    parameters: t.parameters,
    ...(t.prepareArguments ? { prepareArguments: t.prepareArguments } : {}),
    execute: async (id, params, signal, onUpdate) => {
      if (!asks) return t.execute(id, params, signal, onUpdate)
      const call = { toolCallId: id, toolName: t.name, input: params, from: asks.from }
      if (!(await asks.host.approve(call, signal))) throw new Error(DENIED)
      return asks.host.onBehalfOf(asks.from, () => t.execute(id, params, signal, onUpdate))
    },
  } as ToolDefinition
}

/**
 * The child's todo_write: the parent's tool as the model sees it (its name, description and
 * schema), keeping the list in the child, whose result reports its counts.
 */
function childTodoTool(t: AgentTool, onTodos?: (todos: TodoItem[]) => void): ToolDefinition {
  return {
    name: t.name,
    label: t.label,
    description: t.description,
    parameters: t.parameters,
    execute: async (_id: string, params: unknown) => {
      const r = validateTodos(params)
      if ("problems" in r)
        throw new Error(`todo_write refused (the list is unchanged):\n${r.problems.map((p) => `- ${p}`).join("\n")}`)
      onTodos?.(r.todos)
      return { content: [{ type: "text", text: todoText(r.todos) }], details: { todos: r.todos } }
    },
  } as unknown as ToolDefinition
}

export function findModel(ref: string, parent: ExtensionToolContext): Model<Api> | undefined {
  const slash = ref.indexOf("/")
  if (slash > 0) return parent.modelRegistry.find(ref.slice(0, slash), ref.slice(slash + 1))
  return parent.modelRegistry.getAll().find((m) => m.id === ref)
}

const PERSISTED = new Set(["system", "user", "assistant", "toolResult"])

export async function runChild(spec: ChildSpec): Promise<ChildOutcome> {
  const { profile, parent } = spec
  const model = profile.model ? findModel(profile.model, parent) : parent.model
  const empty: ChildUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, turns: 0 }
  if (!model)
    return {
      status: "failed",
      text: "",
      error: profile.model ? `the model '${profile.model}' is not known here` : "the parent has no model",
      usage: empty,
      model: profile.model ?? "",
      tools: [],
    }
  let todos: TodoItem[] | undefined
  const { tools } = childTools(spec, (list) => {
    todos = list
    spec.onTodos?.(todoCounts(list))
  })
  const agentDir = getAgentDir()
  const settingsManager = SettingsManager.inMemory()
  // No extensions, skills or prompt templates: the child is the profile's, not the person's setup
  // again (their extensions would run a second time in this process). Context files stay.
  const resourceLoader = new DefaultResourceLoader({
    cwd: spec.cwd,
    agentDir,
    settingsManager,
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    ...(profile.instructions ? { appendSystemPrompt: [profile.instructions] } : {}),
  })
  await resourceLoader.reload()
  const { session } = await createAgentSession({
    cwd: spec.cwd,
    agentDir,
    ...(spec.modelRuntime ? { modelRuntime: spec.modelRuntime } : {}),
    model,
    ...(profile.thinking ? { thinkingLevel: profile.thinking as never } : {}),
    tools: tools.map((t) => t.name),
    customTools: tools,
    resourceLoader,
    settingsManager,
    sessionManager: SessionManager.inMemory(spec.cwd),
  })
  spec.onStart?.(`${model.provider}/${model.id}`)
  const tokens = { input: 0, output: 0 }
  const unsubscribe = session.subscribe((e) => {
    if (e.type === "tool_execution_start") spec.onTool?.(e.toolName)
    // The messages Pi's own session writes as entries of this kind (its tool list's system messages too).
    if (e.type === "message_end" && PERSISTED.has(e.message.role)) spec.transcript?.append(e.message)
    if (e.type === "message_end" && e.message.role === "assistant") {
      const u = e.message.usage
      tokens.input += u.input + u.cacheRead + u.cacheWrite
      tokens.output += u.output
      spec.onTokens?.({ ...tokens })
    }
  })
  const abort = () => void session.abort()
  spec.signal?.addEventListener("abort", abort, { once: true })
  // Pi's steer: delivered after the child's current tool calls, before its next model request.
  spec.onSteerable?.(async (text) => {
    await session.steer(text)
  })
  let error: string | undefined
  try {
    if (spec.signal?.aborted) throw new Error("cancelled")
    await session.prompt(spec.task)
  } catch (e) {
    error = (e as Error).message
  } finally {
    spec.signal?.removeEventListener("abort", abort)
    spec.onSteerable?.(undefined)
    unsubscribe()
  }
  const usage = { ...empty }
  let last: { stopReason?: string; errorMessage?: string; content?: unknown } | undefined
  for (const m of session.messages) {
    if (m.role !== "assistant") continue
    usage.turns++
    usage.input += m.usage.input
    usage.output += m.usage.output
    usage.cacheRead += m.usage.cacheRead
    usage.cacheWrite += m.usage.cacheWrite
    usage.cost += m.usage.cost.total
    last = m
  }
  const activeTools = session.getActiveToolNames()
  session.dispose()
  const text = Array.isArray(last?.content)
    ? (last.content as { type: string; text?: string }[])
        .filter((b) => b.type === "text")
        .map((b) => b.text ?? "")
        .join("")
        .trim()
    : ""
  const cancelled = spec.signal?.aborted || last?.stopReason === "aborted"
  const failed = !cancelled && (error !== undefined || last?.stopReason === "error" || !last)
  return {
    status: cancelled ? "cancelled" : failed ? "failed" : "done",
    text,
    ...(failed ? { error: error ?? last?.errorMessage ?? "the child gave no reply" } : {}),
    usage,
    model: `${model.provider}/${model.id}`,
    tools: activeTools,
    ...(todos ? { todos: todoCounts(todos) } : {}),
  }
}
