// Esc stops the reply, and the steers and follow-ups that were waiting come back into the prompt.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

test("Esc during a reply puts the queued messages back in the composer and the queue rows go", async () => {
  const client = new FakeClient()
  client.route("session.abort", () => {
    client.emit({ type: "queue", queue: { steering: [], followUp: [] } })
    client.emit({ type: "run", running: false })
    return { editorText: "steer now\n\nfollow A" }
  })
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ running: true, queue: { steering: ["steer now"], followUp: ["follow A"] } }),
  })
  let frame = await app.until("Steer: steer now")
  expect(frame).toContain("Queued: follow A")
  app.mockInput.pressEscape()
  frame = await app.until("› steer now")
  expect(app.client.calls("session.abort")).toEqual([{ sessionId: "s1" }])
  expect(frame).not.toContain("Steer: steer now")
  expect(frame).not.toContain("Alt+↑ edit all")
  expect(frame).toContain("follow A")
})

test("a draft in the prompt is kept: the queued messages go in front of it", async () => {
  const client = new FakeClient()
  client.route("session.abort", () => ({ editorText: "follow A" }))
  app = await mountApp({ width: 90, height: 24, client })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ running: true, queue: { steering: [], followUp: ["follow A"] } }),
  })
  await app.until("Queued: follow A")
  await app.mockInput.typeText("my draft")
  app.mockInput.pressEscape()
  const frame = await app.until("› follow A")
  const rows = frame.split("\n")
  expect(rows[rows.findIndex((l) => l.includes("› follow A")) + 1]).toContain("my draft")
})
