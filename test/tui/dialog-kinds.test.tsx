import { afterEach, describe, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import type { JSX } from "solid-js"
import { DialogProvider, useDialog, type DialogApi } from "../../src/tui/context/dialog"
import { DialogConfirm } from "../../src/tui/ui/dialog-confirm"
import { DialogInput } from "../../src/tui/ui/dialog-input"
import { DialogEditor } from "../../src/tui/ui/dialog-editor"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  setup?.renderer.destroy()
  setup = undefined
})

/** Shows `render` in a dialog stack (or bare, without one) and returns the renderer helpers. */
async function show(render: () => JSX.Element, opts: { width?: number; bare?: boolean } = {}) {
  let dialog: DialogApi | undefined
  const Grab = () => {
    dialog = useDialog()
    return null
  }
  setup = await testRender(
    () =>
      opts.bare ? (
        render()
      ) : (
        <DialogProvider>
          <Grab />
        </DialogProvider>
      ),
    { width: opts.width ?? 60, height: 20, kittyKeyboard: true },
  )
  dialog?.show(render)
  const t = setup
  const frame = async () => {
    await t.renderOnce()
    return t.captureCharFrame()
  }
  return { ...t, frame, dialog }
}

const clickOn = async (c: Awaited<ReturnType<typeof show>>, label: string) => {
  const rows = (await c.frame()).split("\n")
  const y = rows.findIndex((l) => l.includes(label))
  await c.mockMouse.click(rows[y]!.indexOf(label), y)
}

describe("DialogConfirm", () => {
  const confirm = (answers: boolean[]) => () => (
    <DialogConfirm
      title="Delete the branch?"
      message="feature/x has 3 unmerged commits"
      onConfirm={(b) => answers.push(b)}
    />
  )

  test("y and n answer at once and close the dialog", async () => {
    for (const [key, expected] of [
      ["y", true],
      ["n", false],
    ] as const) {
      const answers: boolean[] = []
      const c = await show(confirm(answers))
      const frame = await c.frame()
      expect(frame).toContain("Delete the branch?")
      expect(frame).toContain("feature/x has 3 unmerged commits")
      expect(frame).toContain("[ Yes ]")
      c.mockInput.pressKey(key)
      expect(answers).toEqual([expected])
      expect(await c.frame()).not.toContain("Delete the branch?")
      c.renderer.destroy()
    }
  })

  test("Right moves to No and Enter answers it; Esc answers no", async () => {
    const answers: boolean[] = []
    const c = await show(confirm(answers))
    c.mockInput.pressArrow("right")
    expect(await c.frame()).toContain("[ No ]")
    c.mockInput.pressEnter()
    c.dialog!.show(confirm(answers))
    await c.frame()
    c.mockInput.pressEscape()
    expect(answers).toEqual([false, false])
  })

  test("a click on a button answers it", async () => {
    const answers: boolean[] = []
    const c = await show(confirm(answers))
    await clickOn(c, "No")
    expect(answers).toEqual([false])
    c.dialog!.show(confirm(answers))
    await clickOn(c, "Yes")
    expect(answers).toEqual([false, true])
  })

  test("wraps a long message at 40 columns", async () => {
    const answers: boolean[] = []
    const message = "The extension wants to run npm publish --access public in this folder"
    const c = await show(() => <DialogConfirm title="Allow?" message={message} onConfirm={(b) => answers.push(b)} />, {
      width: 40,
    })
    const frame = await c.frame()
    expect(frame.replace(/[│\s]+/g, " ")).toContain(message)
    expect(frame).toContain("y/n · ←→ · Enter · Esc")
  })

  test("works without a dialog stack (Esc answers no itself)", async () => {
    const answers: boolean[] = []
    const c = await show(confirm(answers), { bare: true })
    expect(await c.frame()).toContain("Delete the branch?")
    c.mockInput.pressEscape()
    expect(answers).toEqual([false])
  })
})

describe("DialogInput", () => {
  test("shows the placeholder, submits what was typed on Enter", async () => {
    const events: string[] = []
    const c = await show(() => (
      <DialogInput
        title="Session name"
        placeholder="e.g. auth refactor"
        onSubmit={(v) => events.push(`submit:${v}`)}
        onCancel={() => events.push("cancel")}
      />
    ))
    expect(await c.frame()).toContain("e.g. auth refactor")
    await c.mockInput.typeText("login flow")
    expect(await c.frame()).toContain("login flow")
    c.mockInput.pressEnter()
    expect(events).toEqual(["submit:login flow"])
    expect(await c.frame()).not.toContain("Session name")
  })

  test("Esc cancels, with or without a dialog stack", async () => {
    for (const bare of [false, true]) {
      const events: string[] = []
      const submit = (v: string) => events.push(`submit:${v}`)
      const c = await show(() => <DialogInput title="Key" onSubmit={submit} onCancel={() => events.push("cancel")} />, {
        bare,
      })
      await c.mockInput.typeText("abc")
      c.mockInput.pressEscape()
      expect(events).toEqual(["cancel"])
      c.renderer.destroy()
    }
  })
})

describe("DialogEditor", () => {
  const editor = (events: string[], prefill?: string) => () => (
    <DialogEditor
      title="Edit the plan"
      prefill={prefill}
      onSubmit={(v) => events.push(`submit:${v}`)}
      onCancel={() => events.push("cancel")}
    />
  )

  test("starts with the prefill; Enter is a newline; Ctrl+S submits every line", async () => {
    const events: string[] = []
    const c = await show(editor(events, "step one"))
    expect(await c.frame()).toContain("step one")
    c.mockInput.pressEnter()
    await c.mockInput.typeText("step two")
    const frame = await c.frame()
    expect(frame).toContain("step two")
    expect(frame).toContain("Ctrl+S save")
    c.mockInput.pressKey("s", { ctrl: true })
    expect(events).toEqual(["submit:step one\nstep two"])
    expect(await c.frame()).not.toContain("Edit the plan")
  })

  test("Ctrl+Enter also submits; Esc cancels", async () => {
    const events: string[] = []
    const c = await show(editor(events))
    await c.mockInput.typeText("x")
    c.mockInput.pressEnter({ ctrl: true })
    c.dialog!.show(editor(events))
    await c.frame()
    c.mockInput.pressEscape()
    expect(events).toEqual(["submit:x", "cancel"])
  })
})
