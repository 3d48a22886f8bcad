// Plan mode in the window: Shift+Tab makes the next message a plan request (`/plan …`), the open
// plan card's keys and clicks run its actions, a `!command` typed during a plan request waits for
// its end, and the plan panel shows during an implementation run.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import type { TranscriptItem } from "../../src/protocol"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function client() {
  const c = new FakeClient()
  c.route("session.commands", () => ({ commands: [{ name: "plan", source: "extension" }] }))
  return c
}
const card: TranscriptItem = {
  kind: "custom",
  id: "c-1",
  customType: "plan",
  text: "Plan",
  details: { outcome: "plan_ready", title: "Add a flag", plan: "1. Add it\n2. Test it", path: "/p/plan-1.md" },
  timestamp: 2,
}
const prompts = (c: FakeClient) => c.calls("session.prompt").map((p) => p.text)

test("Shift+Tab turns plan mode on for the next message only", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 80 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "hi")] }) })
  await app.until(() => c.calls("session.commands").length > 0)
  app.mockInput.pressTab({ shift: true })
  await app.until("Plan mode: the next message is a plan request")
  await app.submit("add a flag")
  await app.until(() => prompts(c).includes("/plan add a flag"))
  await app.until((f) => !f.includes("Plan mode: the next message"))
  await app.submit("plain")
  await app.until(() => prompts(c).includes("plain"))
})

test("the open plan card: alt+i implements, alt+a auto-accepts, alt+k keeps planning; with no plan file a click on Edit plan asks the extension", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 100, height: 30 })
  // The plan file is opened in $EDITOR when the card has one (a tmux e2e: it needs a terminal).
  const noFile = { ...card, details: { ...(card.details as object), path: undefined } }
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "plan it"), noFile] }) })
  await app.until("[alt+i] Implement")
  app.mockInput.pressKey("i", { meta: true })
  await app.until(() => prompts(c).includes("/plan implement"))
  app.mockInput.pressKey("a", { meta: true })
  await app.until(() => prompts(c).includes("/plan implement --auto"))
  app.mockInput.pressKey("k", { meta: true })
  await app.until("Plan mode: the next message is a plan request")
  await app.submit("also document it")
  await app.until(() => prompts(c).includes("/plan also document it"))
  const lines = app.frame().split("\n")
  const y = lines.findIndex((l) => l.includes("[alt+e] Edit plan"))
  await app.mockMouse.click(lines[y]!.indexOf("[alt+e] Edit plan") + 2, y)
  await app.until(() => prompts(c).includes("/plan edit"))
})

test("a !command during a plan request waits for its end", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 100 })
  // Plan mode comes from the session's info; with no sandbox here the status line names the allow-list.
  const info = sessionInfo({ extensions: { plan: { mode: "plan" } }, sandbox: { mode: "sandboxed", available: false } })
  await app.emit({ type: "snapshot", snapshot: snapshot({ running: true, items: [item.user("u1", "/plan x")], info }) })
  await app.until("read-only allow-list")
  await app.submit("!git status")
  await app.until("! git status (runs after the plan request)")
  expect(c.calls("session.bash").length).toBe(0)
  await app.emit({ type: "info", info: { ...info, extensions: {} } }, { type: "run", running: false })
  await app.until(() => c.calls("session.bash").some((b) => b.command === "git status"))
})

test("during an implementation run the plan panel shows the steps with todo progress", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 100, height: 30 })
  const implement: TranscriptItem = {
    kind: "custom",
    id: "c-2",
    customType: "plan-implement",
    text: "Implement",
    details: { title: "Add a flag", plan: "1. Add it\n2. Test it", autoAccept: false },
    timestamp: 3,
  }
  const todo = item.tool(
    "t1",
    "todo_write",
    {},
    {
      details: {
        todos: [
          { id: "1", content: "Add it", status: "completed" },
          { id: "2", content: "Test it", status: "in_progress" },
        ],
      },
    },
  )
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ running: true, items: [item.user("u1", "x"), card, implement, todo] }),
  })
  const f = await app.until("▾ Plan · Add a flag · 1 of 2 done")
  expect(f).toContain("✓ 1. Add it")
  expect(f).toContain("● 2. Test it")
  expect(f).toContain("▶ Implementing the plan · Add a flag")
  expect(f).not.toContain("[alt+i] Implement")
})

test("the plan panel's steps are the plan's numbered steps, not its Risks bullets; its count is the plan's", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 100, height: 30 })
  const plan = "1. Read add()\n2. Validate its arguments\n3. Test it\n\n## Risks\n- callers passing strings"
  const implement: TranscriptItem = {
    kind: "custom",
    id: "c-2",
    customType: "plan-implement",
    text: "Implement",
    details: { title: "Validate add()", plan, autoAccept: false },
    timestamp: 3,
  }
  // A todo list of its own shape (two items for three steps) says nothing about the plan's steps.
  const todos = (statuses: string[]) =>
    item.tool(
      `t-${statuses.length}`,
      "todo_write",
      {},
      { details: { todos: statuses.map((status, i) => ({ id: String(i), content: `todo ${i}`, status })) } },
    )
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      running: true,
      items: [item.user("u1", "x"), card, implement, todos(["completed", "pending"])],
    }),
  })
  const f = await app.until("▾ Plan · Validate add() · 3 steps")
  expect(f).toContain("○ 3. Test it")
  expect(f).not.toContain("callers passing strings")
  expect(f.split("\n").find((l) => l.includes("▾ Plan"))).not.toContain("of 2 done")
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      running: true,
      items: [item.user("u1", "x"), card, implement, todos(["completed", "in_progress", "pending"])],
    }),
  })
  await app.until("▾ Plan · Validate add() · 1 of 3 done")
})

test("once a plan request is sent, the prompt's hint is whole again at 100 columns", async () => {
  const c = client()
  app = await mountApp({ client: c, width: 100, height: 30 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "hi")] }) })
  await app.until(() => c.calls("session.commands").length > 0)
  app.mockInput.pressTab({ shift: true })
  await app.until("Plan mode: the next message is a plan request")
  await app.submit("validate add inputs")
  await app.until(() => prompts(c).includes("/plan validate add inputs"))
  // Before, the hint was cut at "! she" though the box had room.
  expect(await app.until("Ask anything")).toContain("Ask anything · / commands · @ files · ! shell")
})
