// Scrolled up, new output below the view is announced; sending a message jumps to the bottom and
// follows the reply again.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const HINT = "↓ new output below"

async function longSession() {
  app = await mountApp({ width: 80, height: 20 })
  const items = Array.from({ length: 30 }, (_, i) => item.assistant(`a${i}`, `old reply number ${i}`))
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u0", "first question"), ...items] }) })
  await app.until("old reply number 29")
  app.mockInput.pressKey("HOME", { ctrl: true })
  await app.until("first question")
  return app
}

test("new output below a scrolled-up view shows a hint, which goes once the view reaches the bottom", async () => {
  const app = await longSession()
  expect(app.frame()).not.toContain(HINT)
  await app.emit({ type: "item_add", item: item.assistant("n1", "brand new reply") })
  let frame = await app.until(HINT)
  expect(frame).toContain("first question")
  expect(frame).not.toContain("brand new reply")
  app.mockInput.pressKey("END", { ctrl: true })
  frame = await app.until("brand new reply")
  expect(frame).not.toContain(HINT)
})

test("sending while scrolled up jumps to the bottom and follows what comes next", async () => {
  const app = await longSession()
  await app.submit("run bash")
  expect(app.client.calls("session.prompt").map((p) => p.text)).toEqual(["run bash"])
  let frame = await app.until("old reply number 29")
  expect(frame).not.toContain("first question")
  await app.emit(
    { type: "item_add", item: item.user("u1", "run bash") },
    { type: "item_add", item: item.assistant("a-new", "the streaming reply") },
  )
  frame = await app.until("the streaming reply")
  expect(frame).toContain("run bash")
  expect(frame).not.toContain(HINT)
})
