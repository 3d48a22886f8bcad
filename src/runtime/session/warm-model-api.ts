// Loads a model's API module ahead of the first prompt. Pi's providers load their SDK on first
// use (openai-completions: the `openai` package), and that import ran on the host's one thread
// between Enter and the model request: 60–100 ms of every session's first reply. A window that
// has drawn a session will most likely prompt it, so the import runs once the first window has
// its view, while the person types. Pi's own lazy loader then finds the module in the cache.
import type { Api, KnownApi } from "@earendil-works/pi-ai"

/** Pi's built-in APIs, each `@earendil-works/pi-ai/api/<name>` (a new one fails the typecheck here). */
const BUILT_IN: Record<KnownApi, true> = {
  "openai-completions": true,
  "mistral-conversations": true,
  "openai-responses": true,
  "azure-openai-responses": true,
  "openai-codex-responses": true,
  "anthropic-messages": true,
  "bedrock-converse-stream": true,
  "google-generative-ai": true,
  "google-vertex": true,
  "pi-messages": true,
}

const loads = new Map<string, Promise<unknown>>()

/**
 * Starts loading `api`'s module after the current work (never before what the caller is about
 * to send); an extension's own API, or one already loading, is left alone. Resolves once loaded
 * (or failed: the prompt then reports what is wrong, as it would have).
 */
export function warmModelApi(api: Api | undefined): Promise<unknown> {
  if (!api || !Object.hasOwn(BUILT_IN, api)) return Promise.resolve()
  let load = loads.get(api)
  if (!load) {
    load = new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => import(`@earendil-works/pi-ai/api/${api}`))
      .catch(() => undefined)
    loads.set(api, load)
  }
  return load
}
