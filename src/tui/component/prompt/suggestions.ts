// What the popup above the composer offers for the text and cursor: commands while the cursor is
// in a leading `/name`, paths while it is in an `@path` token, the session's loaded skills while it
// is in a `$name` token (only while there are any: `$5` in prose opens nothing), and elsewhere what
// the session's extensions complete (ctx.ui.addAutocompleteProvider, asked through `complete`).
import { createEffect, createMemo, createResource, createSignal, on, type Accessor } from "solid-js"
import { basename } from "node:path"
import { filterEntries, type PaletteEntry } from "../palette/palette-entry"
import type { SuggestionItem } from "../palette/suggestion-list"
import type { CompletionItem, SkillInfo } from "../../../protocol"
import { fuzzyFilter } from "../../util/fuzzy"
import { listFiles } from "../../util/file-list"

export type Trigger =
  | { kind: "command"; query: string; start: 0; end: number }
  | { kind: "file"; query: string; start: number; end: number }
  | { kind: "skill"; query: string; start: number; end: number }

export type Suggestion = SuggestionItem &
  (
    | { kind: "command"; entry: PaletteEntry }
    | { kind: "file"; path: string }
    | { kind: "skill"; name: string }
    | { kind: "extension"; edit: CompletionItem }
  )

const FILE_ROWS = 200

/**
 * The completion the cursor is in, if any; `start..end` is the token to replace. `skills`: whether
 * a `$name` token completes (the session has loaded skills).
 */
export function detectTrigger(text: string, cursor: number, skills = false): Trigger | undefined {
  if (text.startsWith("/")) {
    const space = text.search(/\s/)
    const end = space === -1 ? text.length : space
    if (cursor >= 1 && cursor <= end) return { kind: "command", query: text.slice(1, cursor), start: 0, end }
  }
  const before = text.slice(Math.max(0, cursor - 1024), cursor)
  const rest = text.slice(cursor, cursor + 1024)
  const file = /(?:^|\s)@([^\s@]*)$/.exec(before)
  if (file) {
    const after = /^[^\s[]*/.exec(rest)![0]
    return { kind: "file", query: file[1]!, start: cursor - file[1]!.length - 1, end: cursor + after.length }
  }
  const skill = skills ? /(?:^|\s)\$([^\s$]*)$/.exec(before) : null
  if (!skill) return undefined
  const after = /^[^\s$]*/.exec(rest)![0]
  return { kind: "skill", query: skill[1]!, start: cursor - skill[1]!.length - 1, end: cursor + after.length }
}

const matchingSkills = (skills: readonly SkillInfo[], query: string) => fuzzyFilter(skills, query, (k) => [k.name])

export function createSuggestions(input: {
  text: Accessor<string>
  cursor: Accessor<number>
  cwd: Accessor<string>
  commands: Accessor<PaletteEntry[]>
  /** The session's loaded skills, offered after `$`. */
  skills?: Accessor<readonly SkillInfo[]>
  /** The session's extensions' completions; undefined while none offers any. */
  complete?: Accessor<((text: string, cursor: number) => Promise<CompletionItem[]>) | undefined>
}) {
  // Esc hides the popup until the text changes.
  const [dismissed, setDismissed] = createSignal<string>()
  const trigger = createMemo(() => {
    if (dismissed() === input.text()) return undefined
    const t = detectTrigger(input.text(), input.cursor(), (input.skills?.().length ?? 0) > 0)
    // A `$word` no skill matches is the extensions' to complete (a `$VAR` of theirs), not an empty list.
    if (t?.kind === "skill" && !matchingSkills(input.skills?.() ?? [], t.query).length) return undefined
    return t
  })
  const [files] = createResource(() => (trigger()?.kind === "file" ? input.cwd() : undefined), listFiles)
  const asked = createMemo(() => {
    const complete = input.complete?.()
    const text = input.text()
    if (!complete || trigger() || !text.trim() || dismissed() === text) return undefined
    return { complete, text, cursor: input.cursor() }
  })
  const [offered] = createResource(asked, (a) => a.complete(a.text, a.cursor).catch(() => []))
  const items = createMemo<Suggestion[]>(() => {
    const t = trigger()
    // An answer for text that has changed since is not shown.
    if (!t) {
      const a = asked()
      if (!a || offered.loading) return []
      return (offered() ?? []).map((edit) => ({ kind: "extension", edit, label: edit.label, detail: edit.description }))
    }
    if (t.kind === "command") {
      const found = filterEntries(input.commands(), t.query)
      // What this session cannot run comes after what it can, greyed with the reason.
      return [...found.filter((e) => !e.unavailable), ...found.filter((e) => e.unavailable)].map((entry) => ({
        kind: "command",
        entry,
        label: "/" + entry.name,
        detail: entry.unavailable ?? entry.description,
        ...(entry.unavailable ? { dim: true } : {}),
      }))
    }
    if (t.kind === "skill") {
      const skills = matchingSkills(input.skills?.() ?? [], t.query)
      return skills.map((k) => ({ kind: "skill", name: k.name, label: "$" + k.name, detail: k.description }))
    }
    const paths = fuzzyFilter(files() ?? [], t.query, (p) => [basename(p), p], FILE_ROWS)
    return paths.map((path) => ({ kind: "file", path, label: path }))
  })
  const [selected, setSelected] = createSignal(0)
  // Whether the person moved the highlight themselves (arrows, a click) since the list last changed.
  const [chosen, setChosen] = createSignal(false)
  createEffect(
    on(items, () => {
      setSelected(0)
      setChosen(false)
    }),
  )

  return {
    trigger,
    items,
    selected,
    /** Whether the popup shows (a file query with no match still says so; a `$word` naming no skill is text). */
    visible: () => items().length > 0 || trigger()?.kind === "file",
    emptyText: () => (files.loading ? "Searching files…" : "No matching files"),
    chosen,
    move(delta: number) {
      const n = items().length
      if (!n) return
      setSelected((i) => (i + delta + n) % n)
      setChosen(true)
    },
    select(i: number) {
      setSelected(i)
      setChosen(true)
    },
    dismiss: () => setDismissed(input.text()),
  }
}
