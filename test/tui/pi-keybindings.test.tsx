// Pi's keybindings file in the window: the actions xagent shares with Pi move to the person's
// keys (send, new line, prompt editing, thinking), a file that cannot be used is said and changes
// nothing, and /hotkeys shows the keys in effect and the extensions' shortcuts.
import { afterEach, expect, test } from "bun:test"
import { parsePiKeybindings } from "../../src/util/pi-keybindings"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const file = (json: unknown) =>
  parsePiKeybindings(typeof json === "string" ? json : JSON.stringify(json), "/home/me/.pi/agent/keybindings.json")
const prompts = () => app!.client.calls("session.prompt").map((p) => p.text)

test("submit and newLine follow the file: Enter makes a new line, Ctrl+X sends", async () => {
  app = await mountApp({ keybindings: file({ "tui.input.submit": "ctrl+x", "tui.input.newLine": ["enter"] }) })
  await app.until("Ask anything")
  await app.mockInput.typeText("one")
  app.mockInput.pressEnter()
  await app.mockInput.typeText("two")
  await app.until((f) => f.includes("two"))
  expect(prompts()).toEqual([])
  app.mockInput.pressKey("x", { ctrl: true })
  await app.until(() => prompts().length === 1)
  expect(prompts()).toEqual(["one\ntwo"])
})

test("an editing action moves: cursorLineStart on Alt+H, and Ctrl+A no longer goes to the start", async () => {
  app = await mountApp({ keybindings: file({ "tui.editor.cursorLineStart": "alt+h" }) })
  await app.until("Ask anything")
  await app.mockInput.typeText("world")
  app.mockInput.pressKey("h", { meta: true })
  await app.mockInput.typeText("hello ")
  app.mockInput.pressKey("a", { ctrl: true })
  // Ctrl+A did nothing: the mark lands where the cursor was, not at the start.
  await app.mockInput.typeText("!")
  expect(await app.until("hello !world")).toContain("› hello !world")
})

test("the app actions follow it too: thinking on Alt+T, Ctrl+T freed", async () => {
  app = await mountApp({ keybindings: file({ "app.thinking.toggle": "alt+t" }) })
  const reply = item.assistant("a1", "", {
    blocks: [
      { type: "thinking", text: "DEEPTHOUGHT" },
      { type: "text", text: "answer" },
    ],
  })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [reply] }) })
  await app.until("▸ Thinking")
  const before = app.frame()
  app.mockInput.pressKey("t", { ctrl: true })
  await app.renderOnce()
  expect(app.frame()).toBe(before)
  app.mockInput.pressKey("t", { meta: true })
  expect(await app.until("▾ Thinking")).toContain("DEEPTHOUGHT")
})

test("a file that is not JSON: a notice names it, the default keys stay, nothing else is lost", async () => {
  app = await mountApp({ keybindings: file('{ "tui.input.submit": "ctrl+x", ') })
  const frame = await app.until("valid JSON")
  expect(frame).toContain("keybindings.json")
  await app.mockInput.typeText("still sends")
  app.mockInput.pressEnter()
  await app.until(() => prompts().length === 1)
  expect(prompts()).toEqual(["still sends"])
})

test("a bad entry is named and skipped; the others apply", () => {
  const f = file({ "tui.input.submit": "ctrl+x", "app.tools.expand": "hyper+o", "app.exit": 3 })
  expect(f.bindings).toEqual({ "tui.input.submit": ["ctrl+x"] })
  expect(f.notice).toContain('app.tools.expand: "hyper+o"')
  expect(f.notice).toContain("app.exit: 3")
  // Pi's older names still work, the new id winning when both are given.
  expect(file({ submit: "ctrl+x", toggleThinking: "alt+t", "app.thinking.toggle": "alt+y" }).bindings).toEqual({
    "tui.input.submit": ["ctrl+x"],
    "app.thinking.toggle": ["alt+y"],
  })
})

test("/hotkeys shows the keys in effect, what the file set, and the extensions' shortcuts", async () => {
  app = await mountApp({
    height: 60,
    width: 100,
    keybindings: file({ "tui.input.submit": "ctrl+x", "app.model.cycleForward": "alt+n" }),
  })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      info: sessionInfo({ shortcuts: [{ key: "ctrl+alt+p", description: "Toggle plan mode" }, { key: "f2" }] }),
    }),
  })
  await app.mockInput.typeText("/hotkeys")
  app.mockInput.pressKey("x", { ctrl: true })
  const frame = await app.until("Extensions' keys")
  expect(frame).toMatch(/Ctrl\+X +Send the message/)
  expect(frame).toMatch(/Alt\+N \/ Ctrl\+Shift\+P +Next \/ previous model/)
  expect(frame).toContain("Set in /home/me/.pi/agent/keybindings.json")
  expect(frame).toMatch(/Ctrl\+Alt\+P +Toggle plan mode/)
  expect(frame).toMatch(/F2 +\(no description\)/)
})

const withModels = () =>
  new FakeClient({
    "session.models": () => ({ models: [{ provider: "p", id: "m1", available: true }], levels: [] }),
  })

test("app.model.select and app.session.new: Ctrl+L opens the model picker as in Pi; the file moves it and gives new-session a key", async () => {
  app = await mountApp({ client: withModels() })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  app.mockInput.pressKey("l", { ctrl: true })
  await app.until("Choose a model")
  app.renderer.destroy()
  app = await mountApp({
    client: withModels(),
    keybindings: file({ "app.model.select": "alt+m", "app.session.new": "alt+n" }),
  })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  app.mockInput.pressKey("l", { ctrl: true })
  await app.renderOnce()
  expect(app.client.calls("session.models")).toEqual([])
  app.mockInput.pressKey("m", { meta: true })
  await app.until("Choose a model")
  app.mockInput.pressEscape()
  await app.until((f) => !f.includes("Choose a model"))
  app.mockInput.pressKey("n", { meta: true })
  await app.until(() => app!.client.calls("session.new").length === 1)
})
