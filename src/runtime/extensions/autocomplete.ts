// The extensions' completion providers (ctx.ui.addAutocompleteProvider). Each factory wraps the
// one before it, as in Pi's editor; under them all is a provider that offers nothing, since the
// window completes `/` commands and `@` paths itself. Their suggestions go to the window as the
// edits their applyCompletion makes, so a provider's own way of inserting an item is kept.
import type { AutocompleteItem, AutocompleteProvider } from "@earendil-works/pi-tui"
import type { CompletionItem } from "../../protocol/index"

export type AutocompleteFactory = (current: AutocompleteProvider) => AutocompleteProvider

/** Completions shown at most; the window's popup shows a few rows anyway. */
const MAX_ITEMS = 50
const TIMEOUT_MS = 2_000

const NOTHING: AutocompleteProvider = {
  getSuggestions: async () => null,
  applyCompletion: (lines, cursorLine, cursorCol, item, prefix) => {
    const line = lines[cursorLine] ?? ""
    const start = Math.max(0, cursorCol - prefix.length)
    const next = [...lines]
    next[cursorLine] = line.slice(0, start) + item.value + line.slice(cursorCol)
    return { lines: next, cursorLine, cursorCol: start + item.value.length }
  },
}

export function chainProviders(factories: readonly AutocompleteFactory[]): AutocompleteProvider | undefined {
  if (!factories.length) return undefined
  return factories.reduce<AutocompleteProvider>((current, wrap) => wrap(current), NOTHING)
}

export async function complete(
  provider: AutocompleteProvider | undefined,
  text: string,
  cursor: number,
): Promise<CompletionItem[]> {
  if (!provider) return []
  const at = Math.min(cursor, text.length)
  const lines = text.split("\n")
  const before = text.slice(0, at).split("\n")
  const cursorLine = before.length - 1
  const cursorCol = before.at(-1)!.length
  const found = await provider.getSuggestions(lines, cursorLine, cursorCol, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!found?.items.length) return []
  return found.items
    .slice(0, MAX_ITEMS)
    .map((item) => asEdit(provider, text, at, lines, cursorLine, cursorCol, item, found.prefix))
}

/**
 * The provider's result for one item, as the one range of `text` it changes; the range holds the
 * cursor (`at`), which is where the window's editor makes the change.
 */
function asEdit(
  provider: AutocompleteProvider,
  text: string,
  at: number,
  lines: string[],
  cursorLine: number,
  cursorCol: number,
  item: AutocompleteItem,
  prefix: string,
): CompletionItem {
  const after = provider.applyCompletion(lines, cursorLine, cursorCol, item, prefix).lines.join("\n")
  let start = 0
  while (start < at && start < after.length && text[start] === after[start]) start++
  let tail = 0
  while (tail < text.length - at && tail < after.length - start && text.at(-1 - tail) === after.at(-1 - tail)) tail++
  const out: CompletionItem = {
    label: item.label ?? item.value,
    start,
    end: text.length - tail,
    insert: after.slice(start, after.length - tail),
  }
  if (item.description) out.description = item.description
  return out
}
