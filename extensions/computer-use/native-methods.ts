// What each tool does on Windows, through the helpers: observations from the capture and UIA
// helpers, quiet actions through UIA, window state through the capture helper's window calls,
// physical input through the input helper (which lets go of everything in its `finally`).
import type { CallContext, CallResult } from "./backend"
import type { NativeBackend, WindowTarget } from "./native-backend"
import { ComputerError } from "./protocol"

type P = Record<string, unknown>
interface UiaNode {
  runtimeId: string
  role: string
  name: string
  value?: string | null
  bounds: number[]
  children?: UiaNode[]
}
interface Image {
  base64: string
  width: number
  height: number
  origin: number[]
  imageScale: number
  method: string
}

const elementId = (t: WindowTarget, rid: string) => `e${t.ref.slice(1)}.${rid}`
const runtimeIdOf = (id: string) => id.split(".").slice(3).join(".")

function outline(t: WindowTarget, n: UiaNode, depth = 0, out: string[] = []): string[] {
  const value = n.value === undefined || n.value === null ? "" : ` value="${n.value}"`
  out.push(`${"  ".repeat(depth)}[${elementId(t, n.runtimeId)}] ${n.role} "${n.name}"${value}`)
  for (const c of n.children ?? []) outline(t, c, depth + 1, out)
  return out
}

function need(t: WindowTarget | undefined): WindowTarget {
  if (!t) throw new ComputerError("INVALID_PARAMS", "This needs a target: windowRef (preferred), hwnd, pid or title")
  return t
}

