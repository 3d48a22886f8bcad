// Slash commands run from an editor answer in the editor: what a command prints is its reply, a
// panel only a terminal window can draw is closed with a word on where to use it (the prompt never
// hangs on it), and a plan request's plan is a permission request carrying the plan, whose
// "Implement" runs the implementation in the same prompt.
import { afterAll, beforeAll, expect, test } from "bun:test"
import * as acp from "@agentclientprotocol/sdk"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { allow, chunkText, newSession, prompt, startAcpBox, type AcpBox, type Editor } from "./harness"

const SLOW = 180_000
const PLAN = "1. Rename alpha to beta in notes.txt\n2. Check the file"

let box: AcpBox
let ed: Editor
beforeAll(async () => {
  box = await startAcpBox({
    turns: [
      { text: "Before the panel." },
      { text: "After the panel." },
      { tool: "submit_plan", args: { outcome: "plan_ready", title: "Rename", plan: PLAN } },
      { text: "Plan is ready." },
      { tool: "edit", args: { path: "notes.txt", edits: [{ oldText: "alpha", newText: "beta" }] } },
      { text: "Implemented." },
    ],
  })
  ed = await box.editor()
}, SLOW)
afterAll(() => box.cleanup())

test(
  "/todo, /goal, /plan and /computer:status answer with what they print",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    const said: Record<string, string> = {}
    for (const cmd of ["/todo", "/goal", "/plan", "/computer:status"]) {
      const before = ed.of(s.sessionId).length
      expect((await prompt(ed, s.sessionId, cmd)).stopReason).toBe("end_turn")
      said[cmd] = chunkText(ed.of(s.sessionId).slice(before), "agent_message_chunk")
    }
    expect(said["/todo"]).toContain("no list in this conversation yet")
    expect(said["/goal"]).toContain("No goal set")
    expect(said["/plan"]).toContain("Say what to plan: /plan <request>")
    expect(said["/computer:status"]).toContain("computer-use")
  },
  SLOW,
)

test(
  "/mcp, a panel only a terminal window can draw, answers with where to use it; the session takes the next prompt",
  async () => {
    const s = await newSession(ed, box.box.cwd)
    expect((await prompt(ed, s.sessionId, "hi")).stopReason).toBe("end_turn")
    const before = ed.of(s.sessionId).length
    expect((await prompt(ed, s.sessionId, "/mcp")).stopReason).toBe("end_turn")
    const said = chunkText(ed.of(s.sessionId).slice(before), "agent_message_chunk")
    expect(said).toContain("/mcp opens a panel that only a terminal window can show")
    expect(said).toContain(`xagent attach ${s.sessionId}`)
    expect((await prompt(ed, s.sessionId, "and now")).stopReason).toBe("end_turn")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toContain("After the panel.")
  },
  SLOW,
)

test(
  "plan mode: the plan comes as a permission request with the plan; Implement runs it in the same prompt",
  async () => {
    writeFileSync(join(box.box.cwd, "notes.txt"), "alpha\n")
    const s = await newSession(ed, box.box.cwd)
    await ed.cx.request(acp.methods.agent.session.setMode, { sessionId: s.sessionId, modeId: "plan" })
    ed.onPermission = (req) => allow(req.options.some((o) => o.optionId === "implement") ? "implement" : "allow_once")
    const asked = ed.permissions.length
    expect((await prompt(ed, s.sessionId, "rename alpha")).stopReason).toBe("end_turn")
    const plan = ed.permissions[asked]!
    expect(plan.options.map((o) => o.optionId)).toEqual(["implement", "implement_auto", "keep"])
    expect(plan.toolCall.title).toContain("Rename")
    expect(JSON.stringify(plan.toolCall.content)).toContain("Rename alpha to beta in notes.txt")
    const entries = ed.of(s.sessionId).find((u) => u.sessionUpdate === "plan") as { entries: { content: string }[] }
    expect(entries.entries.map((e) => e.content)).toEqual(["Rename alpha to beta in notes.txt", "Check the file"])
    // The implementation ran before the prompt answered.
    expect(readFileSync(join(box.box.cwd, "notes.txt"), "utf8")).toBe("beta\n")
    expect(chunkText(ed.of(s.sessionId), "agent_message_chunk")).toContain("Implemented.")
  },
  SLOW,
)
