// Computer-use (extensions/computer-use) as the window sees it: which tools are its own, the
// status-line key, and the `details` every tool result carries, so a tool row can say the action
// and its verification and mark a capture as an attachment without reading image bytes.

export const COMPUTER_STATUS_KEY = "computer-use"

/** O observe · Q quiet act (UIA, no physical input) · F foreground/window state · X physical input. */
export type ComputerToolClass = "O" | "Q" | "F" | "X"

export const COMPUTER_TOOLS: Record<string, ComputerToolClass> = {
  list_windows: "O",
  snapshot: "O",
  accessibility_tree: "O",
  // Not `find`: that is Pi's own file search.
  find_elements: "O",
  element_info: "O",
  screenshot: "O",
  ocr: "O",
  wait: "O",
  invoke: "Q",
  set_value: "Q",
  focus: "F",
  activate_window: "F",
  manage_window: "F",
  open: "F",
  click: "X",
  move_pointer: "X",
  drag: "X",
  scroll: "X",
  type_text: "X",
  keypress: "X",
}

export function isComputerTool(name: string): boolean {
  return Object.hasOwn(COMPUTER_TOOLS, name)
}

/** `sent`: the action went out (observe again to know its outcome); `observed`: a read or a check saw it. */
export type Verification = "sent" | "observed" | "inconclusive" | "none"
/** Whether a failed or cut-off call may have acted: `unknown` means observe before acting again. */
export type Effect = "none" | "sent" | "unknown"

export interface ComputerImageMark {
  width: number
  height: number
  mimeType: string
}

export interface ComputerDetails {
  ok: boolean
  code?: string
  verification: Verification
  effect: Effect
  operationId?: string
  windowRef?: string
  warnings: string[]
  /** A capture's image (the bytes are in the result's image block, never in text). */
  image?: ComputerImageMark
}

export type ComputerState = "idle" | "owned" | "control" | "stopped" | "busy" | "unavailable"

export const COMPUTER_STATUS_TEXT: Record<ComputerState, string> = {
  idle: "computer: idle",
  owned: "computer: owned",
  control: "computer: in control (Esc stops)",
  stopped: "computer: stopped",
  busy: "computer: busy in another session",
  unavailable: "computer: unavailable",
}
