// The person stops one child (the roster's Ctrl+X sends `/subagents:stop <id>` as a prompt) on a
// real Pi session (faux model): that child's request is aborted and its call returns, saying the
// person stopped it; its sibling runs on and finishes; the parent gets both results and goes on.
import { expect, test } from "bun:test"
import {
  fauxAssistantMessage,
  fauxToolCall,
  type AssistantMessage,
  type FauxResponseFactory,
} from "@earendil-works/pi-ai"
import type { SessionSnapshot, ToolItem } from "../../src/protocol"
import { toolArgs } from "../../test/fixture/faux"
import { messageText, useFauxSessions } from "../../test/fixture/faux-session"
import { STOP_COMMAND, subagentsOf } from "./rules"

const open = useFauxSessions()

type Msg = { role: string; content: unknown }
const taskOf = (messages: readonly Msg[]) => messageText(messages.find((m) => m.role === "user")?.content)
const resultsOf = (messages: readonly Msg[]) =>
  messages.filter((m) => m.role === "toolResult").map((m) => messageText(m.content))
const agentCall = (args: Record<string, unknown>, id: string) => fauxToolCall("agent", toolArgs(args), { id })

/** Every request goes through `route` (by its task, its results so far and its abort signal). */
function router(route: (task: string, results: string[], signal?: AbortSignal) => Promise<AssistantMessage>) {
  const step: FauxResponseFactory = (ctx, options) => {
    const messages = ctx.messages as unknown as Msg[]
    return route(taskOf(messages), resultsOf(messages), options?.signal)
  }
  return Array.from({ length: 20 }, () => step)
}

const untilAborted = (signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    signal?.addEventListener("abort", () => resolve(), { once: true })
  })
const agentResults = (s: SessionSnapshot) =>
  s.items.filter((i): i is ToolItem => i.kind === "tool" && i.name === "agent")
const children = (s: SessionSnapshot) => subagentsOf(s.info.extensions?.subagents)

test("stopping one of two running children ends it alone: the other runs on, and the parent gets both results", async () => {
  const { fx, rec, send, sessionId } = await open()
  let hangAborted = false
  let keepAborted = false
  let hangAsked!: () => void
  const hangAsking = new Promise<void>((r) => (hangAsked = r))
  let letKeepFinish!: () => void
  const keepMayFinish = new Promise<void>((r) => (letKeepFinish = r))
  fx.faux.setResponses(
    router(async (task, results, signal) => {
      if (task === "delegate two")
        return results.length
          ? fauxAssistantMessage(`parent saw: ${results.join(" | ")}`)
          : fauxAssistantMessage(
              [
                agentCall({ task: "HANG until stopped", title: "Hang here", profile: "explore" }, "call-hang"),
                agentCall({ task: "KEEP going", title: "Keep going", profile: "explore" }, "call-keep"),
              ],
              { stopReason: "toolUse" },
            )
      if (task.startsWith("HANG")) {
        hangAsked()
        await untilAborted(signal)
        hangAborted = signal?.aborted === true
        return fauxAssistantMessage("hang's late words")
      }
      // The sibling answers only after the stop has come and gone: it was still running then.
      await keepMayFinish
      keepAborted = signal?.aborted === true
      return fauxAssistantMessage("keep's report")
    }),
  )
  await send("delegate two")
  const both = await rec.waitFor(
    (s) => children(s)?.children.filter((c) => c.status === "running" && c.model).length === 2,
    "both children running",
  )
  const hang = children(both)!.children.find((c) => c.title === "Hang here")!
  // Stopped mid-request: its model request is under way.
  await hangAsking
  await send(`/${STOP_COMMAND} ${hang.id}`)
  const stopped = await rec.waitFor(
    (s) => children(s)?.finished?.some((c) => c.id === hang.id && c.status === "stopped") === true,
    "the stopped child's row",
  )
  // Its sibling still runs, and so does the parent's reply.
  expect(children(stopped)!.children.map((c) => [c.title, c.status])).toEqual([["Keep going", "running"]])
  expect(stopped.running).toBe(true)
  letKeepFinish()
  const s = await rec.waitFor(
    (s) => !s.running && s.items.some((i) => i.kind === "assistant" && JSON.stringify(i).includes("parent saw")),
    "the parent's reply after both results",
  )
  // The stopped child's own model request was aborted; its sibling's never was.
  expect(hangAborted).toBe(true)
  expect(keepAborted).toBe(false)
  const [h, k] = agentResults(s)
  // The stopped child's result is not an error: the person chose it, and the parent goes on.
  expect(h!.status).toBe("done")
  expect(h!.output).toContain("Subagent explore · Hang here: stopped by the person")
  expect(h!.output).toContain("The person stopped this subagent before it finished")
  expect((h!.details as { status: string }).status).toBe("stopped")
  expect(k!.status).toBe("done")
  expect(k!.output).toContain("Subagent explore · Keep going: done")
  expect(k!.output).toContain("keep's report")
  const reply = JSON.stringify(s.items.filter((i) => i.kind === "assistant").pop())
  expect(reply).toContain("stopped by the person")
  expect(reply).toContain("keep's report")
  expect(children(s)!.children).toEqual([])
  // Reopened, the roster reads it back from the result as stopped.
  await fx.client.request("session.close", { sessionId })
  const again = await fx.open({ kind: "session", ref: s.info.file! })
  const back = await fx
    .record(again.sessionId)
    .waitFor((r) => (children(r)?.finished?.length ?? 0) === 2, "the rebuilt roster")
  expect(children(back)!.finished!.map((c) => [c.id, c.status])).toEqual([
    ["call-hang", "stopped"],
    ["call-keep", "done"],
  ])
})

