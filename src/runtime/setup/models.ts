// Model lookup, sign-in hints and provider auth status over Pi's ModelRuntime.
import type { Api, Model } from "@earendil-works/pi-ai"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type ModelInfo, type ModelRef, type ProviderAuth } from "../../protocol/index"

/** The env var pi-ai reads for a provider's key (mirrors pi-ai's own table, which it does not export). */
export const ENV_KEYS: Record<string, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  azure: "AZURE_OPENAI_API_KEY",
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

export function modelInfo(m: Model<Api>, runtime: ModelRuntime): ModelInfo {
  return {
    provider: m.provider,
    id: m.id,
    name: m.name,
    available: runtime.hasConfiguredAuth(m.provider),
    reasoning: m.reasoning,
    contextWindow: m.contextWindow,
  }
}

/** "provider/id" (the id may itself hold slashes), or a bare id when only one provider has it. */
export function resolveModel(runtime: ModelRuntime, ref: string): Model<Api> {
  const slash = ref.indexOf("/")
  const all = runtime.getModels()
  if (slash > 0) {
    const found = runtime.getModel(ref.slice(0, slash), ref.slice(slash + 1))
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
      (near.length
        ? ` Close matches: ${near.join(", ")}`
        : " `xagent --list-models` lists the models (/model in the window)"),
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
export function authHint(current: Model<Api> | undefined, runtime: ModelRuntime): string | undefined {
  const model = realModel(current)
  if (model) {
    if (runtime.hasConfiguredAuth(model.provider)) return undefined
    const env = envVarFor(model.provider)
    return `No credentials for ${model.provider}: run /login${env ? ` or set ${env}` : ""}.`
  }
  // A models.json that does not load loses its providers: that, not signing in, is the thing to fix.
  const broken = runtime.getError()
  if (broken) {
    const file = /File: (.+)$/.exec(broken)?.[1]?.trim() ?? "models.json"
    const reason = broken
      .replace(/\s*File: .+$/, "")
      .replace(/\s*\n\s*/g, " ")
      .trim()
    return `${file} could not be read (${reason}): fix it, or run /login, then pick a model with /model.`
  }
  if (runtime.getAvailableSnapshot().length > 0) return "No model selected: pick one with /model."
  return "No model is signed in: run /login, or set an API key such as ANTHROPIC_API_KEY or OPENAI_API_KEY, then pick a model with /model."
}

export function authStatus(runtime: ModelRuntime): ProviderAuth[] {
  return runtime
    .getProviders()
    .map((p): ProviderAuth => {
      const { oauth, apiKey } = p.auth
      // A sign-in provider is named by its subscription ("Anthropic (Claude Pro/Max)"), as Pi's /login does.
      const name = oauth?.name ?? p.name
      const entry: ProviderAuth = {
        provider: p.id,
        hasAuth: runtime.getProviderAuthStatus(p.id).configured,
        oauth: !!oauth,
        // Ambient-only key providers (environment, AWS profiles) have no key to type in.
        apiKey: !!apiKey?.login,
      }
      if (name !== p.id) entry.name = name
      const env = envVarFor(p.id)
      if (env) entry.envVar = env
      return entry
    })
    .sort((a, b) => a.provider.localeCompare(b.provider))
}

/**
 * Saves an API key in Pi's auth.json as Pi's /login does: through the provider's own API-key
 * login, its key prompt answered with the key. A login that asks for more (Cloudflare's account
 * id, Bedrock's method) is refused before anything is written.
 */
export async function storeApiKey(runtime: ModelRuntime, provider: string, key: string): Promise<void> {
  let answered = false
  await runtime.login(provider, "api_key", {
    prompt: async (p) => {
      if (p.type !== "secret" || answered)
        throw new ProtocolError("bad_request", `${provider} asks for more than a key ("${p.message}"): use pi's /login`)
      answered = true
      return key
    },
    notify: () => {},
  })
}
