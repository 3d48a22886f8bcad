// Extension shortcuts in the window (pi.registerShortcut): a key the window does not bind goes to
// the session (session.shortcut); one on a key the window binds is reported once and keeps the
// window's meaning. (Plan-mode's Ctrl+Alt+P once did nothing.)
import { afterEach, expect, test } from "bun:test"
import { FakeClient, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { OWN_KEYS } from "../../src/tui/keys/own-keys"
import { canonicalKeyId, keyIdOf } from "../../src/tui/keys/key-id"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const shortcuts = [
  { key: "ctrl+alt+p", description: "Toggle plan mode" },
  { key: "ctrl+t", description: "Steal thinking" },
]

test("a shortcut on a key the window leaves free reaches the session; typing stays typing", async () => {
  const client = new FakeClient({ "session.shortcut": () => ({}) })
  app = await mountApp({ client })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ shortcuts }) }) })
  app.mockInput.pressKey("p", { ctrl: true, meta: true })
  await app.renderOnce()
  expect(client.calls("session.shortcut")).toEqual([{ sessionId: "s1", key: "ctrl+alt+p" }])
  // a plain p is still a letter in the prompt
  await app.mockInput.typeText("p")
  expect(await app.until("│ › p ")).toContain("│ › p ")
  expect(client.calls("session.shortcut")).toHaveLength(1)
})

test("a shortcut on one of the window's keys is reported once and the key keeps its meaning", async () => {
  const client = new FakeClient({ "session.shortcut": () => ({}) })
  app = await mountApp({ client, width: 140 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo({ shortcuts }) }) })
  const frame = (await app.until("shortcut ctrl+t")).replace(/\s*\n\s*│?\s*/g, " ")
  expect(frame).toContain(
    "An extension's shortcut ctrl+t (Steal thinking) is xagent's own key (Show or hide all thinking): the key keeps xagent's meaning",
  )
  app.mockInput.pressKey("t", { ctrl: true })
  await app.renderOnce()
  expect(client.calls("session.shortcut")).toEqual([])
  // the same list again (a new info) says nothing new
  const toasts = () => app!.frame().split("An extension's shortcut").length - 1
  await app.emit({ type: "info", info: sessionInfo({ shortcuts, name: "renamed" }) })
  await app.renderOnce()
  expect(toasts()).toBe(1)
})

test("key ids: Pi's spellings and the window's key events meet; the own keys are canonical", () => {
  expect(canonicalKeyId("Shift+Ctrl+U")).toBe("ctrl+shift+u")
  expect(canonicalKeyId("ctrl+alt+p")).toBe(canonicalKeyId("alt+ctrl+p"))
  expect(canonicalKeyId("meta+Return")).toBe("alt+enter")
  expect(keyIdOf({ name: "p", ctrl: true, meta: true, shift: false })).toBe("ctrl+alt+p")
  expect(keyIdOf({ name: "return", ctrl: false, meta: false, shift: true })).toBe("shift+enter")
  for (const id of OWN_KEYS.keys()) expect(canonicalKeyId(id)).toBe(id)
})
