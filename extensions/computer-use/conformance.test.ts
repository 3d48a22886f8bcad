// The wire protocol as any backend must speak it, through the real client and a real worker
// process: on the simulated backend everywhere, and on the native one where Windows is (native
// Windows, or WSL with interop). Nothing here moves the pointer or types: only observations, a
// cancelled wait, the operation's end and dispose.
import { afterAll, describe, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { simScenario } from "../../test/fixture/computer-use"
import { DEFAULT_TIMING, WorkerClient, type Outcome } from "./client"
import { nativeLauncher, type Launcher } from "./launcher"
import { detectSupport } from "./platform"
import { simLauncher } from "./testing/sim-launcher"

const dir = mkdtempSync(join(tmpdir(), "xagent-cu-conf-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const support = detectSupport()
const codeOf = (o: Outcome) => (o.ok ? "ok" : o.error.code)

const backends: { name: string; launcher: () => Launcher; skip?: string }[] = [
  { name: "sim", launcher: () => simLauncher(simScenario(dir), join(dir, "scenario.json")) },
  {
    name: "native",
    launcher: () => nativeLauncher(support.supported ? support.host : "win32"),
    skip: support.supported ? undefined : `native backend skipped: ${support.supported ? "" : support.reason}`,
  },
]

for (const b of backends)
  describe.skipIf(b.skip !== undefined)(b.skip ?? `conformance on ${b.name}`, () => {
    const logs: string[] = []
    const events: string[] = []
    const client = () =>
      new WorkerClient(
        b.launcher(),
        { event: (e) => events.push(e.name), exit() {}, log: (l) => logs.push(l) },
        { ...DEFAULT_TIMING, cancelGraceMs: 2_000 },
      )

    test("hello, then health without ownership; unknown method; params must be an object", async () => {
      const c = client()
      const h = await c.call("health", {})
      expect(h.ok).toBe(true)
      expect((h as { result: { host: string; owned: boolean } }).result).toMatchObject({ owned: false })
      expect(c.currentEpoch).toBe(1)
      expect(codeOf(await c.call("press_the_button", {}))).toBe("UNKNOWN_METHOD")
      expect(codeOf(await c.call("list_windows", [] as never, { op: "op-c" }))).toBe("INVALID_PARAMS")
      expect((await c.dispose()).acked).toBe(true)
    })

    test("list_windows: refs, handles, bounds and monitors; selectors conflict; a ref from another epoch is stale", async () => {
      const c = client()
      const o = await c.call("list_windows", {}, { op: "op-c" })
      expect(o.ok).toBe(true)
      const { windows, monitors } = (
        o as { result: { data: { windows: Record<string, unknown>[]; monitors: unknown[] } } }
      ).result.data
      expect(monitors.length).toBeGreaterThan(0)
      const w = windows[0]!
      expect(Object.keys(w)).toEqual(
        expect.arrayContaining(["windowRef", "hwnd", "pid", "title", "bounds", "minimized", "foreground"]),
      )
      expect(String(w.windowRef)).toMatch(/^w1\./)
      expect(codeOf(await c.call("snapshot", { windowRef: w.windowRef, hwnd: w.hwnd }, { op: "op-c" }))).toBe(
        "TARGET_CONFLICT",
      )
      const other = String(w.windowRef).replace(/^w1\./, "w9.")
      expect(codeOf(await c.call("accessibility_tree", { windowRef: other }, { op: "op-c" }))).toBe("STALE_REFERENCE")
      expect(codeOf(await c.call("operation_end", { op: "op-c" }))).toBe("ok")
      expect((await c.dispose()).acked).toBe(true)
    })

    test("an in-flight call aborted: the final reply, then the release acknowledgement", async () => {
      const c = client()
      await c.call("health", {})
      const abort = new AbortController()
      const waiting = c.call(
        "wait",
        { windowTitle: "no such window 7f3a", timeoutMs: 60_000 },
        { op: "op-w", signal: abort.signal },
      )
      setTimeout(() => abort.abort(), 200)
      const o = await waiting
      expect(codeOf(o)).toBe("CANCELLED")
      expect(o.ok ? undefined : o.error.details?.inputReleased).toBe(true)
      // The same worker goes on.
      expect(codeOf(await c.call("health", {}))).toBe("ok")
      expect(c.currentEpoch).toBe(1)
      const report = await c.dispose()
      expect(report.acked).toBe(true)
      expect(report.retained).toEqual([])
    })
  })
