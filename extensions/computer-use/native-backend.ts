// The Windows backend: the C# helpers compiled on first use (native-env.ts), all of them in one
// kill-on-close job (the job helper holds it; closing its stdin ends every helper), the ownership
// mutex, the stop helper's Esc and border, and references: a windowRef is the worker's epoch, the
// window handle and the marker property on that window, valid for 5 minutes; an element ID adds a
// UIA runtime ID. A missing or changed marker is lost proof, never a reason to guess.
import type { Backend, BackendEvents, CallContext, CallResult, Cleanup } from "./backend"
import type { HelperName } from "./helpers"
import { HelperProc } from "./native-helper"
import { nativeCall } from "./native-methods"
import { ensureHelpers, nativeEnv, type NativeEnv } from "./native-env"
import { ComputerError, type HostKind } from "./protocol"

export const REF_LIFETIME_MS = 5 * 60_000

export interface WindowTarget {
  hwnd: number
  marker: number
  ref: string
}

export class NativeBackend implements Backend {
  private env: NativeEnv
  private helpers = new Map<HelperName, HelperProc>()
  private issued = new Map<string, number>()
  private disposing = false

  constructor(
    readonly host: HostKind,
    readonly epoch: number,
    private readonly log: (line: string) => void = (l) => process.stderr.write(l + "\n"),
  ) {
    this.env = nativeEnv(host)
  }

  helper(name: HelperName): HelperProc {
    const h = this.helpers.get(name)
    if (!h) throw new ComputerError("NATIVE_HELPER_UNAVAILABLE", `The ${name} helper is not available`)
    return h
  }

  async start(events: BackendEvents) {
    const exe = ensureHelpers(this.env)
    const job = `xagent-cu-${process.pid}-${this.epoch}`
    const make = (name: HelperName, args: string[]) =>
      new HelperProc(name, exe[name], args, {
        log: (l) => this.log(l),
        event: (ev, msg) => {
          if (ev === "stopped") events.stopped(String(msg.reason ?? "the person stopped it"))
        },
        exit: (code) => {
          // Without the stop helper nobody can stop the agent: that is a stop.
          if (name === "stop" && !this.disposing) events.stopped(`the stop helper exited (${code})`)
        },
      })
    this.helpers.set("job", make("job", [job]))
    await this.helper("job").start()
    for (const name of ["owner", "input", "capture", "stop", "uia", "ocr"] as const)
      this.helpers.set(name, make(name, ["--job", job]))
    await Promise.all((["owner", "input", "capture", "stop"] as const).map((n) => this.helper(n).start()))
    const capabilities = ["capture", "input", "stop", "windows"]
    return { capabilities, helperPids: [...this.helpers.values()].map((h) => h.pid).filter((p): p is number => !!p) }
  }

  async health() {
    const listed = await this.helper("capture").request<{ windows: unknown[]; monitors: unknown[] }>("list")
    if (!listed.monitors.length)
      throw new ComputerError(
        "NO_INTERACTIVE_DESKTOP",
        "No interactive desktop in this Windows session (SSH or session 0?)",
      )
    return { host: this.host, interactive: true, windows: listed.windows.length, monitors: listed.monitors.length }
  }

  async acquire() {
    await this.helper("owner").request("acquire")
  }
  async release() {
    await this.helper("owner").request("release")
  }
  async control(active: boolean) {
    try {
      await this.helper("stop").request("control", { active })
    } catch (err) {
      // A border that cannot be shown refuses control.
      if (active)
        throw new ComputerError(
          "NATIVE_HELPER_UNAVAILABLE",
          `The border could not be shown, so control is refused: ${String(err)}`,
        )
    }
  }
  async releaseInput() {
    try {
      return (await this.helper("input").request<{ released: boolean }>("release")).released
    } catch {
      return false
    }
  }
  async preview(params: Record<string, unknown>): Promise<CallResult> {
    await this.helper("stop").request("preview", { ms: params.offscreen ? 0 : 2_000 })
    return { text: "Border shown for 2 s (unarmed)", verification: "none" }
  }

  /** A ref for a window the capture helper listed (its marker is set there). */
  refFor(hwnd: number, marker: number): string {
    const ref = `w${this.epoch}.${hwnd}.${marker}`
    this.issued.set(ref, Date.now())
    return ref
  }

  /** The window a target names, with its marker proven now. */
  async target(p: Record<string, unknown>): Promise<WindowTarget | undefined> {
    if (typeof p.windowRef === "string" || typeof p.elementId === "string") {
      const id = String(p.windowRef ?? p.elementId)
      const [head, hwnd, marker] = id.split(".")
      const ref = `w${(head ?? "").slice(1)}.${hwnd}.${marker}`
      if (Number((head ?? "").slice(1)) !== this.epoch)
        throw new ComputerError("STALE_REFERENCE", `${id} is from an earlier worker: observe again`)
      const at = this.issued.get(ref)
      if (at === undefined || Date.now() - at > REF_LIFETIME_MS)
        throw new ComputerError("STALE_REFERENCE", `${id} expired: observe again`)
      const ok = await this.helper("capture").request<{ valid: boolean }>("check", {
        hwnd: Number(hwnd),
        marker: Number(marker),
      })
      if (!ok.valid)
        throw new ComputerError(
          "STALE_REFERENCE",
          `${id} lost its proof (the window's marker is gone or denied): observe again`,
        )
      return { hwnd: Number(hwnd), marker: Number(marker), ref }
    }
    if (p.hwnd === undefined && p.pid === undefined && p.title === undefined) return undefined
    const { windows } = await this.helper("capture").request<{
      windows: { hwnd: number; pid: number; title: string; marker: number }[]
    }>("list")
    const hits = windows.filter(
      (w) =>
        (p.hwnd === undefined || w.hwnd === p.hwnd) &&
        (p.pid === undefined || w.pid === p.pid) &&
        (p.title === undefined || w.title.toLowerCase().includes(String(p.title).toLowerCase())),
    )
    if (!hits.length) throw new ComputerError("TARGET_NOT_FOUND", "No window matches the target")
    if (hits.length > 1)
      throw new ComputerError("TARGET_CONFLICT", `${hits.length} windows match: use a windowRef from list_windows`)
    return { hwnd: hits[0]!.hwnd, marker: hits[0]!.marker, ref: this.refFor(hits[0]!.hwnd, hits[0]!.marker) }
  }

  call(method: string, params: Record<string, unknown>, ctx: CallContext): Promise<CallResult> {
    return nativeCall(this, method, params, ctx)
  }

  async dispose(): Promise<Cleanup> {
    this.disposing = true
    const released: string[] = []
    const retained: string[] = []
    if (await this.releaseInput()) released.push("input")
    else retained.push("input (not confirmed)")
    await this.control(false)
    released.push("control")
    await this.release().then(
      () => released.push("ownership"),
      () => retained.push("ownership (the mutex goes with the owner helper)"),
    )
    for (const [name, h] of [...this.helpers].reverse())
      if (!(await h.close(2_000))) retained.push(`${name} helper (killed)`)
    released.push("helpers")
    return { released, retained }
  }
}
