// The rest of what ACP and xagent say differently: stop reasons, prompt content, todo lists as
// plans, config options and the legacy modes. Pure; the rules are in docs/adr-acp.md.
import type { ModelInfo, ThinkingLevel, TurnStopReason } from "../protocol"
import type { TodoItem } from "../common/todo"

export type AcpStopReason = "end_turn" | "max_tokens" | "max_turn_requests" | "refusal" | "cancelled"

/** `error` has no stop reason: the caller answers with a JSON-RPC error (after a cancel, `cancelled`). */
export function stopReasonOf(reason: TurnStopReason, cancelAsked: boolean): AcpStopReason | "error" {
  if (cancelAsked || reason === "cancelled") return "cancelled"
  return reason
}

export interface PlanEntry {
  content: string
  priority: "high" | "medium" | "low"
  status: "pending" | "in_progress" | "completed"
}

/** Always the whole list; priority is medium (todo_write has none). */
export function planEntries(todos: readonly TodoItem[]): PlanEntry[] {
  return todos.map((t) => {
    const s = t.status as string
    // Any status but the three would make an SDK client drop the entry: a cancelled one is shown done.
    if (s === "pending" || s === "in_progress" || s === "completed")
      return { content: t.content, priority: "medium", status: s }
    return { content: `[cancelled] ${t.content}`, priority: "medium", status: "completed" }
  })
}

export interface PromptParts {
  text: string
  images: { type: "image"; data: string; mimeType: string }[]
}

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/

/** ACP content blocks as one prompt text and its images; a block xagent cannot take is a problem. */
export function promptParts(blocks: unknown): PromptParts | { problem: string } {
  if (!Array.isArray(blocks) || blocks.length === 0)
    return { problem: "prompt must be a non-empty array of content blocks" }
  const texts: string[] = []
  const images: PromptParts["images"] = []
  for (const [i, raw] of blocks.entries()) {
    const b = (raw ?? {}) as Record<string, any>
    if (b.type === "text" && typeof b.text === "string") texts.push(b.text)
    else if (b.type === "image") {
      if (typeof b.data !== "string" || !b.data || !IMAGE_TYPES.test(String(b.mimeType)))
        return { problem: `prompt[${i}]: images must be base64 data of type image/png, jpeg, gif or webp` }
      images.push({ type: "image", data: b.data, mimeType: b.mimeType })
    } else if (b.type === "resource" && b.resource && typeof b.resource.uri === "string") {
      const r = b.resource
      if (typeof r.text !== "string")
        return { problem: `prompt[${i}]: embedded resources must carry text (binary blobs are not taken)` }
      texts.push(`<context uri="${r.uri}">\n${r.text}\n</context>`)
    } else if (b.type === "resource_link" && typeof b.uri === "string") texts.push(`@${b.uri}`)
    else
      return {
        problem: `prompt[${i}]: content of type "${String(b.type)}" is not supported (text, image, resource, resource_link)`,
      }
  }
  return { text: texts.join("\n\n"), images }
}

export type ReplayBlock =
  | { type: "text"; text: string }
  | { type: "resource"; resource: { uri: string; text: string } }
  | { type: "resource_link"; uri: string; name: string }

/** A `<context>` paragraph or a lone `@scheme:…` one, as promptParts wrote them. */
const BLOCK = /(?<=^|\n\n)(?:<context uri="([^"\n]*)">\n([\s\S]*?)\n<\/context>|@([a-z][a-z0-9+.-]*:[^\s]+))(?=\n\n|$)/g

/**
 * A prompt's text as the blocks promptParts joined (session/load): embedded resources and links
 * come back as blocks, the paragraphs between them as text. A resource's mime type was never kept.
 */
export function promptBlocksOf(text: string): ReplayBlock[] {
  const out: ReplayBlock[] = []
  let at = 0
  const textUpTo = (end: number) => {
    // The "\n\n" promptParts put between blocks goes with the join, not with either block.
    const from = at > 0 ? at + 2 : 0
    const to = end < text.length ? end - 2 : end
    if (to > from) out.push({ type: "text", text: text.slice(from, to) })
  }
  for (const m of text.matchAll(BLOCK)) {
    textUpTo(m.index)
    at = m.index + m[0].length
    if (m[3] !== undefined) out.push({ type: "resource_link", uri: m[3], name: linkName(m[3]) })
    else out.push({ type: "resource", resource: { uri: m[1]!, text: m[2]! } })
  }
  textUpTo(text.length)
  return out
}

/** A link's name is not kept: its last path segment stands in. */
function linkName(uri: string): string {
  const last =
    uri
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .at(-1) || uri
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

export type AcpMode = "default" | "plan"

export interface ConfigInputs {
  models: ModelInfo[]
  current?: { provider: string; id: string }
  levels: ThinkingLevel[]
  thinking: ThinkingLevel
  mode: AcpMode
}

export const modelValue = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`

/** The full option list, in order: model, thought_level, mode. */
export function configOptions(c: ConfigInputs) {
  const out = []
  const usable = c.models.filter((m) => m.available)
  if (c.current && usable.length)
    out.push({
      id: "model",
      name: "Model",
      category: "model",
      type: "select" as const,
      currentValue: modelValue(c.current),
      options: usable.map((m) => ({ value: modelValue(m), name: m.name ?? m.id })),
    })
  if (c.levels.length)
    out.push({
      id: "thought_level",
      name: "Thinking",
      category: "thought_level",
      type: "select" as const,
      currentValue: c.levels.includes(c.thinking) ? c.thinking : c.levels[0]!,
      options: c.levels.map((l) => ({ value: l, name: l })),
    })
  out.push({
    id: "mode",
    name: "Mode",
    category: "mode",
    type: "select" as const,
    currentValue: c.mode,
    options: MODES.map((m) => ({ value: m.id, name: m.name, description: m.description })),
  })
  return out
}

export const MODES = [
  { id: "default", name: "Default", description: "Every tool, each change asked first" },
  { id: "plan", name: "Plan", description: "Read-only tools; each prompt is a plan request (/plan)" },
] as const

export const modeState = (mode: AcpMode) => ({ currentModeId: mode, availableModes: MODES.map((m) => ({ ...m })) })
