// A long message of the user's (a big paste, sent) is collapsed in the transcript the way the
// prompt shows it: its first lines and how many more there are; Ctrl+O or a click opens it.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n")

test("a 500-line message shows its start and a count; Ctrl+O opens and closes it", async () => {
  app = await mountApp({ width: 80, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", lines(500) + "\n"), item.assistant("a1", "Got it. END")] }),
  })
  let frame = await app.until("END")
  expect(frame).toContain("line 1 ")
  expect(frame).toContain("line 6 ")
  expect(frame).not.toContain("line 7 ")
  expect(frame).toContain("… 494 more lines (ctrl+o or click)")

  app.mockInput.pressKey("o", { ctrl: true })
  frame = await app.until((f) => f.includes("line 500"))
  expect(frame).not.toContain("more lines (ctrl+o")

  app.mockInput.pressKey("o", { ctrl: true })
  frame = await app.until((f) => f.includes("494 more lines"))
  expect(frame).not.toContain("line 500")
})

test("a click on a collapsed message opens just that one", async () => {
  app = await mountApp({ width: 80, height: 40 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [item.user("u1", lines(20)), item.user("u2", "short one"), item.user("u3", lines(30))],
    }),
  })
  let frame = await app.until("short one")
  expect(frame).toContain("… 14 more lines")
  expect(frame).toContain("… 24 more lines")
  const row = frame.split("\n").findIndex((l) => l.includes("… 14 more lines"))
  await app.mockMouse.click(6, row)
  frame = await app.until((f) => f.includes("line 20"))
  expect(frame).toContain("… 24 more lines")
})

test("a short message is shown whole with no hint", async () => {
  app = await mountApp({ width: 80, height: 30 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", lines(8))] }) })
  const frame = await app.until("line 8")
  expect(frame).not.toContain("more lines")
})
