// Pi's keybindings file (`<agent dir>/keybindings.json`, docs/keybindings.md of Pi): action ids
// mapped to one key or a list (`[]` turns the action off). Read here, without Pi, so the window
// can honour it. A file that cannot be used is reported and changes nothing; one bad entry is
// reported and only that entry is skipped. The file is only ever read.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expandHome, homeDir } from "./paths"

type Env = Record<string, string | undefined>

export interface PiKeybindings {
  /** Action id → the keys the person gave it, as written (`ctrl+shift+p`). */
  bindings: Record<string, string[]>
  /** What could not be used, for the person to fix; absent when all of it applied. */
  notice?: string
  path: string
}

/** Pi's older action names (before `tui.`/`app.` ids) that name actions xagent has. */
const LEGACY: Record<string, string> = {
  cursorUp: "tui.editor.cursorUp",
  cursorDown: "tui.editor.cursorDown",
  cursorLeft: "tui.editor.cursorLeft",
  cursorRight: "tui.editor.cursorRight",
  cursorWordLeft: "tui.editor.cursorWordLeft",
  cursorWordRight: "tui.editor.cursorWordRight",
  cursorLineStart: "tui.editor.cursorLineStart",
  cursorLineEnd: "tui.editor.cursorLineEnd",
  deleteCharBackward: "tui.editor.deleteCharBackward",
  deleteCharForward: "tui.editor.deleteCharForward",
  deleteWordBackward: "tui.editor.deleteWordBackward",
  deleteWordForward: "tui.editor.deleteWordForward",
  deleteToLineStart: "tui.editor.deleteToLineStart",
  deleteToLineEnd: "tui.editor.deleteToLineEnd",
  undo: "tui.editor.undo",
  newLine: "tui.input.newLine",
  submit: "tui.input.submit",
  interrupt: "app.interrupt",
  clear: "app.clear",
  exit: "app.exit",
  cycleModelForward: "app.model.cycleForward",
  cycleModelBackward: "app.model.cycleBackward",
  expandTools: "app.tools.expand",
  toggleThinking: "app.thinking.toggle",
  dequeue: "app.message.dequeue",
  pasteImage: "app.clipboard.pasteImage",
}

const MODIFIERS = new Set(["ctrl", "shift", "alt", "super"])
const NAMED = new Set(
  [
    ...["escape", "esc", "enter", "return", "tab", "space", "backspace", "delete", "insert", "clear"],
    ...["home", "end", "pageup", "pagedown", "up", "down", "left", "right"],
    ...Array.from({ length: 12 }, (_, i) => `f${i + 1}`),
  ].map((k) => k.toLowerCase()),
)

/** Pi's key syntax: `modifier+key`, each modifier once, the key a letter, digit, symbol or name. */
export function isPiKeyId(id: string): boolean {
  const lower = id.toLowerCase()
  const key = lower.endsWith("++") ? "+" : lower.split("+").pop()!
  const mods = lower
    .slice(0, lower.length - key.length)
    .split("+")
    .filter(Boolean)
  if (new Set(mods).size !== mods.length || !mods.every((m) => MODIFIERS.has(m))) return false
  return NAMED.has(key) || /^[a-z0-9]$/.test(key) || /^[`\-=[\]\\;',./!@#$%^&*()_+|~{}:<>?]$/.test(key)
}

export function parsePiKeybindings(text: string, path: string): PiKeybindings {
  const refuse = (why: string): PiKeybindings => ({
    bindings: {},
    path,
    notice: `${path}: ${why}; xagent uses its default keys (the file is left as it is)`,
  })
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""))
  } catch (e) {
    return refuse(`not valid JSON (${e instanceof Error ? e.message : String(e)})`)
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return refuse("not a JSON object of action ids and keys")
  const bindings: Record<string, string[]> = {}
  const bad: string[] = []
  for (const [name, value] of Object.entries(raw)) {
    if (name === "$schema") continue
    const action = LEGACY[name] ?? name
    // The current id wins over its old name, as in Pi.
    if (action !== name && Object.hasOwn(raw, action)) continue
    const keys = typeof value === "string" ? [value] : value
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string" && isPiKeyId(k))) {
      bad.push(`${name}: ${JSON.stringify(value)}`)
      continue
    }
    bindings[action] = keys
  }
  return {
    bindings,
    path,
    notice: bad.length
      ? `${path}: ${bad.length === 1 ? "this entry is" : "these entries are"} not a key or a list of keys (Pi's syntax: ctrl+shift+x), so ${bad.length === 1 ? "its action keeps" : "their actions keep"} the default: ${bad.join("; ")}`
      : undefined,
  }
}

/**
 * xagent's keys for the actions it shares with Pi (canonical ids), before the person's file: the
 * window binds them, and the host names them in extensions' key hints (Pi's keyText/keyHint).
 * Pi's own defaults where xagent has the action (`app.session.new` has no key in Pi either).
 */
export const XAGENT_KEYS = {
  "tui.input.submit": ["enter"],
  "tui.input.newLine": ["shift+enter", "ctrl+j"],
  "tui.editor.cursorUp": ["up"],
  "tui.editor.cursorDown": ["down"],
  "tui.editor.historyPrevious": [],
  "tui.editor.historyNext": [],
  "app.interrupt": ["escape"],
  "app.clear": ["ctrl+c"],
  "app.exit": ["ctrl+d"],
  "app.model.cycleForward": ["ctrl+p"],
  "app.model.cycleBackward": ["ctrl+shift+p"],
  "app.model.select": ["ctrl+l"],
  "app.session.new": [],
  "app.thinking.toggle": ["ctrl+t"],
  "app.tools.expand": ["ctrl+o"],
  "app.message.dequeue": ["alt+up"],
  "app.clipboard.pasteImage": ["ctrl+v"],
  "tui.altScreen.pageUp": ["pageup"],
  "tui.altScreen.pageDown": ["pagedown"],
  "tui.altScreen.top": ["ctrl+home"],
  "tui.altScreen.bottom": ["ctrl+end"],
} satisfies Record<string, string[]>

/** The agent dir `pi` uses: PI_CODING_AGENT_DIR, else ~/.pi/agent. */
export function piAgentDir(env: Env = process.env): string {
  return env.PI_CODING_AGENT_DIR ? expandHome(env.PI_CODING_AGENT_DIR, env) : join(homeDir(env), ".pi", "agent")
}

export function readPiKeybindings(env: Env = process.env): PiKeybindings {
  return readPiKeybindingsIn(piAgentDir(env))
}

/** The keybindings file of the agent dir `agentDir`. */
export function readPiKeybindingsIn(agentDir: string): PiKeybindings {
  const path = join(agentDir, "keybindings.json")
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { bindings: {}, path }
    return {
      bindings: {},
      path,
      notice: `${path}: could not be read (${(e as Error).message}); xagent uses its default keys`,
    }
  }
  return parsePiKeybindings(text, path)
}
