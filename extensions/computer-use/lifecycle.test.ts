// Section 4, lifecycle and ownership: one operation per user run (across turns, agent_end and a
// retry) ended when the run settles, a second session kept out, an emergency stop, and shutdown.
import { expect, test } from "bun:test"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import { QUICK_RETRY, saidOf, toolArgs } from "../../test/fixture/faux"
import { details, simScenario, until, useComputerSessions, type CuSession } from "../../test/fixture/computer-use"
import { DEFAULT_TIMING, WorkerClient } from "./client"
import { writeControl } from "./testing/control"
import { simLauncher } from "./testing/sim-launcher"

const open = useComputerSessions()
const code = (row: { details?: unknown }) => (row.details as { code?: string }).code
const status = (cu: CuSession, text: string) =>
  cu.rec.waitFor((s) => s.ui.status["computer-use"] === text, `status "${text}"`)
const call = (name: string, args: Record<string, unknown> = {}) =>
  fauxAssistantMessage([fauxToolCall(name, toolArgs(args))], { stopReason: "toolUse" })
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const pids = (cu: CuSession) =>
  cu
    .trace()
    .filter((l) => l.includes(" hello "))
    .flatMap((l) => /pid=(\d+) helpers=([\d,]*)/.exec(l)!.slice(1).join(",").split(",").filter(Boolean).map(Number))

test("op_spans_turns_and_agent_end", async () => {
  const cu = await open({ piSettings: QUICK_RETRY })
  cu.fx.faux.setResponses([
    call("list_windows"),
    fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 Service Unavailable" }),
    call("snapshot"),
    fauxAssistantMessage("done"),
  ])
  await cu.send("look twice")
  const s = await cu.rec.waitFor((s) => !s.running && cu.tools(s).length === 2 && s.items.at(-1)?.kind === "assistant")
  const [a, b] = cu.tools(s)
  expect(details(a!).operationId).toBeTruthy()
  expect(details(b!).operationId).toBe(details(a!).operationId)
  // Ownership was taken once and kept across the turns and the retry, then let go at the end.
  await until(() => cu.trace().at(-1) === "1 release", "the operation's end")
  const t = cu.trace().filter((l) => /acquire|release$|call/.test(l))
  expect(t.map((l) => l.split(" ")[1])).toEqual(["acquire", "call", "call", "release"])
})

test("operation_end_on_settled", async () => {
  const cu = await open()
  const row = await cu.call("click", { x: 1, y: 1 })
  expect(row.status).toBe("done")
  await until(() => cu.trace().at(-1) === "1 release", "operation_end")
  expect(cu.trace()).toContain("1 control false")
  expect(existsSync(cu.scenario.lockPath)).toBe(false)
  await status(cu, "computer: idle")
})

test("new_run_ends_prior_op", async () => {
  const cu = await open()
  const first = await cu.call("list_windows")
  const second = await cu.call("list_windows")
  expect(details(second).operationId).not.toBe(details(first).operationId)
  await until(() => cu.trace().at(-1) === "1 release", "the second operation's end")
  const t = cu.trace().filter((l) => /acquire|release$|call/.test(l))
  expect(t.map((l) => l.split(" ").slice(1, 2)[0])).toEqual([
    "acquire",
    "call",
    "release",
    "acquire",
    "call",
    "release",
  ])
})

test("second_session_busy", async () => {
  const a = await open()
  const b = await open({ desktopOf: a })
  void a.turn([["click", { x: 1, y: 1, holdMs: 20_000 }]]).catch(() => {})
  await until(() => a.trace().some((l) => l.includes("call click")), "a's click")
  const row = await b.call("list_windows")
  expect([row.status, code(row)]).toEqual(["error", "COMPUTER_USE_BUSY"])
  await status(b, "computer: busy in another session")
  // B asked and was refused at once; it never queued behind A.
  expect(b.trace().filter((l) => l.includes("call")).length).toBe(0)
  await a.fx.client.request("session.abort", { sessionId: a.sessionId })
})

test("owner_crash_frees_mutex", async () => {
  const a = await open({ faults: [{ method: "click", kind: "crash_after" }] })
  const b = await open({ desktopOf: a })
  expect(code(await a.call("click", { x: 1, y: 1 }))).toBe("WORKER_EXITED")
  // The dead owner's lock is still on disk; its pid is gone, so B takes the desktop.
  expect(existsSync(a.scenario.lockPath)).toBe(true)
  const row = await b.call("list_windows")
  expect(row.status).toBe("done")
})

