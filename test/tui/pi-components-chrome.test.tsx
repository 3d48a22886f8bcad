// Pi's custom editor example and component widgets in the window: the host runs the components the
// extensions set (at session start or from a command) and the window draws them in place of its own.
// (custom-header and custom-footer: test/compat/.)
import { expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("modal-editor: the extension's editor takes the composer's place and its keys", async () => {
  const fx = await open(["modal-editor.ts"], { waitFor: " INSERT " })
  const { app } = fx
  expect(app.frame()).not.toContain("Ask anything")
  await app.mockInput.typeText("hello")
  const typed = await app.until((f) => /^hello +$/m.test(f))
  expect(typed).toContain(" INSERT ")
  // Esc is the editor's own: vim's normal mode, where letters move instead of typing.
  app.mockInput.pressEscape()
  await app.until(" NORMAL ")
  await app.mockInput.typeText("hhx")
  await app.until((f) => /^helo +$/m.test(f))
  await app.mockInput.typeText("i")
  await app.until(" INSERT ")
  fx.fx.faux.setResponses([fauxAssistantMessage("got it")])
  app.mockInput.pressEnter()
  // Sent and emptied, as Pi's editor is.
  const sent = await app.until((f) => f.includes("got it") && !/^helo +$/m.test(f))
  expect(sent).toContain("│ helo")
  expect(sent).toContain(" INSERT ")
})

test("a component widget set at session start sits under the composer and draws again on requestRender", async () => {
  let bump = () => {}
  const widget: ExtensionFactory = (pi) => {
    let n = 0
    pi.on("session_start", (_e, ctx) => {
      ctx.ui.setWidget(
        "counter",
        (tui, theme) => {
          bump = () => {
            n++
            tui.requestRender()
          }
          return { render: () => [theme.fg("accent", `Counter: ${n}`)], invalidate() {} }
        },
        { placement: "belowEditor" },
      )
    })
  }
  const { app } = await open([], { fixture: { extensionFactories: [widget] }, waitFor: "Counter: 0" })
  const rows = app.frame().split("\n")
  const composer = rows.findIndex((l) => l.includes("Ask anything"))
  expect(rows.findIndex((l) => l.includes("Counter: 0"))).toBeGreaterThan(composer)
  bump()
  bump()
  expect(await app.until("Counter: 2")).not.toContain("Counter: 0")
})

test("modal-editor: Esc in normal mode stops a running reply, as Pi's editor does", async () => {
  const { app, fx } = await open(["modal-editor.ts"], { waitFor: " INSERT ", fixture: { tokensPerSecond: 20 } })
  fx.faux.setResponses([fauxAssistantMessage("word ".repeat(400))])
  await app.mockInput.typeText("go")
  app.mockInput.pressEnter()
  await app.until((f) => f.includes("word word") && f.includes("Working"))
  app.mockInput.pressEscape()
  await app.until(" NORMAL ")
  // Still running: the first Esc was the editor's own.
  expect(app.frame()).toContain("Working")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Working"))
})
