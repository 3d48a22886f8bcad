// `!command` in the window: Esc stops a running one like it stops a reply, the row then says it
// was cancelled; `!!command` is sent as a command the model does not see, and its row says so.
import { afterEach, expect, test } from "bun:test"
import type { BashItem } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const bash = (over: Partial<BashItem> = {}): BashItem => ({
  kind: "bash",
  id: "b1",
  command: "sleep 30",
  output: "",
  status: "running",
  timestamp: 1,
  ...over,
})

async function ready() {
  app = await mountApp({ width: 90, height: 24 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "hi")] }) })
  await app.until("› Ask anything")
  return app
}

test("Esc stops a running !command, and its row says cancelled", async () => {
  const app = await ready()
  await app.submit("!sleep 30")
  expect(app.client.calls("session.bash")).toEqual([{ sessionId: "s1", command: "sleep 30" }])
  await app.emit({ type: "item_add", item: bash() })
  await app.until("! sleep 30")
  app.mockInput.pressEscape()
  await app.until(() => app.client.calls("session.abort").length > 0)
  expect(app.client.calls("session.abort")).toEqual([{ sessionId: "s1" }])
  await app.emit({ type: "item_update", item: bash({ status: "done", cancelled: true }) })
  const frame = await app.until("cancelled")
  expect(frame).toMatch(/⏹ ! sleep 30 {2}cancelled/)
})

test("Esc with nothing running sends no abort", async () => {
  const app = await ready()
  await app.emit({ type: "item_add", item: bash({ status: "done", exitCode: 0 }) })
  app.mockInput.pressEscape()
  await app.renderOnce()
  expect(app.client.calls("session.abort")).toEqual([])
})

test("!!command runs outside the model's context and its row says so", async () => {
  const app = await ready()
  await app.submit("!!echo secret")
  expect(app.client.calls("session.bash")).toEqual([
    { sessionId: "s1", command: "echo secret", excludeFromContext: true },
  ])
  await app.emit({
    type: "item_add",
    item: bash({ command: "echo secret", status: "done", exitCode: 0, output: "secret\n", excludeFromContext: true }),
  })
  const frame = await app.until("echo secret")
  expect(frame).toMatch(/✓ !! echo secret {2}exit 0 · not in context/)
})

test("a sandboxed !command's row says sandboxed, and that its /tmp is private when it names /tmp; !outside says so", async () => {
  const app = await ready()
  await app.emit({
    type: "item_add",
    item: bash({ id: "b1", command: "touch /tmp/sbx-marker", status: "done", exitCode: 0, sandboxed: true }),
  })
  expect(await app.until("sandboxed")).toMatch(/! touch \/tmp\/sbx-marker {2}exit 0 · sandboxed: its \/tmp is private/)
  await app.emit({
    type: "item_add",
    item: bash({ id: "b2", command: "make build", status: "done", exitCode: 0, sandboxed: true }),
  })
  expect(await app.until("make build")).toMatch(/! make build {2}exit 0 · sandboxed {2,}$/m)
  await app.emit({
    type: "item_add",
    item: bash({ id: "b3", command: "touch /tmp/out", status: "done", exitCode: 0, outside: true }),
  })
  expect(await app.until("outside the")).toMatch(/! touch \/tmp\/out {2}exit 0 · outside the sandbox/)
})
