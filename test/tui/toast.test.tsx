import { afterEach, describe, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { ToastProvider, useToast, type ToastApi } from "../../src/tui/context/toast"
import { until } from "./prompt-harness"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  setup?.renderer.destroy()
  setup = undefined
})

async function mount(width = 80) {
  let toast!: ToastApi
  const Grab = () => {
    toast = useToast()
    return null
  }
  setup = await testRender(
    () => (
      <ToastProvider>
        <Grab />
        <text>the window</text>
      </ToastProvider>
    ),
    { width, height: 16 },
  )
  const t = setup
  const frame = async () => {
    await t.renderOnce()
    return t.captureCharFrame()
  }
  return { ...t, toast, frame }
}

describe("toasts", () => {
  test("stack at the top right, newest last, with their level", async () => {
    const c = await mount()
    c.toast.show({ level: "info", message: "Model set to gpt-5" })
    c.toast.show({ level: "error", message: "Export failed: disk full" })
    const rows = (await c.frame()).split("\n")
    expect(rows[0]).toContain("the window")
    const info = rows.findIndex((l) => l.includes("Model set to gpt-5"))
    const error = rows.findIndex((l) => l.includes("✗ Export failed: disk full"))
    expect(info).toBe(1)
    expect(error).toBeGreaterThan(info)
    expect(rows[info]!.indexOf("│")).toBeGreaterThan(30)
    expect(rows[info]!.endsWith(" ")).toBe(true)
  })

  test("go away when their time is up", async () => {
    const c = await mount()
    c.toast.show({ level: "warning", message: "short lived", durationMs: 30 })
    c.toast.show({ level: "info", message: "long lived", durationMs: 60_000 })
    expect(await c.frame()).toContain("! short lived")
    const frame = await until(c, (f) => !f.includes("short lived"))
    expect(frame).toContain("long lived")
    c.toast.clear()
    expect(await c.frame()).not.toContain("long lived")
  })

  test("wrap long messages at 40 columns and keep at most four", async () => {
    const c = await mount(40)
    c.toast.show({ level: "error", message: "Could not reach the session host: connection refused" })
    let frame = await c.frame()
    expect(frame.replace(/[│\s]+/g, " ")).toContain("Could not reach the session host: connection refused")
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(40)
    for (let i = 1; i <= 5; i++) c.toast.show({ level: "info", message: `note ${i}` })
    frame = await c.frame()
    expect(frame).not.toContain("session host")
    expect(frame).not.toContain("note 1")
    expect(frame).toContain("note 5")
  })
})
