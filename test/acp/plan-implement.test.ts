// A plan approved in the editor: with "Implement, edits auto-accepted" the plan's permission is
// the only question; with "Implement" each edit is asked about once (by the plan, not again by
// the editor's consent gate).
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { allow, chunkText, newSession, prompt, startAcpBox, type AcpBox } from "./harness"

const SLOW = 180_000
const PLAN = "1. Rename alpha to beta in notes.txt\n2. Rename gamma to delta"

let box: AcpBox
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { tool: "submit_plan", args: { outcome: "plan_ready", title: "Rename", plan: PLAN } },
      { text: "Plan is ready." },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "alpha", newText: "beta" }] } },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "gamma", newText: "delta" }] } },
      { text: "Implemented." },
      { tool: "submit_plan", args: { outcome: "plan_ready", title: "Undo", plan: "1. Rename beta back to alpha" } },
      { text: "Plan is ready." },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "beta", newText: "alpha" }] } },
      { text: "Implemented again." },
    ],
  })
}, SLOW)
afterAll(() => box.cleanup())

test(
  "Implement, edits auto-accepted: the plan is asked about once, its edits never",
  async () => {
    writeFileSync(join(box.box.cwd, "notes.txt"), "alpha\ngamma\n")
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    await ed.cx.request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: "plan" })
    ed.onPermission = (req) =>
      allow(req.options.some((o) => o.optionId === "implement_auto") ? "implement_auto" : "reject_once")
    expect((await prompt(ed, s.sessionId, "rename both")).stopReason).toBe("end_turn")
    expect(readFileSync(join(box.box.cwd, "notes.txt"), "utf8")).toBe("beta\ndelta\n")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toContain("Implemented.")
    expect(ed.permissions.map((p) => p.toolCall.title)).toEqual(["Implement the plan: Rename?"])
    await ed.close()
  },
  SLOW,
)

test(
  "Implement: each edit is asked about once",
  async () => {
    writeFileSync(join(box.box.cwd, "notes.txt"), "beta\ndelta\n")
    const ed = await box.editor()
    const s = await newSession(ed, box.box.cwd)
    await ed.cx.request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: "plan" })
    ed.onPermission = (req) => allow(req.options.some((o) => o.optionId === "implement") ? "implement" : "allow_once")
    expect((await prompt(ed, s.sessionId, "undo it")).stopReason).toBe("end_turn")
    expect(readFileSync(join(box.box.cwd, "notes.txt"), "utf8")).toBe("alpha\ndelta\n")
    // The plan, then the one edit.
    expect(ed.permissions.map((p) => p.toolCall.title)).toEqual([
      "Implement the plan: Undo?",
      expect.stringContaining("notes.txt"),
    ])
    await ed.close()
  },
  SLOW,
)
