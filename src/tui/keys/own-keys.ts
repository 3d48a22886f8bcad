// The keys the window binds itself, as canonical key ids (key-id.ts): an extension shortcut
// (`pi.registerShortcut`) on one of them is a conflict the window reports once and does not
// forward, as Pi skips extension shortcuts on its reserved keys. Held to the window's handlers
// by test/tui/extension-shortcuts.test.tsx.
import { KEYS } from "./help-list"

const PROMPT_EDITING = "editing the prompt"

const EDITING = [
  ...["left", "right", "up", "down", "home", "end", "backspace", "delete", "tab"],
  ...["ctrl+a", "ctrl+e", "ctrl+f", "ctrl+b", "ctrl+w", "ctrl+k", "ctrl+u", "ctrl+-", "ctrl+."],
  ...["ctrl+left", "ctrl+right", "ctrl+backspace", "ctrl+delete", "ctrl+shift+a", "ctrl+shift+e", "ctrl+shift+d"],
  ...["alt+a", "alt+e", "alt+b", "alt+f", "alt+d", "alt+left", "alt+right", "alt+backspace", "alt+delete"],
  ...["shift+left", "shift+right", "shift+up", "shift+down", "shift+home", "shift+end", "shift+backspace"],
  ...["shift+alt+b", "shift+alt+f", "shift+alt+a", "shift+alt+e", "super+z", "shift+super+z", "super+a"],
]

export const OWN_KEYS: ReadonlyMap<string, string> = new Map<string, string>([
  ...EDITING.map((k) => [k, PROMPT_EDITING] as [string, string]),
  ["enter", KEYS.send.help],
  ["shift+enter", KEYS.newline.help],
  ["ctrl+j", KEYS.newline.help],
  ["alt+enter", KEYS.steer.help],
  ["ctrl+enter", KEYS.steer.help],
  ["alt+up", KEYS.dequeue.help],
  ["alt+down", KEYS.followUp.help],
  ["escape", KEYS.interrupt.help],
  ["shift+tab", KEYS.planMode.help],
  ["alt+i", KEYS.planCard.help],
  ["alt+k", KEYS.planCard.help],
  ["pageup", KEYS.page.help],
  ["pagedown", KEYS.page.help],
  ["ctrl+home", KEYS.ends.help],
  ["ctrl+end", KEYS.ends.help],
  ["ctrl+p", KEYS.cycleModel.help],
  ["ctrl+shift+p", KEYS.cycleModel.help],
  ["ctrl+l", KEYS.modelSelect.help],
  ["ctrl+t", KEYS.thinking.help],
  ["ctrl+o", KEYS.tools.help],
  ["ctrl+s", KEYS.mouse.help],
  ["ctrl+c", KEYS.quit.help],
  ["ctrl+d", KEYS.eof.help],
  ["ctrl+v", KEYS.image.help],
])
