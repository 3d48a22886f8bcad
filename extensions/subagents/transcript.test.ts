// A child's transcript, todo list and the person's messages to it, on a real Pi session (faux model):
// the child's conversation is a Pi session file beside its parent's, which Pi itself opens and
// which Pi's session listing leaves out; the child's todo_write keeps a list of its own, whose
// counts its result reports (the parent's list untouched); a message sent to a running child with
// /subagents:steer reaches its next model request.
import { expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { dirname } from "node:path"
import { fauxAssistantMessage, fauxToolCall, type FauxResponseFactory } from "@earendil-works/pi-ai"
import { SessionManager } from "@earendil-works/pi-coding-agent"
import type { SessionSnapshot, ToolItem } from "../../src/protocol"
import { saidOf, toolArgs } from "../../test/fixture/faux"
import { messageText, useFauxSessions } from "../../test/fixture/faux-session"
import { STEER_COMMAND, subagentsOf } from "./rules"
import { transcriptFolder } from "./transcript"

const open = useFauxSessions()

type Msg = { role: string; content: unknown }
const userTexts = (messages: readonly Msg[]) =>
  messages.filter((m) => m.role === "user").map((m) => messageText(m.content))
const resultsOf = (messages: readonly Msg[]) => messages.filter((m) => m.role === "toolResult")
const agentRows = (s: SessionSnapshot) => s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "agent")
const settled = (s: SessionSnapshot) =>
  !s.running && s.items.some((i) => i.kind === "assistant" && !i.streaming && i.stopReason === "stop")

function router(route: (users: string[], results: number, signal?: AbortSignal) => ReturnType<FauxResponseFactory>) {
  const step: FauxResponseFactory = (ctx, options) => {
    const messages = ctx.messages as unknown as Msg[]
    return route(userTexts(messages), resultsOf(messages).length, options?.signal)
  }
  return Array.from({ length: 20 }, () => step)
}

test("a child's conversation is a Pi session file Pi opens, left out of Pi's listing; its own todo list's counts come back", async () => {
  const { fx, rec, send, sessionId } = await open()
  fx.faux.setResponses(
    router((users, results) => {
      if (users[0] === "delegate") {
        if (!results)
          return fauxAssistantMessage(
            [fauxToolCall("agent", toolArgs({ task: "CHILD lists and tracks", title: "Track it" }), { id: "call-t" })],
            { stopReason: "toolUse" },
          )
        return fauxAssistantMessage("parent done")
      }
      if (!results)
        return fauxAssistantMessage(
          [
            { type: "text", text: "I will keep a list." },
            fauxToolCall(
              "todo_write",
              toolArgs({
                todos: [
                  { content: "Look around", status: "completed" },
                  { content: "Write it up", status: "in_progress" },
                ],
              }),
            ),
          ],
          { stopReason: "toolUse" },
        )
      return fauxAssistantMessage("CHILD REPORT: looked around")
    }),
  )
  await send("delegate")
  const s = await rec.waitFor(settled, "the parent's reply")
  const row = agentRows(s)[0]!
  expect(row.status).toBe("done")
  expect(row.output).toContain("todos 1 of 2 done")
  const details = row.details as { transcript: string; todos: { done: number; total: number } }
  expect(details.todos).toEqual({ done: 1, total: 2 })
  // Beside the parent's file, in a folder named after it.
  expect(details.transcript).toBe(`${transcriptFolder(s.info.file!)}/call-t.jsonl`)
  // Pi opens it: the task, the reply with its call, the list's result and the report, in order.
  const pi = SessionManager.open(details.transcript)
  const messages = pi.buildSessionContext().messages as unknown as Msg[]
  // (Pi's own file starts with the system message of the tools offered, as this one does.)
  expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "toolResult", "assistant"])
  expect(messageText(messages[1]!.content)).toBe("CHILD lists and tracks")
  expect(JSON.stringify(messages[2]!.content)).toContain("todo_write")
  expect(messageText(messages[4]!.content)).toBe("CHILD REPORT: looked around")
  expect(pi.getHeader()?.parentSession).toBe(s.info.file)
  expect((await import("node:fs")).statSync(details.transcript).mode & 0o777).toBe(0o600)
  // Pi's listing of the folder's sessions has the parent's alone.
  const listed = await SessionManager.list(fx.cwd, dirname(s.info.file!))
  expect(listed.map((x) => x.path)).toEqual([s.info.file!])
  // The child's list was its own: the parent's todo state holds none.
  expect(JSON.stringify(s.info.extensions?.todo ?? {})).not.toContain("Look around")
  const ended = subagentsOf(s.info.extensions?.subagents)!.finished![0]!
  expect(ended.transcript).toBe(details.transcript)
  expect(ended.todos).toEqual({ done: 1, total: 2 })
  // Reopened, the roster's row still opens it.
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: s.info.file! })
  const back = await fx
    .record(again.sessionId)
    .waitFor((r) => (subagentsOf(r.info.extensions?.subagents)?.finished?.length ?? 0) === 1, "the rebuilt roster")
  expect(subagentsOf(back.info.extensions?.subagents)!.finished![0]).toMatchObject({
    id: "call-t",
    transcript: details.transcript,
    todos: { done: 1, total: 2 },
  })
})

test("a message sent to a running child with /subagents:steer reaches its next model request; to an ended one it is refused", async () => {
  const { fx, rec, send, sessionId } = await open()
  let asked!: () => void
  const childAsking = new Promise<void>((r) => (asked = r))
  let release!: () => void
  const mayAnswer = new Promise<void>((r) => (release = r))
  fx.faux.setResponses(
    router(async (users, results) => {
      if (users[0] === "delegate") {
        if (!results)
          return fauxAssistantMessage(
            [fauxToolCall("agent", toolArgs({ task: "CHILD waits", title: "Wait" }), { id: "call-s" })],
            { stopReason: "toolUse" },
          )
        return fauxAssistantMessage("parent done")
      }
      if (!results) {
        asked()
        await mayAnswer
        return fauxAssistantMessage([fauxToolCall("ls", toolArgs({ path: "." }))], { stopReason: "toolUse" })
      }
      return fauxAssistantMessage(`CHILD heard: ${users.slice(1).join(" / ") || "nothing"}`)
    }),
  )
  await send("delegate")
  const running = await rec.waitFor(
    (s) => subagentsOf(s.info.extensions?.subagents)?.children.some((c) => c.steerable) === true,
    "the child taking messages",
  )
  const child = subagentsOf(running.info.extensions?.subagents)!.children[0]!
  await childAsking
  await send(`/${STEER_COMMAND} ${child.id} look at the README first`)
  release()
  const s = await rec.waitFor(settled, "the parent's reply")
  expect(agentRows(s)[0]!.output).toContain("CHILD heard: look at the README first")
  const file = (agentRows(s)[0]!.details as { transcript: string }).transcript
  expect(readFileSync(file, "utf8")).toContain("look at the README first")
  // Ended, it takes none, and says so.
  await send(`/${STEER_COMMAND} ${child.id} too late`)
  const said = await rec.waitFor(
    (x) => saidOf(rec.events).some((n) => n.message.includes("already ended")),
    "the refusal",
  )
  expect(said.running).toBe(false)
  await send(`/${STEER_COMMAND} nobody hello`)
  await rec.waitFor(
    () => saidOf(rec.events).some((n) => n.message.includes("No subagent nobody is running")),
    "no such child",
  )
  expect(existsSync(file)).toBe(true)
  void sessionId
})
