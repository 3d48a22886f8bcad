// The semantic transcript both programs are reduced to: what a person reads in the scrollback,
// without either program's layout. Two transcripts agree when these lists are equal.

export type Item =
  | { kind: "user"; text: string }
  | { kind: "text"; text: string }
  | { kind: "thinking" }
  | { kind: "tool"; name: string; arg: string; out: Outline }
  /** A notice about the run: `aborted`, or `error: <first words of the message>`. */
  | { kind: "notice"; text: string }

/** One line per item, for comparing and for failure messages a person can read. */
export function show(item: Item): string {
  switch (item.kind) {
    case "user":
      return `user: ${item.text}`
    case "text":
      return `text: ${item.text}`
    case "thinking":
      return "thinking"
    case "tool":
      return `tool: ${item.name} ${item.arg}${showOutline(item.out)}`
    case "notice":
      return `notice: ${item.text}`
  }
}

/** Whitespace collapsed, so each program's own wrapping and indent disappear. */
export const squash = (s: string) => s.replace(/\s+/g, " ").trim()

/**
 * A text block as words: fence lines (```lang), heading marks and the box characters either
 * program draws beside code and quotes are layout, not text.
 */
export function textOf(lines: string[]): string {
  return squash(
    lines
      .filter((l) => !/^\s*```/.test(l))
      .map((l) => l.replace(/^\s*[│┃]\s?/, "").replace(/^\s*#{1,6}\s/, ""))
      .join(" "),
  )
}

/** The paths of one run's sandbox differ between runs: both sides write `<root>` for them. */
export function unroot(s: string, root: string): string {
  return s.split(root).join("<root>")
}

/**
 * A tool's result as its first and last lines; a program that shows only the end of a long result
 * (or only its start) has no first (or last) line to compare.
 */
export interface Outline {
  first?: string
  last?: string
}

/** `cut`: where the program left lines out (`start`: it shows the end; `end`: the start). */
export function outline(body: string[], cut?: "start" | "end"): Outline {
  const lines = body.map(squash).filter(Boolean)
  if (!lines.length) return {}
  return { first: cut === "start" ? undefined : lines[0], last: cut === "end" ? undefined : lines.at(-1) }
}

const isEmpty = (o: Outline) => o.first === undefined && o.last === undefined

/** Equal where both show a line; nothing shown only matches nothing shown. */
export function sameOutline(a: Outline, b: Outline): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b)
  let compared = false
  for (const k of ["first", "last"] as const) {
    if (a[k] === undefined || b[k] === undefined) continue
    if (a[k] !== b[k]) return false
    compared = true
  }
  return compared
}

function showOutline(o: Outline): string {
  if (isEmpty(o)) return ""
  if (o.first !== undefined && o.first === o.last) return ` → ${o.first}`
  return ` → ${o.first ?? "[…]"} … ${o.last ?? "[…]"}`
}

/** The same item, as a person would read it on either screen. */
export function sameItem(a: Item, b: Item): boolean {
  if (a.kind === "tool" && b.kind === "tool") return a.name === b.name && a.arg === b.arg && sameOutline(a.out, b.out)
  return show(a) === show(b)
}

/** Consecutive text lines of one reply are one block, however the program split its paragraphs. */
export function mergeText(items: Item[]): Item[] {
  const out: Item[] = []
  for (const it of items) {
    const prev = out.at(-1)
    if (it.kind === "text" && prev?.kind === "text") prev.text = squash(`${prev.text} ${it.text}`)
    else out.push(it)
  }
  return out.filter((it) => it.kind !== "text" || it.text !== "")
}
