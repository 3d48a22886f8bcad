// Model lookup, sign-in hints and provider auth status over Pi's AuthStorage/ModelRegistry.
import type { Api, Model } from "@mariozechner/pi-ai"
import type { AuthStorage, ModelRegistry } from "@mariozechner/pi-coding-agent"
import { ProtocolError, type ModelInfo, type ModelRef, type ProviderAuth } from "../protocol"

/** The env var pi-ai reads for a provider's key (mirrors pi-ai's own table, which it does not export). */
const ENV_KEYS: Record<string, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  "azure-openai-responses": "AZURE_OPENAI_API_KEY",
  deepseek: "DEEPSEEK_API_KEY",
  google: "GEMINI_API_KEY",
  "google-vertex": "GOOGLE_CLOUD_API_KEY",
  groq: "GROQ_API_KEY",
  cerebras: "CEREBRAS_API_KEY",
  xai: "XAI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  "vercel-ai-gateway": "AI_GATEWAY_API_KEY",
  zai: "ZAI_API_KEY",
  mistral: "MISTRAL_API_KEY",
  minimax: "MINIMAX_API_KEY",
  moonshotai: "MOONSHOT_API_KEY",
  huggingface: "HF_TOKEN",
  fireworks: "FIREWORKS_API_KEY",
  opencode: "OPENCODE_API_KEY",
  "kimi-coding": "KIMI_API_KEY",
  "github-copilot": "COPILOT_GITHUB_TOKEN",
}

export function envVarFor(provider: string): string | undefined {
  return ENV_KEYS[provider]
}

/** Pi's agent holds a placeholder "unknown" model when none is configured: treat it as none. */
export function realModel(m: Model<Api> | undefined): Model<Api> | undefined {
  return !m || (m.provider === "unknown" && m.id === "unknown") ? undefined : m
}

export function modelRef(m: Model<Api>): ModelRef {
  return { provider: m.provider, id: m.id, name: m.name, contextWindow: m.contextWindow, reasoning: m.reasoning }
}

export function modelInfo(m: Model<Api>, registry: ModelRegistry): ModelInfo {
  return {
    provider: m.provider,
    id: m.id,
    name: m.name,
    available: registry.hasConfiguredAuth(m),
    reasoning: m.reasoning,
    contextWindow: m.contextWindow,
  }
}

/** "provider/id" (the id may itself hold slashes), or a bare id when only one provider has it. */
export function resolveModel(registry: ModelRegistry, ref: string): Model<Api> {
  const slash = ref.indexOf("/")
  const all = registry.getAll()
  if (slash > 0) {
    const found = registry.find(ref.slice(0, slash), ref.slice(slash + 1))
    if (found) return found
  } else {
    const byId = all.filter((m) => m.id === ref)
    if (byId.length === 1) return byId[0]!
    if (byId.length > 1)
      throw new ProtocolError("bad_request", `Model "${ref}" exists at several providers: ${byId.map(key).join(", ")}`)
  }
  const near = closeMatches(ref, all.map(key))
  throw new ProtocolError(
    "bad_request",
    `Unknown model "${ref}".` +
      (near.length ? ` Close matches: ${near.join(", ")}` : " /model in the window lists the models"),
  )
}

function key(m: Model<Api>): string {
  return `${m.provider}/${m.id}`
}

export function closeMatches(query: string, candidates: string[], limit = 5): string[] {
  const q = query.toLowerCase()
  const bare = q.slice(q.indexOf("/") + 1)
  return candidates
    .map((c) => {
      const l = c.toLowerCase()
      const id = l.slice(l.indexOf("/") + 1)
      const score = id === bare ? 0 : l.includes(bare) || bare.includes(id) ? 1 : 2 + distance(bare, id)
      return { c, score }
    })
    .filter((x) => x.score <= 2 + Math.max(2, Math.floor(bare.length / 4)))
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((x) => x.c)
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]!
}

/** What to tell the person when no model can answer; undefined when one can. */
export function authHint(current: Model<Api> | undefined, registry: ModelRegistry): string | undefined {
  const model = realModel(current)
  if (model) {
    if (registry.hasConfiguredAuth(model)) return undefined
    const env = envVarFor(model.provider)
    return `No credentials for ${model.provider}: run /login${env ? ` or set ${env}` : ""}.`
  }
  // A models.json that does not load loses its providers: that, not signing in, is the thing to fix.
  const broken = registry.getError()
  if (broken) {
    const file = /File: (.+)$/.exec(broken)?.[1]?.trim() ?? "models.json"
    const reason = broken
      .replace(/\s*File: .+$/, "")
      .replace(/\s*\n\s*/g, " ")
      .trim()
    return `${file} could not be read (${reason}): fix it, or run /login, then pick a model with /model.`
  }
  if (registry.getAvailable().length > 0) return "No model selected: pick one with /model."
  return "No model is signed in: run /login, or set an API key such as ANTHROPIC_API_KEY or OPENAI_API_KEY, then pick a model with /model."
}

/**
 * Subscription providers that take an API key as well. Pi's /login offers a key for a sign-in
 * provider only when it is in its table of key providers (not exported); of the sign-ins pi-ai
 * ships, that is Anthropic alone (openai-codex and github-copilot are subscription-only).
 */
const KEY_AND_SUBSCRIPTION = new Set(["anthropic"])

export function authStatus(auth: AuthStorage, registry: ModelRegistry): ProviderAuth[] {
  const oauth = new Set(auth.getOAuthProviders().map((p) => p.id as string))
  const providers = new Set<string>([...registry.getAll().map((m) => m.provider), ...oauth])
  return [...providers].sort().map((provider) => {
    const name = registry.getProviderDisplayName(provider)
    const entry: ProviderAuth = {
      provider,
      hasAuth: registry.getProviderAuthStatus(provider).configured,
      oauth: oauth.has(provider),
      apiKey: !oauth.has(provider) || KEY_AND_SUBSCRIPTION.has(provider),
    }
    if (name !== provider) entry.name = name
    const env = envVarFor(provider)
    if (env) entry.envVar = env
    return entry
  })
}
