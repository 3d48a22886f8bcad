// /context's report, read from one live session: its branch's runs as the session file recorded
// them, each request's size as its reply's usage measured it, and what the next request would
// carry. Nothing is guessed into a measured field: a reply without usage leaves `tokens` unset, and
// the split by contributor is Pi's chars/4 estimate, named as one.
import { estimateTokens, formatSkillsForPrompt } from "@earendil-works/pi-coding-agent"
import type {
  ContextConfig,
  ContextGrowthRow,
  ContextPart,
  ContextPartName,
  ContextReport,
  ContextRun,
  ContextUsage,
} from "../../protocol/index"
import type { AgentMessage, AgentSession } from "../pi-types"

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0)

/** What a request sent, from its reply's usage; undefined when the provider reported none. */
export function sentTokens(usage: unknown): { input: number; cacheRead: number; cacheWrite: number } | undefined {
  if (!isRecord(usage)) return undefined
  const u = { input: num(usage.input), cacheRead: num(usage.cacheRead), cacheWrite: num(usage.cacheWrite) }
  // pi-ai starts every reply's usage at zero and fills it from the provider's figures: all zero
  // (output too) is a provider that said nothing, not an empty request.
  return u.input + u.cacheRead + u.cacheWrite + num(usage.output) > 0 ? u : undefined
}

function promptText(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  const text = content.flatMap((p) => (isRecord(p) && p.type === "text" && typeof p.text === "string" ? [p.text] : []))
  const images = content.filter((p) => isRecord(p) && p.type === "image").length
  return text.join("\n") || (images ? `(${images} image${images === 1 ? "" : "s"})` : "")
}

/** Runs, requests and compactions along the branch, in order. */
export function branchHistory(branch: readonly unknown[]): {
  runs: ContextRun[]
  growth: ContextGrowthRow[]
  last?: { usage: unknown; model: string; compactedAfter: boolean }
} {
  const runs: ContextRun[] = []
  const growth: ContextGrowthRow[] = []
  let thinking: string | undefined
  let requests = 0
  let last: { usage: unknown; model: string; compactedAfter: boolean } | undefined
  for (const e of branch) {
    if (!isRecord(e)) continue
    if (e.type === "thinking_level_change" && typeof e.thinkingLevel === "string") thinking = e.thinkingLevel
    if (e.type === "compaction") {
      growth.push({ kind: "compaction", tokensBefore: num(e.tokensBefore) })
      if (last) last.compactedAfter = true
    }
    if (e.type !== "message" || !isRecord(e.message)) continue
    const m = e.message
    if (m.role === "user") {
      const stamp = Date.parse(String(e.timestamp ?? ""))
      runs.push({
        n: runs.length + 1,
        prompt: promptText(m.content),
        ...(Number.isFinite(stamp) ? { timestamp: stamp } : {}),
        models: [],
        ...(thinking ? { thinking } : {}),
      })
    } else if (m.role === "assistant") {
      const model = `${String(m.provider ?? "?")}/${String(m.model ?? "?")}`
      const run = runs.at(-1)
      if (run && !run.models.includes(model)) run.models.push(model)
      const sent = sentTokens(m.usage)
      requests++
      growth.push({
        kind: "request",
        n: requests,
        run: run?.n ?? 0,
        model,
        ...(sent ? { tokens: sent.input + sent.cacheRead + sent.cacheWrite } : {}),
      })
      last = { usage: m.usage, model, compactedAfter: false }
    }
  }
  return { runs, growth, ...(last ? { last } : {}) }
}

const chars = (text: string) => Math.ceil(text.length / 4)

function imageParts(m: AgentMessage): number {
  const content = (m as { content?: unknown }).content
  return Array.isArray(content) ? content.filter((p) => isRecord(p) && p.type === "image").length : 0
}

