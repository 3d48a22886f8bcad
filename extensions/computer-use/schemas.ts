// The model tools' parameters (TypeBox, as Pi validates them) and what each is for. Targets are
// a windowRef from an observation (preferred) or the compat selectors; giving both kinds fails.
import { Type, type TSchema } from "typebox"

const opt = Type.Optional
const target = {
  windowRef: opt(Type.String({ description: "A window reference from list_windows or snapshot (preferred)" })),
  hwnd: opt(Type.Integer({ description: "Compat: a window handle" })),
  pid: opt(Type.Integer({ description: "Compat: a process id" })),
  title: opt(Type.String({ description: "Compat: part of a window title" })),
}
const element = {
  elementId: Type.String({ description: "An element ID from snapshot, find_elements or accessibility_tree" }),
}
const point = {
  elementId: opt(Type.String({ description: "Act on this element's centre" })),
  x: opt(Type.Number({ description: "Desktop physical pixels" })),
  y: opt(Type.Number({ description: "Desktop physical pixels" })),
}
const hold = { holdMs: opt(Type.Integer({ minimum: 0, maximum: 60_000, description: "Hold before release (ms)" })) }
const maxWidth = {
  maxWidth: opt(Type.Integer({ minimum: 64, maximum: 4096, description: "Scale the image down to this width" })),
}

export interface ToolSpec {
  description: string
  parameters: TSchema
}

export const TOOL_SPECS: Record<string, ToolSpec> = {
  list_windows: {
    description: "List the desktop's windows (windowRef, title, pid, bounds, dpi, state) and monitors.",
    parameters: Type.Object({
      title: opt(Type.String()),
      process: opt(Type.String({ description: "Process name, e.g. notepad.exe" })),
    }),
  },
  snapshot: {
    description:
      "An element outline of a window with element IDs, and an image (desktop evidence unless captureWindow).",
    parameters: Type.Object({ ...target, captureWindow: opt(Type.Boolean()), ...maxWidth }),
  },
  accessibility_tree: {
    description: "The UI Automation tree of a window (or below rootElementId), with `truncated` when cut.",
    parameters: Type.Object({
      ...target,
      rootElementId: opt(Type.String()),
      depth: opt(Type.Integer({ minimum: 1, maximum: 50 })),
      maxNodes: opt(Type.Integer({ minimum: 1, maximum: 5000 })),
    }),
  },
  find_elements: {
    description: "Find elements in a window by name, role, automationId or text; returns element IDs.",
    parameters: Type.Object({
      ...target,
      name: opt(Type.String()),
      role: opt(Type.String()),
      automationId: opt(Type.String()),
      text: opt(Type.String()),
    }),
  },
  element_info: {
    description: "Role, name, value (passwords redacted), bounds, states and patterns of one element.",
    parameters: Type.Object(element),
  },
  screenshot: {
    description: "Capture the desktop or a window (windowOnly refuses hidden or minimized windows).",
    parameters: Type.Object({ ...target, windowOnly: opt(Type.Boolean()), ...maxWidth }),
  },
  ocr: {
    description: "Read the text on screen (or in a window) with bounds; a query not read is inconclusive, not absent.",
    parameters: Type.Object({ ...target, query: opt(Type.String({ description: "Literal text to look for" })) }),
  },
  wait: {
    description: "Wait until a window titled windowTitle shows, up to timeoutMs: observed, or inconclusive.",
    parameters: Type.Object({ windowTitle: Type.String(), timeoutMs: Type.Integer({ minimum: 0, maximum: 120_000 }) }),
  },
  invoke: {
    description: "Invoke an element through UI Automation (no physical input); answers sent plus a fresh outline.",
    parameters: Type.Object(element),
  },
  set_value: {
    description: "Set an element's value through UI Automation (no physical input).",
    parameters: Type.Object({ ...element, value: Type.String() }),
  },
  focus: { description: "Give an element the keyboard focus.", parameters: Type.Object(element) },
  activate_window: { description: "Bring a window to the foreground.", parameters: Type.Object(target) },
  manage_window: {
    description: "Move, resize, minimize, restore or close a window.",
    parameters: Type.Object({
      ...target,
      action: Type.Union(["move", "resize", "minimize", "restore", "close"].map((a) => Type.Literal(a))),
      x: opt(Type.Integer()),
      y: opt(Type.Integer()),
      width: opt(Type.Integer({ minimum: 1 })),
      height: opt(Type.Integer({ minimum: 1 })),
    }),
  },
  open: {
    description: "Open a URL or a document in its default Windows app (a browser reuses its window, in a new tab).",
    parameters: Type.Object({ target: Type.String() }),
  },
  click: {
    description: "Click an element or a point with physical input (takes control; the person's Esc stops it).",
    parameters: Type.Object({
      ...point,
      ...target,
      button: opt(Type.Union([Type.Literal("left"), Type.Literal("right"), Type.Literal("middle")])),
      count: opt(Type.Integer({ minimum: 1, maximum: 3 })),
      modifiers: opt(Type.Array(Type.String())),
      ...hold,
    }),
  },
  move_pointer: { description: "Move the pointer (physical input).", parameters: Type.Object({ ...point, ...hold }) },
  drag: {
    description: "Drag from one point to another with the left button (physical input).",
    parameters: Type.Object({
      fromX: Type.Number(),
      fromY: Type.Number(),
      toX: Type.Number(),
      toY: Type.Number(),
      ...hold,
    }),
  },
  scroll: {
    description: "Scroll at a point or element (physical input); positive amounts scroll down.",
    parameters: Type.Object({ ...point, amount: Type.Integer(), horizontal: opt(Type.Boolean()) }),
  },
  type_text: {
    description: "Type Unicode text into the focused control (physical input).",
    parameters: Type.Object({ text: Type.String(), charDelayMs: opt(Type.Integer({ minimum: 0, maximum: 1000 })) }),
  },
  keypress: {
    description: "Press a chord like ctrl+s, a sequence, or a lone modifier (aliases return, del, pgup).",
    parameters: Type.Object({ keys: Type.String(), ...hold }),
  },
}
