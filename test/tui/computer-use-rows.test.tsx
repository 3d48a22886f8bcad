// The window shows computer-use's activity: each tool row says the action and its verification
// (sent, observed, inconclusive) or the error and whether it may have acted, a capture is an
// attachment mark (never its bytes), and the status line carries the extension's state, with
// "in control" and "stopped" the last segments to go when the line is narrow.
import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { COMPUTER_STATUS_TEXT, type ComputerDetails } from "../../src/common/computer-use"
import { StatusBar, statusSegments } from "../../src/tui/routes/session/status-bar"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
let bar: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  app?.renderer.destroy()
  bar?.renderer.destroy()
})

const d = (over: Partial<ComputerDetails>): ComputerDetails => ({
  ok: true,
  verification: "observed",
  effect: "none",
  operationId: "op-1",
  warnings: [],
  ...over,
})
const PNG = "iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAD".repeat(4)

test("tool rows: action and target, verification, attachment mark, errors with their effect", async () => {
  app = await mountApp({ width: 100, height: 40 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.tool("t1", "list_windows", {}, { output: 'w1.101.0 "notes.txt - Notepad"', details: d({}) }),
        item.tool(
          "t2",
          "click",
          { x: 120, y: 40, holdMs: 50 },
          { output: "click sent", details: d({ verification: "sent", effect: "sent" }) },
        ),
        item.tool(
          "t3",
          "screenshot",
          { windowRef: "w1.101.0" },
          {
            output: 'Captured "notes.txt - Notepad" (screen copy)',
            details: d({ image: { width: 40, height: 24, mimeType: "image/png" } }),
          },
        ),
        item.tool(
          "t4",
          "type_text",
          { text: "héllo" },
          {
            status: "error",
            output: "WORKER_EXITED: The worker exited mid-call\nIt may or may not have acted",
            details: d({ ok: false, code: "WORKER_EXITED", effect: "unknown", verification: "none" }),
          },
        ),
        item.tool(
          "t5",
          "ocr",
          { query: "Save" },
          { output: '"Save" not read on screen', details: d({ verification: "inconclusive" }) },
        ),
      ],
    }),
  })
  const frame = await app.until((f) => f.includes("ocr"))
  expect(frame).toContain("✓ list_windows  observed")
  expect(frame).toContain("✓ click at 120,40 hold 50 ms  sent, not verified")
  expect(frame).toContain("✓ screenshot w1.101.0  observed  [image 40×24]")
  expect(frame).toContain('✗ type_text "héllo"  WORKER_EXITED · may have acted')
  expect(frame).toContain("WORKER_EXITED: The worker exited mid-call")
  expect(frame).toContain('✓ ocr "Save"  inconclusive')
  expect(frame).not.toContain(PNG.slice(0, 20))
})

test.each([120, 80, 40])("the status segment at %i columns; in control outlasts the model name", async (width) => {
  const info = { ...snapshot().info, model: { provider: "faux", id: "faux-1", name: "Faux One" } } as never
  const stats = snapshot().stats
  for (const text of Object.values(COMPUTER_STATUS_TEXT)) {
    const segs = statusSegments({ info, stats, extra: { "computer-use": text }, mouse: true })
    expect(segs.some((s) => s.text === text)).toBe(true)
  }
  bar?.renderer.destroy()
  const segs = statusSegments({
    info,
    stats,
    extra: { "computer-use": COMPUTER_STATUS_TEXT.control },
    mouse: true,
    cwd: "/home/someone/projects/a-long-project-name",
  })
  bar = await testRender(() => <StatusBar segments={segs} width={width} />, { width, height: 2 })
  await bar.renderOnce()
  const frame = bar.captureCharFrame()
  expect(frame).toContain("computer: in control (Esc stops)")
  if (width >= 80) expect(frame).toContain("Faux One")
})