test("health_no_acquire", async () => {
  const cu = await open()
  await cu.send("/computer:status")
  await cu.rec.waitFor(
    (_s, ev) => saidOf(ev).some((n) => n.message.includes("computer-use ready on win32")),
    "the status notice",
  )
  expect(cu.trace().map((l) => l.split(" ")[1])).toEqual(["hello", "health"])
  expect(existsSync(cu.scenario.lockPath)).toBe(false)
})

test("stop_blocks_op", async () => {
  const cu = await open()
  void cu.turn([["click", { x: 1, y: 1, holdMs: 20_000 }]]).catch(() => {})
  await until(() => cu.trace().some((l) => l.includes("call click")), "the click")
  cu.control("stop")
  const s = await cu.rec.waitFor((s) => !s.running && cu.tools(s)[0]?.status === "error", "the stopped run")
  const row = cu.tools(s)[0]!
  expect(code(row)).toBe("COMPUTER_USE_STOPPED")
  expect(row.output).toContain("until the person's next message")
  expect(cu.trace()).toContain("1 releaseInput")
  // The stop ended the run too (ctx.abort), and the status says stopped until the next message.
  expect(s.items.some((i) => i.kind === "assistant" && i.stopReason === "aborted")).toBe(true)
})

test("stop_blocks_op: in the worker, every later call of the stopped operation is refused", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-cu-"))
  const scenario = simScenario(dir)
  const events: string[] = []
  const client = new WorkerClient(
    simLauncher(scenario, join(dir, "scenario.json")),
    { event: (e) => events.push(`${e.name} ${e.op ?? ""}`), exit() {}, log() {} },
    DEFAULT_TIMING,
  )
  expect((await client.call("list_windows", {}, { op: "op-a" })).ok).toBe(true)
  writeControl(scenario.controlPath, "stop")
  await until(() => events.includes("stopped op-a"), "the stopped event")
  const after = await client.call("list_windows", {}, { op: "op-a" })
  expect(after.ok ? "ok" : after.error.code).toBe("COMPUTER_USE_STOPPED")
  // A new operation (the person's next message) is not stopped.
  expect((await client.call("list_windows", {}, { op: "op-b" })).ok).toBe(true)
  await client.dispose()
  rmSync(dir, { recursive: true, force: true })
})

test("new_op_clears_stop", async () => {
  const cu = await open()
  void cu.turn([["click", { x: 1, y: 1, holdMs: 20_000 }]]).catch(() => {})
  await until(() => cu.trace().some((l) => l.includes("call click")), "the click")
  cu.control("stop")
  await cu.rec.waitFor((s) => !s.running && cu.tools(s)[0]?.status === "error", "the stopped run")
  const next = await cu.call("click", { x: 2, y: 2 })
  expect(next.status).toBe("done")
  expect(cu.effects().filter((e) => e.method === "click").length).toBe(2)
})

test("dispose_ack_exit", async () => {
  const cu = await open()
  await cu.call("click", { x: 1, y: 1 })
  const [worker] = pids(cu)
  await cu.fx.client.request("session.close", { sessionId: cu.sessionId })
  await until(() => cu.log().includes("disposed:"), "the dispose report")
  expect(cu.log()).toContain("disposed: acknowledged; released input, control, ownership, helpers; retained nothing")
  await until(() => !alive(worker!), "the worker's exit")
  expect(cu.log()).toMatch(/worker 1 exited \(0\)/)
})

test("no_ack_kill_reports_retained", async () => {
  const cu = await open({ faults: [{ method: "dispose", kind: "no_dispose_ack" }] })
  await cu.call("list_windows")
  const [worker] = pids(cu)
  await cu.fx.client.request("session.close", { sessionId: cu.sessionId })
  await until(() => cu.log().includes("disposed:"), "the dispose report")
  expect(cu.log()).toContain("dispose: no acknowledgement within 3000 ms; killed")
  expect(cu.log()).toContain(
    "not acknowledged; released nothing; retained held keys or buttons (unconfirmed), desktop ownership (unconfirmed)",
  )
  await until(() => !alive(worker!), "the worker killed")
})

test("shutdown_no_orphans", async () => {
  const cu = await open({ faults: [{ method: "find_elements", kind: "crash_before", epoch: 1 }] })
  await cu.call("list_windows")
  await cu.call("find_elements", { name: "Save" })
  await cu.call("list_windows")
  const all = pids(cu)
  expect(all.length).toBe(4)
  await cu.fx.client.request("session.close", { sessionId: cu.sessionId })
  await until(() => all.every((p) => !alive(p)), "every worker and helper gone")
  expect(readFileSync(cu.scenario.tracePath, "utf8")).toContain("2 dispose")
})
