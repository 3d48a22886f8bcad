// session/load replays a history as its live rows looked: an edit's and a write's diffs (from what
// the history kept of each call), and the todo list as the thread's plan.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { allow, loadSession, newSession, prompt, rowUpdates, startAcpBox, type AcpBox, type Update } from "./harness"

const SLOW = 180_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { tool: "write", args: { path: "new.txt", content: "fresh\n" } },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "two", newText: "TWO" }] } },
      {
        tool: "todo_write",
        args: {
          todos: [
            { content: "first", status: "completed" },
            { content: "second", status: "pending" },
          ],
        },
      },
      { text: "Done." },
    ],
  })
  writeFileSync(join(box.box.cwd, "notes.txt"), "one\ntwo\nthree\n")
}, SLOW)
afterAll(() => box.cleanup())

type Row = Update & { toolCallId: string; title?: string; content?: { type: string }[] }
const diffsOf = (updates: Update[], title: string) => {
  const row = updates.find((u) => u.sessionUpdate === "tool_call" && (u as Row).title === title) as Row | undefined
  if (!row) return undefined
  return rowUpdates(updates, row.toolCallId).flatMap((u) =>
    ((u.content ?? []) as Record<string, unknown>[]).filter((c) => c.type === "diff"),
  )
}

test(
  "a replayed edit and write carry their diffs, and the todo list comes back as the plan",
  async () => {
    const ed = await box.editor()
    ed.onPermission = () => allow("allow_once")
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "change things")).stopReason).toBe("end_turn")
    await ed.close()

    const next = await box.editor()
    await loadSession(next, box.box.cwd, s.sessionId)
    const replay = next.of(s.sessionId)
    const notes = join(box.box.cwd, "notes.txt")
    const edit = diffsOf(replay, `Edit ${notes}`)
    expect(edit).toEqual([{ type: "diff", path: notes, oldText: "one\ntwo\nthree\n", newText: "one\nTWO\nthree\n" }])
    const created = join(box.box.cwd, "new.txt")
    expect(diffsOf(replay, `Write ${created}`)).toEqual([
      { type: "diff", path: created, oldText: null, newText: "fresh\n" },
    ])
    const plan = replay.find((u) => u.sessionUpdate === "plan") as { entries: { content: string; status: string }[] }
    expect(plan?.entries.map((e) => [e.content, e.status])).toEqual([
      ["first", "completed"],
      ["second", "pending"],
    ])
    await next.close()
  },
  SLOW,
)
