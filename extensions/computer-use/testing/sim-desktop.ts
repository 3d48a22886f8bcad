// The simulated desktop's state: windows, z-order, focus, element trees, markers and a clock that
// only moves when the test says so. References carry the worker's epoch and the window's marker
// epoch, so a ref from an earlier worker or a re-marked window is lost proof, never a guess.
import { ComputerError } from "../protocol"
import { REF_LIFETIME_MS, type Scenario, type SimElement, type SimWindow } from "./scenario"

export interface Found {
  win: SimWindow
  el?: SimElement
  path?: string
}

export class SimDesktop {
  clock: number
  readonly z: number[]
  private readonly markers = new Map<number, number>()
  private readonly issued = new Map<string, number>()
  focused: string | undefined

  constructor(
    readonly s: Scenario,
    readonly epoch: number,
  ) {
    this.clock = s.clockMs ?? 0
    this.z = s.zOrder ?? s.windows.map((w) => w.hwnd)
  }

  remark(hwnd: number) {
    this.markers.set(hwnd, (this.markers.get(hwnd) ?? 0) + 1)
  }

  refOf(win: SimWindow): string {
    const ref = `w${this.epoch}.${win.hwnd}.${this.markers.get(win.hwnd) ?? 0}`
    this.issued.set(ref, this.clock)
    return ref
  }

  elementId(win: SimWindow, path: string): string {
    return `e${this.epoch}.${win.hwnd}.${this.markers.get(win.hwnd) ?? 0}.${path}`
  }

  private byRef(ref: string, kind: "windowRef" | "elementId"): { win: SimWindow; rest: string[] } {
    const [head, hwnd, marker, ...rest] = ref.split(".")
    const epoch = Number((head ?? "").slice(1))
    if (epoch !== this.epoch)
      throw new ComputerError("STALE_REFERENCE", `${kind} ${ref} is from an earlier worker: observe again`)
    const win = this.s.windows.find((w) => w.hwnd === Number(hwnd))
    const root = `w${epoch}.${hwnd}.${marker}`
    const at = this.issued.get(root)
    if (!win || Number(marker) !== (this.markers.get(win.hwnd) ?? 0) || at === undefined)
      throw new ComputerError(
        "STALE_REFERENCE",
        `${kind} ${ref} lost its proof (the window's marker is gone): observe again`,
      )
    if (this.clock - at > REF_LIFETIME_MS)
      throw new ComputerError("STALE_REFERENCE", `${kind} ${ref} expired (5 minutes): observe again`)
    return { win, rest }
  }

  window(p: Record<string, unknown>): SimWindow {
    if (typeof p.windowRef === "string") return this.byRef(p.windowRef, "windowRef").win
    const matches = this.s.windows.filter(
      (w) =>
        (p.hwnd === undefined || w.hwnd === p.hwnd) &&
        (p.pid === undefined || w.pid === p.pid) &&
        (p.title === undefined || w.title.toLowerCase().includes(String(p.title).toLowerCase())),
    )
    if (p.hwnd === undefined && p.pid === undefined && p.title === undefined) {
      const front = this.s.windows.find((w) => w.hwnd === this.z[0])
      if (front) return front
    }
    if (!matches.length) throw new ComputerError("TARGET_NOT_FOUND", "No window matches the target")
    if (matches.length > 1)
      throw new ComputerError("TARGET_CONFLICT", `${matches.length} windows match: use a windowRef from list_windows`)
    return matches[0]!
  }

  element(id: string): Found {
    const { win, rest } = this.byRef(id, "elementId")
    const path = rest.join(".")
    let list = win.elements
    let el: SimElement | undefined
    for (const i of path.split("/")) {
      el = list[Number(i)]
      if (!el) throw new ComputerError("STALE_REFERENCE", `elementId ${id} is not in the window any more`)
      list = el.children ?? []
    }
    return { win, el, path }
  }

  walk(win: SimWindow, fn: (el: SimElement, path: string, depth: number) => void) {
    const go = (list: SimElement[], prefix: string, depth: number) =>
      list.forEach((el, i) => {
        const path = prefix ? `${prefix}/${i}` : String(i)
        fn(el, path, depth)
        go(el.children ?? [], path, depth + 1)
      })
    go(win.elements, "", 0)
  }

  outline(win: SimWindow, maxNodes = 200): { text: string; truncated: boolean } {
    const lines: string[] = []
    this.walk(win, (el, path, depth) => {
      if (lines.length < maxNodes)
        lines.push(`${"  ".repeat(depth)}[${this.elementId(win, path)}] ${el.role} "${el.name}"${valueOf(el)}`)
    })
    return { text: lines.join("\n"), truncated: lines.length >= maxNodes }
  }

  foreground(win: SimWindow) {
    const i = this.z.indexOf(win.hwnd)
    if (i >= 0) this.z.splice(i, 1)
    this.z.unshift(win.hwnd)
    win.minimized = false
  }
}

export function valueOf(el: SimElement): string {
  if (el.value === undefined) return ""
  return el.password ? ' value="••••"' : ` value="${el.value}"`
}
