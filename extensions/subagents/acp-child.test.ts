// A child on an external ACP agent (a profile with `acp:`), on a real session of xagent's host
// (faux parent model): the agent is the tests' small SDK agent (test/fixture/plain-acp-agent.ts), a
// real program on a stdio pipe. Its tool call is the child's latest tool, its permission request is
// the parent's dialog named by the child, its report is the call's result; Esc cancels it and ends
// its program. Before, such a profile was refused.
import { expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall, type FauxResponseFactory } from "@earendil-works/pi-ai"
import { SessionManager } from "@earendil-works/pi-coding-agent"
import type { SessionSnapshot, ToolItem } from "../../src/protocol"
import { toolArgs } from "../../test/fixture/faux"
import { messageText, useFauxSessions } from "../../test/fixture/faux-session"
import { subagentsOf } from "./rules"

const open = useFauxSessions()
const AGENT = join(import.meta.dir, "../../test/fixture/plain-acp-agent.ts")

/** The person's own profile `plain` on the tests' agent, with `env` for it. */
function plainProfile(env: Record<string, string> = {}) {
  const dir = join(process.env.XAGENT_HOME!, "agents")
  mkdirSync(dir, { recursive: true })
  const envLines = Object.entries(env).map(([k, v]) => `  ${k}: ${v}\n`)
  writeFileSync(
    join(dir, "plain.md"),
    `---\nname: plain\nacp: ${process.execPath}\nargs: [${AGENT}]\n${envLines.length ? `env:\n${envLines.join("")}` : ""}---\n`,
  )
}

/** The parent: one agent call on `plain` with `task`, then a reply naming what came back. */
function parent(task: string): FauxResponseFactory[] {
  const step: FauxResponseFactory = (ctx) => {
    const turn = ctx.messages.slice(ctx.messages.findLastIndex((m) => m.role === "user"))
    const results = turn.filter((m) => m.role === "toolResult")
    if (!results.length)
      return fauxAssistantMessage(
        [fauxToolCall("agent", toolArgs({ task, title: "Write notes", profile: "plain" }), { id: "call-p" })],
        { stopReason: "toolUse" },
      )
    return fauxAssistantMessage(`parent got: ${messageText(results.at(-1)!.content).slice(0, 400)}`)
  }
  return [step, step]
}

const permissionOf = (s: SessionSnapshot) =>
  s.ui.pending.find((p) => p.kind === "permission" && p.from === "plain · Write notes")
const agentRow = (s: SessionSnapshot) => s.items.find((i): i is ToolItem => i.kind === "tool" && i.name === "agent")
const settled = (s: SessionSnapshot) =>
  !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming && i.stopReason === "stop")

test("the child runs on the ACP agent: its permission request is the parent's dialog named by it, its report the result", async () => {
  plainProfile()
  const { fx, rec, send, sessionId } = await open()
  fx.faux.setResponses(parent("ASK PERMISSION for notes.txt"))
  await send("delegate to the agent")
  const waiting = await rec.waitFor((s) => !!permissionOf(s), "the agent's permission request in the parent's window")
  const asked = permissionOf(waiting)!
  expect(asked).toMatchObject({ toolName: "Write notes.txt", title: "Write notes.txt" })
  // while it waits, the child's row names the agent's tool call and the agent it runs on
  const running = subagentsOf(waiting.info.extensions?.subagents)!.children[0]!
  expect(running).toMatchObject({ profile: "plain", status: "running", latestTool: "Write notes.txt" })
  expect(running.model).toContain("acp: ")
  await fx.client.request("session.uiRespond", { sessionId, requestId: asked.id, response: { value: "allow_once" } })
  const s = await rec.waitFor(settled, "the parent's reply after the child")
  const row = agentRow(s)!
  expect(row.status).toBe("done")
  expect(row.output).toContain("Subagent plain · Write notes: done in 1 turn")
  expect(row.output).toContain("(acp: Plain agent 1)")
  // what it wrote after its tool call is its report; before it, its preamble
  expect(row.output).toContain("permission: yes")
  expect(row.output).not.toContain("Let me write it.")
  expect(subagentsOf(s.info.extensions?.subagents)!.finished!.at(-1)).toMatchObject({ status: "done" })
  // Its conversation is a transcript Pi opens: the task, the preamble with its call, the call's
  // result, the report after it (ACP has no message boundaries: a call's end closes its message).
  const file = (row.details as { transcript: string }).transcript
  const messages = SessionManager.open(file).buildSessionContext().messages as unknown as {
    role: string
    content: unknown
    toolName?: string
    stopReason?: string
  }[]
  expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"])
  expect(messageText(messages[0]!.content)).toBe("ASK PERMISSION for notes.txt")
  expect(messageText(messages[1]!.content)).toContain("Let me write it.")
  expect(JSON.stringify(messages[1]!.content)).toContain('"type":"toolCall"')
  expect(messages[2]!.toolName).toBe("Write notes.txt")
  expect(messageText(messages[3]!.content)).toContain("permission: yes")
  expect(messages[3]!.stopReason).toBe("stop")
})

test("a rejected permission is the agent's reject option; Esc cancels the agent and ends its program", async () => {
  const pidFile = join(process.env.HOME!, `plain-${process.pid}.pid`)
  plainProfile({ PLAIN_AGENT_PID_FILE: pidFile })
  const { fx, rec, send, sessionId } = await open()
  fx.faux.setResponses(parent("ASK PERMISSION again"))
  await send("delegate")
  const asked = permissionOf(await rec.waitFor((s) => !!permissionOf(s), "the permission request"))!
  await fx.client.request("session.uiRespond", { sessionId, requestId: asked.id, response: { value: "reject_once" } })
  expect(agentRow(await rec.waitFor(settled, "the first reply"))!.output).toContain("permission: no")

  fx.faux.setResponses(parent("HANG until cancelled"))
  await send("delegate a long one")
  await rec.waitFor(
    (s) => subagentsOf(s.info.extensions?.subagents)?.children.some((c) => c.status === "running") === true,
    "the child running",
  )
  const until = Date.now() + 60_000
  while (!existsSync(pidFile) && Date.now() < until) await Bun.sleep(50)
  const pid = Number(readFileSync(pidFile, "utf8"))
  expect(alive(pid)).toBe(true)
  await fx.client.request("session.abort", { sessionId })
  await rec.waitFor(
    (s) => !s.running && subagentsOf(s.info.extensions?.subagents)?.finished?.at(-1)?.status === "cancelled",
    "the child cancelled",
  )
  const gone = Date.now() + 30_000
  while (alive(pid) && Date.now() < gone) await Bun.sleep(50)
  expect(alive(pid)).toBe(false)
}, 120_000)

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