export async function nativeCall(b: NativeBackend, method: string, p: P, ctx: CallContext): Promise<CallResult> {
  const uia = b.helper("uia")
  const cap = b.helper("capture")
  const sig = ctx.signal
  const tree = async (t: WindowTarget, extra: P = {}) =>
    uia.request<{ tree: UiaNode; truncated: boolean }>("tree", { hwnd: t.hwnd, depth: 8, maxNodes: 200, ...extra }, sig)
  const capture = (t: WindowTarget | undefined, extra: P) =>
    cap.request<Image>("capture", { ...(t ? { hwnd: t.hwnd } : {}), ...extra }, sig)
  const image = (i: Image) => ({ base64: i.base64, mimeType: "image/png", width: i.width, height: i.height })
  const elementTarget = async () => {
    const t = need(await b.target(p))
    const rid = runtimeIdOf(String(p.elementId))
    return { t, rid }
  }

  switch (method) {
    case "list_windows": {
      type Listed = { hwnd: number; marker: number; title: string; pid: number; foreground: boolean }
      const r = await cap.request<{ windows: Listed[]; monitors: unknown[] }>("list", p, sig)
      const windows = r.windows.map(({ marker, ...w }) => ({ windowRef: b.refFor(w.hwnd, marker), ...w }))
      const text = windows.map((w) => `${w.windowRef} "${w.title}" pid ${w.pid}${w.foreground ? " (foreground)" : ""}`)
      return {
        text: text.join("\n") || "No windows match",
        data: { windows, monitors: r.monitors },
        verification: "observed",
      }
    }
    case "snapshot": {
      const t = need(await b.target(p))
      const [tr, img] = [await tree(t), await capture(p.captureWindow ? t : undefined, { maxWidth: p.maxWidth })]
      return {
        text: [`${t.ref}`, ...outline(t, tr.tree)].join("\n"),
        data: { truncated: tr.truncated, origin: img.origin, imageScale: img.imageScale },
        image: image(img),
        verification: "observed",
        windowRef: t.ref,
      }
    }
    case "accessibility_tree": {
      const t = need(await b.target(p))
      const extra = typeof p.rootElementId === "string" ? { runtimeId: runtimeIdOf(p.rootElementId) } : {}
      const tr = await tree(t, { ...extra, depth: p.depth ?? 12, maxNodes: p.maxNodes ?? 400 })
      return {
        text: outline(t, tr.tree).join("\n"),
        data: { truncated: tr.truncated },
        verification: "observed",
        windowRef: t.ref,
      }
    }
    case "find_elements": {
      const t = need(await b.target(p))
      const r = await uia.request<{ elements: UiaNode[] }>(
        "find",
        { hwnd: t.hwnd, name: p.name, role: p.role, automationId: p.automationId, text: p.text },
        sig,
      )
      const lines = r.elements.map((e) => `${elementId(t, e.runtimeId)} ${e.role} "${e.name}"`)
      return {
        text: lines.join("\n") || "No elements match",
        verification: lines.length ? "observed" : "inconclusive",
        windowRef: t.ref,
      }
    }
    case "element_info": {
      const { t, rid } = await elementTarget()
      const n = await uia.request<UiaNode>("info", { hwnd: t.hwnd, runtimeId: rid }, sig)
      return {
        text: outline(t, { ...n, children: [] })[0]!,
        data: n as unknown as P,
        verification: "observed",
        windowRef: t.ref,
      }
    }
    case "screenshot": {
      const t = await b.target(p)
      const img = await capture(t, { windowOnly: p.windowOnly === true, maxWidth: p.maxWidth })
      return {
        text: `Captured ${t ? t.ref : "the desktop"} (${img.method})`,
        data: { method: img.method, origin: img.origin, imageScale: img.imageScale },
        image: image(img),
        verification: "observed",
        windowRef: t?.ref,
      }
    }
    case "ocr": {
      const t = await b.target(p)
      const img = await capture(t, { maxWidth: 4096 })
      const r = await b
        .helper("ocr")
        .request<{ lines: { text: string; bounds: number[] }[] }>("read", { png: img.base64 }, sig)
      const q = typeof p.query === "string" ? p.query : undefined
      const hits = r.lines.filter((l) => !q || l.text.includes(q))
      const text = hits
        .map((l) => `${l.text} @${l.bounds.map((v) => Math.round(v / img.imageScale)).join(",")}`)
        .join("\n")
      return {
        text: text || `"${q}" was not read on screen (not proof it is absent)`,
        verification: hits.length ? "observed" : "inconclusive",
      }
    }
    case "wait": {
      const until = Date.now() + Number(p.timeoutMs ?? 0)
      const title = String(p.windowTitle ?? "")
      for (;;) {
        const r = await cap.request<{ windows: unknown[] }>("list", { title }, sig)
        if (r.windows.length) return { text: `Observed a window titled "${title}"`, verification: "observed" }
        if (Date.now() >= until) return { text: "Timed out without seeing it", verification: "inconclusive" }
        await new Promise((r) => setTimeout(r, 250))
        if (sig.aborted) throw sig.reason
      }
    }
    case "invoke":
    case "set_value":
    case "focus": {
      const { t, rid } = await elementTarget()
      ctx.markEffect()
      await uia.request(method, { hwnd: t.hwnd, runtimeId: rid, value: p.value }, sig)
      // Fresh evidence, without a retry if it fails: the action went out either way.
      const fresh = await tree(t).then(
        (tr) => outline(t, tr.tree).join("\n"),
        (e) => `(no fresh outline: ${String(e)})`,
      )
      return { text: `${method} sent\n${fresh}`, verification: "sent", windowRef: t.ref }
    }
    case "activate_window":
    case "manage_window": {
      const t = need(await b.target(p))
      ctx.markEffect()
      const r = await cap.request(method === "activate_window" ? "activate" : "manage", { ...p, hwnd: t.hwnd }, sig)
      return { text: `${method} sent: ${JSON.stringify(r)}`, data: r, verification: "sent", windowRef: t.ref }
    }
    case "open":
      ctx.markEffect()
      await cap.request("open", { target: p.target }, sig)
      return { text: `Asked Windows to open ${String(p.target)}`, verification: "sent" }
    default: {
      const at: P = { ...p }
      if (typeof p.elementId === "string") {
        const { t, rid } = await elementTarget()
        const n = await uia.request<UiaNode>("info", { hwnd: t.hwnd, runtimeId: rid }, sig)
        if (n.bounds.length !== 4) throw new ComputerError("TARGET_NOT_FOUND", "The element has no bounds on screen")
        at.x = Math.round((n.bounds[0]! + n.bounds[2]!) / 2)
        at.y = Math.round((n.bounds[1]! + n.bounds[3]!) / 2)
      }
      ctx.markEffect()
      await b.helper("input").request(method, at, sig)
      return { text: `${method} sent`, verification: "sent" }
    }
  }
}
