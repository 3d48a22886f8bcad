// Text put into the composer from outside it (an extension, a refused prompt, a fork) reaches the
// composer, in order, whatever page or dialog is up when it comes.
import { afterEach, expect, test } from "bun:test"
import { createComposerInput, type ComposerEdit } from "../../src/tui/context/composer-input"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  app = undefined
})

async function ready(client = new FakeClient()) {
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

test("an extension's text sent while another page is up waits for the composer, in order", async () => {
  const client = new FakeClient({ "session.tree": () => ({ nodes: [] }) })
  const app = await ready(client)
  await app.submit("/tree")
  await app.until("Session tree")
  await app.emit({ type: "ui_editor", text: "first draft", how: "set" })
  await app.emit({ type: "ui_editor", text: " and more", how: "paste" })
  app.mockInput.pressEscape()
  expect(await app.until("› first draft and more")).not.toContain("Session tree")
})

test("a refused prompt comes back into the composer, not into a dialog's field opened meanwhile", async () => {
  let refuse!: () => void
  const refused = new Promise<void>((resolve) => (refuse = resolve))
  const client = new FakeClient({
    "session.prompt": async () => {
      await refused
      throw new Error("model not available")
    },
  })
  const app = await ready(client)
  await app.submit("please keep me")
  await app.until(() => client.calls("session.prompt").length === 1)
  await app.submit("/name")
  await app.until("Name this session")
  refuse()
  const frame = await app.until("› please keep me")
  // The dialog's field stays as the person left it.
  expect(frame).toContain("Name this session")
  expect(frame).not.toMatch(/│ │\s*please keep me/)
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Name this session"))).toContain("› please keep me")
})

test("edits wait in order while no composer is there, then go straight to the one attached", () => {
  const input = createComposerInput()
  const seen: ComposerEdit[] = []
  input.set("a")
  input.restore(undefined)
  input.prepend("")
  input.paste("b")
  const detach = input.attach((e) => seen.push(e))
  input.restore("c")
  detach()
  input.prepend("d")
  expect(seen).toEqual([
    { kind: "set", text: "a" },
    { kind: "paste", text: "b" },
    { kind: "restore", text: "c" },
  ])
  input.attach((e) => seen.push(e))
  expect(seen.at(-1)).toEqual({ kind: "prepend", text: "d" })
})
