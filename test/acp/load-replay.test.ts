// session/load replays a history as its live rows looked: an edit's and a write's diffs (from what
// the history kept of each call, a write over an existing file too), the todo list as the thread's
// plan, and a prompt's embedded resources and links as the blocks the editor sent.
import * as acp from "@agentclientprotocol/sdk"
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
      { tool: "write", args: { path: "old.txt", content: "alpha\nBETA\ngamma\n" } },
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
  writeFileSync(join(box.box.cwd, "old.txt"), "alpha\nbeta\n")
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
    // A write over a file that was there: its diff from the old text, as the live row had it.
    const replaced = join(box.box.cwd, "old.txt")
    expect(diffsOf(replay, `Write ${replaced}`)).toEqual([
      { type: "diff", path: replaced, oldText: "alpha\nbeta\n", newText: "alpha\nBETA\ngamma\n" },
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

test(
  "a prompt's embedded resource and resource link replay as the blocks the editor sent",
  async () => {
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    const sent: acp.ContentBlock[] = [
      { type: "text", text: "look at these" },
      { type: "resource", resource: { uri: "file:///w/a.ts", text: "const a = 1\n\nexport {}" } },
      { type: "resource_link", uri: "file:///w/b.ts", name: "b.ts" },
      { type: "text", text: "thanks" },
    ]
    const answer = await ed.cx.request(acp.methods.agent.session.prompt, { sessionId: s.sessionId, prompt: sent })
    expect(answer.stopReason).toBe("end_turn")
    await ed.close()

    const next = await box.editor()
    await loadSession(next, box.box.cwd, s.sessionId)
    const chunks = next
      .of(s.sessionId)
      .filter((u) => u.sessionUpdate === "user_message_chunk")
      .map((u) => (u as { content: unknown }).content)
    expect(chunks).toEqual(sent)
    await next.close()
  },
  SLOW,
)