test("a stop of a child that is not running says so and stops nothing", async () => {
  const { rec, send } = await open()
  await send(`/${STOP_COMMAND} c999`)
  const s = await rec.waitFor((s) => JSON.stringify(s.items).includes("No subagent c999 is running"), "the notice")
  expect(s.running).toBe(false)
})

test("a child waiting for a slot is stopped before it runs: it never asks the model, and the parent is told", async () => {
  const before = process.env.XAGENT_SUBAGENTS_MAX
  process.env.XAGENT_SUBAGENTS_MAX = "1"
  try {
    const { fx, rec, send } = await open()
    const asked: string[] = []
    let letFirstFinish!: () => void
    const firstMayFinish = new Promise<void>((r) => (letFirstFinish = r))
    fx.faux.setResponses(
      router(async (task, results) => {
        if (task === "delegate two")
          return results.length
            ? fauxAssistantMessage(`parent saw: ${results.join(" | ")}`)
            : fauxAssistantMessage(
                [
                  agentCall({ task: "FIRST runs", title: "First", profile: "explore" }, "call-1"),
                  agentCall({ task: "SECOND waits", title: "Second", profile: "explore" }, "call-2"),
                ],
                { stopReason: "toolUse" },
              )
        asked.push(task)
        await firstMayFinish
        return fauxAssistantMessage(`report of ${task}`)
      }),
    )
    await send("delegate two")
    const waiting = await rec.waitFor(
      (s) => children(s)?.children.some((c) => c.title === "Second" && c.status === "queued") === true,
      "the second child queued",
    )
    const second = children(waiting)!.children.find((c) => c.title === "Second")!
    await send(`/${STOP_COMMAND} ${second.id}`)
    await rec.waitFor(
      (s) => children(s)?.finished?.some((c) => c.id === second.id && c.status === "stopped") === true,
      "the queued child's row stopped",
    )
    letFirstFinish()
    const s = await rec.waitFor(
      (s) => !s.running && s.items.some((i) => i.kind === "assistant" && JSON.stringify(i).includes("parent saw")),
      "the parent's reply",
    )
    const [first, stopped] = agentResults(s)
    expect(first!.output).toContain("report of FIRST runs")
    expect(stopped!.status).toBe("done")
    expect(stopped!.output).toContain("Subagent explore · Second: stopped by the person in 0 turns")
    expect(asked).toEqual(["FIRST runs"])
  } finally {
    if (before === undefined) delete process.env.XAGENT_SUBAGENTS_MAX
    else process.env.XAGENT_SUBAGENTS_MAX = before
  }
})
