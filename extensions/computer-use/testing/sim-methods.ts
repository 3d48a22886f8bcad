// What each tool does on the simulated desktop. Observations read SimDesktop; actions record an
// effect first (from there a failure's effect is unknown) and answer `sent` with fresh evidence.
import type { CallContext, CallResult } from "../backend"
import { ComputerError } from "../protocol"
import type { SimBackend } from "./sim-backend"
import { sleep } from "./sim-backend"
import { valueOf } from "./sim-desktop"

type P = Record<string, unknown>
const str = (v: unknown) => (typeof v === "string" ? v : undefined)

export async function simMethod(b: SimBackend, method: string, p: P, ctx: CallContext): Promise<CallResult> {
  const d = b.d
  const targetOf = (p: P) => (typeof p.elementId === "string" ? d.element(p.elementId) : { win: d.window(p) })
  switch (method) {
    case "list_windows": {
      const wins = b.s.windows.filter(
        (w) =>
          (!p.title || w.title.toLowerCase().includes(String(p.title).toLowerCase())) &&
          (!p.process || w.process.toLowerCase() === String(p.process).toLowerCase()),
      )
      const windows = wins.map((w) => ({
        windowRef: d.refOf(w),
        hwnd: w.hwnd,
        pid: w.pid,
        title: w.title,
        bounds: w.bounds,
        dpi: 96,
        minimized: !!w.minimized,
        foreground: d.z[0] === w.hwnd,
      }))
      const text = windows.map((w) => `${w.windowRef} "${w.title}" pid ${w.pid}${w.foreground ? " (foreground)" : ""}`)
      return {
        text: text.join("\n") || "No windows match",
        data: { windows, monitors: [{ bounds: [0, 0, 1920, 1080], dpi: 96, primary: true }] },
        verification: "observed",
      }
    }
    case "snapshot":
    case "accessibility_tree": {
      const win = d.window(p)
      const ref = d.refOf(win)
      const max = typeof p.maxNodes === "number" ? p.maxNodes : 200
      const { text, truncated } = d.outline(win, max)
      const image =
        method === "snapshot" ? { base64: b.png(32, 20), mimeType: "image/png", width: 32, height: 20 } : undefined
      return {
        text: `${ref} "${win.title}"\n${text}`,
        data: { truncated, origin: [0, 0], imageScale: 1 },
        image,
        verification: "observed",
        windowRef: ref,
      }
    }
    case "find_elements": {
      const win = d.window(p)
      const ids: string[] = []
      d.walk(win, (el, path) => {
        if (
          (!p.name || el.name === p.name) &&
          (!p.role || el.role === p.role) &&
          (!p.automationId || el.automationId === p.automationId) &&
          (!p.text || el.name.includes(String(p.text)))
        )
          ids.push(`${d.elementId(win, path)} ${el.role} "${el.name}"`)
      })
      return {
        text: ids.join("\n") || "No elements match",
        data: { count: ids.length },
        verification: ids.length ? "observed" : "inconclusive",
        windowRef: d.refOf(win),
      }
    }
    case "element_info": {
      const { el } = d.element(String(p.elementId))
      return {
        text: `${el!.role} "${el!.name}"${valueOf(el!)} bounds ${el!.bounds.join(",")}`,
        data: {
          role: el!.role,
          name: el!.name,
          value: el!.password ? "[redacted]" : el!.value,
          bounds: el!.bounds,
          patterns: ["Invoke", "Value"],
        },
        verification: "observed",
      }
    }
    case "screenshot":
    case "ocr": {
      const win = p.windowRef || p.hwnd || p.title || p.pid ? d.window(p) : undefined
      if (win?.minimized && p.windowOnly)
        throw new ComputerError("TARGET_NOT_FOUND", `"${win.title}" is minimized: a window-only capture refuses it`)
      if (method === "screenshot") {
        const [w, h] = [40, 24]
        return {
          text: `Captured ${win ? `"${win.title}"` : "the desktop"} (screen copy)`,
          data: { method: "screen-copy", origin: [0, 0], imageScale: 1 },
          image: { base64: b.png(w, h), mimeType: "image/png", width: w, height: h },
          verification: "observed",
          windowRef: win ? d.refOf(win) : undefined,
        }
      }
      const words: string[] = []
      for (const w of win ? [win] : b.s.windows)
        d.walk(w, (el) => void words.push(`${el.name} @${el.bounds.join(",")}`))
      const q = str(p.query)
      const hits = q ? words.filter((w) => w.includes(q)) : words
      return {
        text: hits.join("\n") || `"${q}" not read on screen (not proof it is absent)`,
        verification: hits.length ? "observed" : "inconclusive",
      }
    }
    case "wait": {
      const title = str(p.windowTitle)
      const seen = () => b.s.windows.some((w) => title && w.title.includes(title))
      const timeout = typeof p.timeoutMs === "number" ? p.timeoutMs : 0
      const until = Date.now() + timeout
      while (!seen() && Date.now() < until) await sleep(Math.min(20, until - Date.now()), ctx.signal)
      return {
        text: seen() ? `Observed a window titled "${title}"` : "Timed out without seeing it",
        verification: seen() ? "observed" : "inconclusive",
      }
    }
    case "invoke":
    case "set_value":
    case "focus": {
      const t = targetOf(p)
      b.effect(method, p, ctx)
      if (method === "set_value" && t.el) t.el.value = String(p.value ?? "")
      if (method === "focus") d.focused = str(p.elementId)
      return { text: `${method} sent\n${d.outline(t.win).text}`, verification: "sent", windowRef: d.refOf(t.win) }
    }
    case "activate_window":
    case "manage_window": {
      const win = d.window(p)
      const before = d.z[0]
      b.effect(method, p, ctx)
      if (method === "activate_window" || p.action === "restore") d.foreground(win)
      if (p.action === "minimize") win.minimized = true
      return {
        text: `${method} sent; foreground before ${before}, after ${d.z[0]}`,
        data: { before, after: d.z[0] },
        verification: "sent",
        windowRef: d.refOf(win),
      }
    }
    case "open":
      b.effect(method, p, ctx)
      return { text: `Asked Windows to open ${str(p.target)}`, verification: "sent" }
    default:
      return physical(b, method, p, ctx)
  }
}

async function physical(b: SimBackend, method: string, p: P, ctx: CallContext): Promise<CallResult> {
  if (typeof p.elementId === "string") b.d.element(p.elementId)
  else if (p.windowRef || p.hwnd || p.title || p.pid) b.d.window(p)
  b.effect(method, p, ctx)
  const hold = typeof p.holdMs === "number" ? p.holdMs : 0
  // Input is held for the hold and let go of on every way out (the native helper's finally).
  await b.hold(hold, ctx.signal)
  if (method === "type_text" && b.d.focused) {
    const { el } = b.d.element(b.d.focused)
    if (el) el.value = (el.value ?? "") + String(p.text ?? "")
  }
  return { text: `${method} sent`, verification: "sent" }
}
