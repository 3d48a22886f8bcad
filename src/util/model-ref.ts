// `provider/id` model references. The id may itself hold slashes (openrouter/anthropic/claude-x).

export interface ParsedModelRef {
  provider: string
  id: string
}

export function parseModelRef(ref: string): ParsedModelRef | undefined {
  if (/\s/.test(ref)) return undefined
  const slash = ref.indexOf("/")
  if (slash <= 0 || slash === ref.length - 1) return undefined
  return { provider: ref.slice(0, slash), id: ref.slice(slash + 1) }
}
