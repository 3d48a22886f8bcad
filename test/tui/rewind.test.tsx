// Rewind (issue #12, feature 5): Esc twice on an empty prompt, with no reply running, lists this
// branch's user messages, newest first; choosing one moves the session to just before it (Pi's
// tree semantics, session.navigate) and puts its text back in the composer.
import { afterEach, expect, test } from "bun:test"
import type { TreeNode } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const node = (id: string, parentId: string | null, role: string, text: string, onPath = false): TreeNode => ({
  id,
  parentId,
  role,
  text,
  timestamp: Number(id.slice(1)),
  onPath,
  isLeaf: false,
})
const tree = [
  node("n1", null, "user", "start the project", true),
  node("n2", "n1", "assistant", "done", true),
  node("n3", "n2", "user", "try approach A"),
  node("n4", "n3", "assistant", "A failed"),
  node("n5", "n2", "user", "try approach B", true),
  node("n6", "n5", "assistant", "B works", true),
]

async function ready(over: Parameters<typeof snapshot>[0] = {}) {
  const client = new FakeClient({
    "session.tree": () => ({ nodes: tree }),
    "session.navigate": (p) => ({
      editorText: p.entryId === "n5" ? "try approach B\nwith tests" : "start the project",
    }),
  })
  app = await mountApp({ width: 80, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot(over) })
  await app.until("╭")
  return app
}

test("Esc twice on an empty prompt lists this branch's user messages; choosing one rewinds to before it", async () => {
  const app = await ready()
  app.mockInput.pressEscape()
  await app.renderOnce()
  app.mockInput.pressEscape()
  const frame = await app.until("Rewind to before a message")
  expect(frame).toContain("try approach B")
  expect(frame).toContain("start the project")
  // Another branch's message is not on this branch.
  expect(frame).not.toContain("try approach A")
  // Newest first: the latest message is the one under the cursor.
  expect(frame.indexOf("try approach B")).toBeLessThan(frame.indexOf("start the project"))
  app.mockInput.pressEnter()
  const back = await app.until("with tests")
  expect(back).toContain("try approach B")
  expect(back).not.toContain("Rewind to before a message")
  expect(app.client.calls("session.navigate")).toEqual([{ sessionId: "s1", entryId: "n5" }])
})

test("Esc twice does not rewind while a reply runs or when the prompt has text", async () => {
  const app = await ready({ running: true })
  app.mockInput.pressEscape()
  app.mockInput.pressEscape()
  await app.until(() => app.client.calls("session.abort").length > 0)
  await app.emit({ type: "run", running: false })
  await app.mockInput.typeText("draft")
  app.mockInput.pressEscape()
  app.mockInput.pressEscape()
  await app.renderOnce()
  expect(app.frame()).not.toContain("Rewind to before a message")
  expect(app.client.calls("session.tree")).toEqual([])
})

test("with no user message yet, Esc twice says there is nothing to rewind", async () => {
  const client = new FakeClient({ "session.tree": () => ({ nodes: [] }) })
  app = await mountApp({ width: 80, height: 24, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("Ask anything")
  app.mockInput.pressEscape()
  app.mockInput.pressEscape()
  expect(await app.until("Nothing to rewind yet")).not.toContain("Rewind to before a message")
})
