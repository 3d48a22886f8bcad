// After "allow always" an edit no longer waits for consent, so the file may change before
// `xagent acp` (another process) sees the row: the diff's old side is the file as it was when Pi
// called the tool, taken in the host, and the new side the file as that call left it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import type * as acp from "@agentclientprotocol/sdk"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { allow, newSession, prompt, startAcpBox, type AcpBox, type Editor } from "./harness"

const SLOW = 90_000
const edit = (oldText: string, newText: string) => ({
  tool: "edit",
  args: { path: "lines.txt", edits: [{ oldText, newText }] },
})

let box: AcpBox
let ed: Editor
beforeAll(async () => {
  box = await startAcpBox({
    // The first waits for consent; the next three, allowed always, come in one reply and run at once.
    turns: [
      edit("one", "ONE"),
      { tools: [edit("two", "TWO"), edit("three", "THREE"), edit("four", "FOUR")] },
      { text: "Done." },
    ],
  })
  writeFileSync(join(box.box.cwd, "lines.txt"), "one\ntwo\nthree\nfour\n")
  ed = await box.editor()
}, SLOW)
afterAll(() => box.cleanup())

test(
  "edits after allow_always: each finished row's diff runs from the file before that call to after it",
  async () => {
    ed.onPermission = () => allow("allow_always")
    const s = await newSession(ed, box.box.cwd)
    expect(await prompt(ed, s.sessionId, "shout the lines")).toEqual({ stopReason: "end_turn" })
    expect(ed.permissions).toHaveLength(1)
    const diffs = ed
      .of(s.sessionId)
      .filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed")
      .map((u) => (u as acp.ToolCallUpdate).content?.find((c) => c.type === "diff") as acp.Diff | undefined)
      .map((d) => [d?.oldText, d?.newText])
    expect(diffs).toEqual([
      ["one\ntwo\nthree\nfour\n", "ONE\ntwo\nthree\nfour\n"],
      ["ONE\ntwo\nthree\nfour\n", "ONE\nTWO\nthree\nfour\n"],
      ["ONE\nTWO\nthree\nfour\n", "ONE\nTWO\nTHREE\nfour\n"],
      ["ONE\nTWO\nTHREE\nfour\n", "ONE\nTWO\nTHREE\nFOUR\n"],
    ])
  },
  SLOW,
)