/** Pi's estimate of the messages the next request carries, by kind, images apart. */
function messageParts(
  messages: readonly AgentMessage[],
): Record<"messages" | "tool results" | "images" | "summaries", number> {
  // Pi's own figure for one image, so the split adds up to its estimate of the whole message.
  const perImage = estimateTokens({
    role: "user",
    content: [{ type: "image", data: "", mimeType: "image/png" }],
    timestamp: 0,
  })
  const out = { messages: 0, "tool results": 0, images: 0, summaries: 0 }
  for (const m of messages) {
    const images = imageParts(m) * perImage
    const rest = Math.max(0, estimateTokens(m) - images)
    out.images += images
    if (m.role === "toolResult" || m.role === "bashExecution") out["tool results"] += rest
    else if (m.role === "compactionSummary" || m.role === "branchSummary") out.summaries += rest
    else out.messages += rest
  }
  return out
}

export function currentConfig(s: AgentSession): ContextConfig {
  const loader = s.resourceLoader
  const extensions = loader.getExtensions()
  const system = loader.getSystemPromptSource()
  return {
    ...(s.model ? { model: `${s.model.provider}/${s.model.id}` } : {}),
    thinking: s.thinkingLevel,
    sources: [
      ...(system ? [{ kind: "system" as const, path: system.path }] : []),
      ...loader.getAppendSystemPromptSources().map((a) => ({ kind: "append" as const, path: a.path })),
      ...loader.getAgentsFiles().agentsFiles.map((f) => ({ kind: "context" as const, path: f.path })),
    ],
    tools: s.getActiveToolNames(),
    mcpServers: extensions.runtime.mcpServers.list().map((m) => m.name),
    skills: loader.getSkills().skills.map((k) => k.name),
    extensions: extensions.extensions.map((x) => x.path),
  }
}

function usageOf(s: AgentSession, last: ReturnType<typeof branchHistory>["last"]): ContextUsage {
  const model = s.model
  const loader = s.resourceLoader
  const prompt = s.systemPrompt
  const files = loader
    .getAgentsFiles()
    .agentsFiles.reduce((n, f) => n + (prompt.includes(f.content) ? chars(f.content) : 0), 0)
  // The skills block Pi wrote into the prompt (its wording depends on the tool that reads skills).
  const listed = loader.getSkills().skills
  const block = (["read", "bash", "indirect"] as const)
    .map((tool) => formatSkillsForPrompt(listed, tool))
    .find((b) => b && prompt.includes(b))
  const skills = block ? chars(block) : 0
  const active = new Set(s.getActiveToolNames())
  const tools = s
    .getAllTools()
    .filter((t) => active.has(t.name))
    .reduce(
      (n, t) => n + chars(JSON.stringify({ name: t.name, description: t.description, parameters: t.parameters })),
      0,
    )
  const msgs = messageParts(s.messages)
  const estimates: Record<ContextPartName, number> = {
    "system prompt": Math.max(0, chars(prompt) - files - skills),
    "tools' schemas": tools,
    "context files": files,
    skills,
    ...msgs,
  }
  const parts: ContextPart[] = Object.entries(estimates).map(([name, estimate]) => ({
    name: name as ContextPartName,
    estimate,
  }))
  const sent = last && !last.compactedAfter ? sentTokens(last.usage) : undefined
  const unmeasured = !last
    ? "no request yet"
    : last.compactedAfter
      ? "compacted since the last request"
      : sent
        ? undefined
        : "the provider reported no usage"
  return {
    ...(model?.contextWindow ? { contextWindow: model.contextWindow } : {}),
    reserve: s.settingsManager.getCompactionReserveTokens(model),
    ...(sent && last
      ? { sent: { ...sent, total: sent.input + sent.cacheRead + sent.cacheWrite, model: last.model } }
      : {}),
    ...(unmeasured ? { unmeasured } : {}),
    parts,
  }
}

export function contextReport(s: AgentSession): ContextReport {
  const history = branchHistory(s.sessionManager.getBranch())
  return { runs: history.runs, current: currentConfig(s), usage: usageOf(s, history.last), growth: history.growth }
}
