// A subagent over ACP: the editor sees the agent call's live content while the child runs (its
// state as the tool's partial result: running, its latest tool), before the call completes with
// the child's report. Before, the row had no content until the end.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { allow, chunkText, firstRow, newSession, prompt, rowUpdates, startAcpBox, type AcpBox } from "./harness"

const SLOW = 90_000

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox(
    {
      turns: [
        { text: "I will delegate.", tool: "agent", args: { task: "CHILD read notes.txt", title: "Read the notes" } },
        // the child: a read, then its report (slow enough to be seen running)
        { text: "Reading.", tool: "read", args: { path: "notes.txt" } },
        { text: "The notes say hello, and that is all there is to report from them." },
        { text: "Parent done." },
      ],
    },
    { tps: 40 },
  )
  writeFileSync(join(box.box.cwd, "notes.txt"), "hello\n")
}, SLOW)
afterAll(() => box.cleanup())

test(
  "the agent call's row carries the child's progress while it runs, then its report",
  async () => {
    const ed = await box.editor()
    ed.onPermission = () => allow("allow_once")
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "delegate")).stopReason).toBe("end_turn")
    const updates = ed.of(s.sessionId)
    // The parent's agent call is the session's first row (the child's read is not the editor's).
    const agentRow = rowUpdates(updates, firstRow(updates)!.toolCallId)
    const text = (u: (typeof agentRow)[number]) =>
      JSON.stringify((u.content ?? []).map((c) => (c as { content?: { text?: string } }).content?.text ?? ""))
    const done = agentRow.findIndex((u) => u.status === "completed")
    expect(done).toBeGreaterThan(0)
    const live = agentRow.slice(0, done).filter((u) => u.content?.length)
    expect(live.map(text).join("\n")).toContain("general · Read the notes: running")
    expect(live.some((u) => text(u).includes("· read"))).toBe(true)
    expect(text(agentRow[done]!)).toContain("The notes say hello")
    expect(chunkText(updates, "agent_message_chunk")).toContain("Parent done.")
  },
  SLOW,
)
