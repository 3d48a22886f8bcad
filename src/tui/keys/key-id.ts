// Pi names keys as ids (`ctrl+shift+k`, `alt+enter`, `shift+tab`); OpenTUI hands the window key
// events. Both become one canonical id: modifiers in a fixed order, names in lower case, Pi's
// spellings of the same key made one (`return`/`enter`, `esc`/`escape`, `meta`/`alt`).

export interface KeyLike {
  name: string
  ctrl: boolean
  meta: boolean
  shift: boolean
  option?: boolean
  super?: boolean
  sequence?: string
}

const MODIFIERS = ["ctrl", "shift", "alt", "super"] as const
const MODIFIER_ALIASES: Record<string, (typeof MODIFIERS)[number]> = {
  ctrl: "ctrl",
  control: "ctrl",
  shift: "shift",
  alt: "alt",
  meta: "alt",
  option: "alt",
  super: "super",
  cmd: "super",
}
const NAME_ALIASES: Record<string, string> = { return: "enter", esc: "escape", del: "delete", spacebar: "space" }

function join(mods: Set<string>, name: string): string {
  return [...MODIFIERS.filter((m) => mods.has(m)), NAME_ALIASES[name] ?? name].join("+")
}

/** `Shift+Ctrl+U` → `ctrl+shift+u`; `pageUp` → `pageup`. */
export function canonicalKeyId(id: string): string {
  const parts = id.toLowerCase().split("+")
  // `ctrl++` is the plus key
  const name = id.endsWith("++") ? "+" : parts.pop()!
  const mods = new Set<string>()
  for (const p of parts) if (p && MODIFIER_ALIASES[p]) mods.add(MODIFIER_ALIASES[p]!)
  return join(mods, name)
}

export function keyIdOf(e: KeyLike): string {
  const mods = new Set<string>()
  if (e.ctrl) mods.add("ctrl")
  if (e.shift) mods.add("shift")
  if (e.meta || e.option) mods.add("alt")
  if (e.super) mods.add("super")
  return join(mods, e.name.toLowerCase())
}
