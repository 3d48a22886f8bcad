import { describe, expect, test } from "bun:test"
import { editorLines, composerMounter } from "./prompt-harness"

const mount = composerMounter()

describe("composer: typing and sending", () => {
  test("shows a hint, echoes typing, sends on Enter and clears", async () => {
    const c = await mount({ width: 120 })
    expect(await c.frame()).toContain("› Ask anything · / commands · @ files · ! shell")
    await c.mockInput.typeText("hello world")
    expect(editorLines(await c.frame())).toEqual(["› hello world"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "hello world", "prompt"]])
    expect(await c.frame()).toContain("Ask anything")
  })

  test("an empty or blank Enter does nothing", async () => {
    const c = await mount()
    c.mockInput.pressEnter()
    await c.mockInput.typeText("   ")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([])
    expect(editorLines(await c.frame())).toEqual(["›"])
  })

  test("Shift+Enter and Ctrl+J insert newlines (kitty keyboard)", async () => {
    const c = await mount()
    await c.mockInput.typeText("one")
    c.mockInput.pressEnter({ shift: true })
    await c.mockInput.typeText("two")
    c.mockInput.pressKey("j", { ctrl: true })
    await c.mockInput.typeText("three")
    expect(editorLines(await c.frame())).toEqual(["› one", "two", "three"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "one\ntwo\nthree", "prompt"]])
  })

  test("a backslash before Enter makes a newline instead of sending", async () => {
    const c = await mount()
    await c.mockInput.typeText("日本 first\\")
    c.mockInput.pressEnter()
    await c.mockInput.typeText("second")
    expect(editorLines(await c.frame())).toEqual(["› 日本 first", "second"])
    expect(c.calls).toEqual([])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "日本 first\nsecond", "prompt"]])
  })

  test("without the kitty protocol Ctrl+J (a line feed) still makes a newline", async () => {
    const c = await mount({ kitty: false })
    await c.mockInput.typeText("a")
    c.mockInput.pressKey("\n")
    await c.mockInput.typeText("b")
    expect(editorLines(await c.frame())).toEqual(["› a", "b"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "a\nb", "prompt"]])
  })

  test("long text wraps inside the box at 40 columns", async () => {
    const c = await mount({ width: 40 })
    expect(await c.frame()).toContain("› Ask anything (/ @ !)")
    await c.mockInput.typeText("the quick brown fox jumps over the lazy dog again and again")
    const frame = await c.frame()
    expect(editorLines(frame).length).toBeGreaterThan(1)
    expect(editorLines(frame).join(" ")).toBe("› the quick brown fox jumps over the lazy dog again and again")
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(40)
  })
})

describe("composer: while the agent runs", () => {
  test("Enter queues a follow-up; Alt+Enter and Ctrl+Enter steer", async () => {
    const c = await mount({ running: true, width: 120 })
    expect(await c.frame()).toContain("Enter queues a follow-up · Alt+Enter steers · Esc stops")
    await c.mockInput.typeText("later")
    c.mockInput.pressEnter()
    await c.mockInput.typeText("now")
    c.mockInput.pressEnter({ meta: true })
    await c.mockInput.typeText("now too")
    c.mockInput.pressEnter({ ctrl: true })
    expect(c.calls).toEqual([
      ["send", "later", "followUp"],
      ["send", "now", "steer"],
      ["send", "now too", "steer"],
    ])
  })

  test("Alt+Enter steers in a terminal without the kitty protocol", async () => {
    const c = await mount({ running: true, kitty: false })
    await c.mockInput.typeText("steer me")
    c.mockInput.pressEnter({ meta: true })
    expect(c.calls).toEqual([["send", "steer me", "steer"]])
  })

  test("when idle, Alt+Enter is a plain prompt", async () => {
    const c = await mount()
    await c.mockInput.typeText("hi")
    c.mockInput.pressEnter({ meta: true })
    expect(c.calls).toEqual([["send", "hi", "prompt"]])
  })

  test("Esc interrupts only while running", async () => {
    const c = await mount()
    c.mockInput.pressEscape()
    expect(c.calls).toEqual([])
    c.setRunning(true)
    expect(await c.frame()).toContain("Enter queue · Esc stop")
    c.mockInput.pressEscape()
    expect(c.calls).toEqual([["interrupt"]])
  })

  test("Esc interrupts in a terminal without the kitty protocol (after the escape timeout)", async () => {
    const c = await mount({ running: true, kitty: false })
    c.mockInput.pressEscape()
    await c.until(() => c.calls.length > 0)
    expect(c.calls).toEqual([["interrupt"]])
  })

  test("Alt+Up takes the queued text back into the editor", async () => {
    const c = await mount({ running: true, queue: { steering: ["fix it"], followUp: [] }, dequeued: "fix it" })
    await c.mockInput.typeText("draft")
    c.mockInput.pressArrow("up", { meta: true })
    const frame = await c.until((f) => f.includes("› fix it"))
    expect(editorLines(frame)).toEqual(["› fix it", "draft"])
    expect(c.calls).toEqual([["dequeue"]])
  })

  test("Alt+Up with an empty queue asks for nothing", async () => {
    const c = await mount({ running: true, dequeued: "x" })
    c.mockInput.pressArrow("up", { meta: true })
    expect(c.calls).toEqual([])
  })
})

describe("composer: shell commands", () => {
  test("a leading ! runs the rest through onBash and colours the prompt", async () => {
    const c = await mount()
    await c.mockInput.typeText("!ls -la")
    expect(editorLines(await c.frame())).toEqual(["! !ls -la"])
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["bash", "ls -la"]])
  })

  test("a lone ! is not sent and stays in the editor", async () => {
    const c = await mount()
    await c.mockInput.typeText("!  ")
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([])
    expect(editorLines(await c.frame())).toEqual(["! !"])
  })
})

describe("composer: focus", () => {
  test("keys go to an open dialog, not to the composer", async () => {
    const c = await mount()
    c.dialog.show(() => <text>a dialog</text>)
    expect(await c.frame()).toContain("a dialog")
    await c.mockInput.typeText("zzz")
    c.mockInput.pressEscape()
    expect(await c.frame()).not.toContain("a dialog")
    await c.mockInput.typeText("ok")
    expect(editorLines(await c.frame())).toEqual(["› ok"])
  })
})
