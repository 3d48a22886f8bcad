import { afterEach, describe, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { DialogProvider, useDialog, type DialogApi } from "../../src/tui/context/dialog"
import { DialogSelect, type DialogSelectOption } from "../../src/tui/ui/dialog-select"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  setup?.renderer.destroy()
  setup = undefined
})

async function mount(width = 60, height = 20) {
  let dialog!: DialogApi
  const Grab = () => {
    dialog = useDialog()
    return null
  }
  setup = await testRender(
    () => (
      <DialogProvider>
        <Grab />
        <text>background</text>
      </DialogProvider>
    ),
    { width, height, kittyKeyboard: true },
  )
  const t = setup
  const frame = async () => {
    await t.renderOnce()
    return t.captureCharFrame()
  }
  return { ...t, dialog, frame }
}

const MODELS: DialogSelectOption[] = [
  { label: "claude-sonnet", value: "anthropic/sonnet", description: "balanced", footer: "200k" },
  { label: "gpt-5", value: "openai/gpt-5", description: "reasoning" },
  { label: "gemini-pro", value: "google/gemini", description: "long context" },
]

function selectIn(d: DialogApi, events: string[], props: Partial<Parameters<typeof DialogSelect>[0]> = {}) {
  d.show(() => (
    <DialogSelect
      title="Pick a model"
      options={MODELS}
      onSelect={(v) => events.push(`select:${v}`)}
      onCancel={() => events.push("cancel")}
      {...props}
    />
  ))
}

describe("dialog stack", () => {
  test("draws a centred bordered box over the window; Esc closes the top and calls its cancel", async () => {
    const c = await mount()
    const events: string[] = []
    c.dialog.show(() => <text>first</text>, { onCancel: () => events.push("first") })
    c.dialog.show(() => <text>second</text>, { onCancel: () => events.push("second") })
    let frame = await c.frame()
    expect(c.dialog.active()).toBe(true)
    expect(frame).toContain("second")
    expect(frame).not.toContain("first")
    const rows = frame.split("\n")
    const top = rows.findIndex((l) => l.includes("╭"))
    expect(top).toBeGreaterThan(5)
    expect(rows[top]!.indexOf("╭")).toBeGreaterThan(0)
    c.mockInput.pressEscape()
    frame = await c.frame()
    expect(frame).toContain("first")
    expect(events).toEqual(["second"])
    c.mockInput.pressEscape()
    frame = await c.frame()
    expect(frame).not.toContain("╭")
    expect(events).toEqual(["second", "first"])
    expect(c.dialog.active()).toBe(false)
  })

  test("close() and a handle remove dialogs without cancelling", async () => {
    const c = await mount()
    const events: string[] = []
    const a = c.dialog.show(() => <text>aaa</text>, { onCancel: () => events.push("a") })
    c.dialog.show(() => <text>bbb</text>, { onCancel: () => events.push("b") })
    a.close()
    expect(await c.frame()).toContain("bbb")
    c.dialog.close()
    expect(await c.frame()).not.toContain("bbb")
    a.close()
    expect(events).toEqual([])
  })
})

describe("DialogSelect", () => {
  test("arrows and Enter choose; the dialog closes itself", async () => {
    const c = await mount()
    const events: string[] = []
    selectIn(c.dialog, events)
    let frame = await c.frame()
    expect(frame).toContain("Pick a model")
    expect(frame).toMatch(/› claude-sonnet\s+balanced\s+200k/)
    c.mockInput.pressArrow("down")
    frame = await c.frame()
    expect(frame).toContain("› gpt-5")
    c.mockInput.pressEnter()
    expect(events).toEqual(["select:openai/gpt-5"])
    expect(await c.frame()).not.toContain("Pick a model")
  })

  test("the current value is marked and selected first; Up wraps", async () => {
    const c = await mount()
    const events: string[] = []
    selectIn(c.dialog, events, { current: "google/gemini" })
    expect(await c.frame()).toContain("› gemini-pro")
    c.mockInput.pressArrow("up")
    const frame = await c.frame()
    expect(frame).toContain("› gpt-5")
    expect(frame).toContain("• gemini-pro")
    c.mockInput.pressArrow("down")
    c.mockInput.pressArrow("down")
    c.mockInput.pressEnter()
    expect(events).toEqual(["select:anthropic/sonnet"])
  })

  test("typing filters by label, then by description", async () => {
    const c = await mount()
    const events: string[] = []
    selectIn(c.dialog, events, { filterable: true })
    expect(await c.frame()).toContain("Type to filter")
    await c.mockInput.typeText("gem")
    let frame = await c.frame()
    expect(frame).toContain("› gemini-pro")
    expect(frame).not.toContain("gpt-5")
    for (let i = 0; i < 3; i++) c.mockInput.pressBackspace()
    await c.mockInput.typeText("reason")
    frame = await c.frame()
    expect(frame).toContain("› gpt-5")
    expect(frame).not.toContain("claude")
    await c.mockInput.typeText("zzz")
    expect(await c.frame()).toContain("No matches")
    c.mockInput.pressEnter()
    expect(events).toEqual([])
    c.mockInput.pressEscape()
    expect(events).toEqual(["cancel"])
  })

  test("PageDown/PageUp move by a page in a long list that scrolls", async () => {
    const c = await mount(60, 20)
    const events: string[] = []
    const options = Array.from({ length: 40 }, (_, i) => ({ label: `item ${i}`, value: `v${i}` }))
    selectIn(c.dialog, events, { options })
    let frame = await c.frame()
    expect(frame).toContain("1/40")
    expect(frame).not.toContain("item 20")
    c.mockInput.pressKey("\x1b[6~")
    c.mockInput.pressKey("\x1b[6~")
    frame = await c.frame()
    expect(frame).toContain("› item 20")
    expect(frame).not.toContain("item 0 ")
    c.mockInput.pressKey("\x1b[5~")
    expect(await c.frame()).toContain("› item 10")
    c.mockInput.pressEnter()
    expect(events).toEqual(["select:v10"])
  })

  test("a click chooses a row", async () => {
    const c = await mount()
    const events: string[] = []
    selectIn(c.dialog, events)
    const frame = await c.frame()
    const y = frame.split("\n").findIndex((l) => l.includes("gemini-pro"))
    const x = frame.split("\n")[y]!.indexOf("gemini-pro")
    await c.mockMouse.click(x, y)
    expect(events).toEqual(["select:google/gemini"])
    expect(await c.frame()).not.toContain("Pick a model")
  })

  test("at 40 columns a long title wraps and long options are cut to one row", async () => {
    const c = await mount(40, 20)
    const events: string[] = []
    selectIn(c.dialog, events, {
      title: "Choose which of these rather long named options you would like to use now",
      options: [
        { label: "an-option-with-a-really-long-label-that-goes-on", value: "x", description: "and more words here" },
      ],
    })
    const frame = await c.frame()
    const body = frame.replace(/[│\s]+/g, " ")
    expect(body).toContain("Choose which of these rather long named options you would like to use now")
    const row = frame.split("\n").find((l) => l.includes("› an-option"))!
    expect(row.trim().endsWith("│")).toBe(true)
    expect(frame.split("\n").filter((l) => l.includes("an-option")).length).toBe(1)
  })
})
