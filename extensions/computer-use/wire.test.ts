// Section 4, the wire and the client: startup, framing, FIFO, deadlines, abort, timeouts, crashes,
// epochs and the restart budget, each through Pi's tool execution against the real worker.
import { expect, test } from "bun:test"
import { details, until, useComputerSessions, type CuSession } from "../../test/fixture/computer-use"

const open = useComputerSessions()
/** Deadlines of 1 s per class, so the margins below are a second wide. */
const base = { deadlineBase: { O: 1_000, Q: 1_000, F: 1_000, X: 1_000 } }
const code = (row: { details?: unknown }) => (row.details as { code?: string }).code
const calls = (cu: CuSession, method: string) => cu.trace().filter((l) => l.includes(`call ${method} `))
/** Starts a turn without waiting for it, and resolves once the worker is inside `method`. */
async function during(cu: CuSession, turn: [string, Record<string, unknown>][], method: string) {
  const before = cu.tools(cu.rec.state!).length
  void cu.turn(turn).catch(() => {})
  await until(() => calls(cu, method).length > 0, `the worker inside ${method}`)
  return {
    /** The rows once the run is over, however it ended. */
    rows: async () => {
      const s = await cu.rec.waitFor(
        (s) =>
          !s.running && cu.tools(s).length >= before + turn.length && cu.tools(s).every((t) => t.status !== "running"),
        "the run to end",
      )
      return cu.tools(s).slice(before)
    },
  }
}
const abort = (cu: CuSession) => cu.fx.client.request("session.abort", { sessionId: cu.sessionId })

test("startup_timeout_unavailable", async () => {
  const cu = await open({ faults: [{ method: "hello", kind: "no_hello", times: 0 }], timing: { helloMs: 500 } })
  const row = await cu.call("list_windows")
  expect(row.status).toBe("error")
  expect(code(row)).toBe("NATIVE_HELPER_UNAVAILABLE")
  expect(row.output).toContain("did not start within 0.5 s")
  await cu.rec.waitFor((s) => s.ui.status["computer-use"] === "computer: unavailable", "unavailable status")
})

test("ndjson_split_coalesced", async () => {
  const cu = await open({
    faults: [
      { method: "list_windows", kind: "split" },
      { method: "snapshot", kind: "coalesce" },
      { method: "find_elements", kind: "stderr" },
    ],
  })
  const rows = [
    await cu.call("list_windows"),
    await cu.call("snapshot"),
    await cu.call("find_elements", { name: "Save" }),
  ]
  expect(rows.map((r) => r.status)).toEqual(["done", "done", "done"])
  expect(rows[0]!.output).toContain("Notepad")
  expect(rows[2]!.output).toContain('button "Save"')
  // stderr is logs only: its JSON-looking noise went to the log, not to a request.
  expect(cu.log()).toContain("sim: noise on stderr")
})

test("garbled_line_fails_one_request", async () => {
  const cu = await open({ faults: [{ method: "list_windows", kind: "garble" }] })
  const bad = await cu.call("list_windows")
  expect([bad.status, code(bad)]).toEqual(["error", "PROTOCOL_ERROR"])
  const good = await cu.call("list_windows")
  expect(good.status).toBe("done")
  // The same worker answered: one bad line failed one request, not the process.
  expect(calls(cu, "list_windows").map((l) => l.split(" ")[0])).toEqual(["1", "1"])
})

test("unknown_method_invalid_params", async () => {
  const cu = await open()
  const [bad] = await cu.turn([["click", { x: "left of the button" }]])
  expect(bad!.status).toBe("error")
  expect(bad!.output).toMatch(/Validation failed|must be number/i)
  const unknown = await cu.call("press_the_button", {})
  expect(unknown.status).toBe("error")
  expect(unknown.output).toContain("press_the_button")
  // Neither reached the worker (Pi refused both before execute).
  expect(cu.trace()).toEqual([])
})

test("fifo_serialization", async () => {
  const cu = await open({ faults: [{ method: "list_windows", kind: "delay", ms: 300 }] })
  const rows = await cu.turn([
    ["list_windows", {}],
    ["snapshot", {}],
    ["find_elements", { role: "button" }],
  ])
  expect(rows.map((r) => r.status)).toEqual(["done", "done", "done"])
  const order = cu
    .trace()
    .filter((l) => / (call|end) /.test(l))
    .map((l) => l.split(" ").slice(1, 3).join(" "))
  expect(order).toEqual([
    "call list_windows",
    "end list_windows",
    "call snapshot",
    "end snapshot",
    "call find_elements",
    "end find_elements",
  ])
})

test("deadline_starts_at_dispatch", async () => {
  const cu = await open({ timing: base })
  // wait's deadline is 1 + 2 s; snapshot's (1 s) would be over while it waits 2 s in the queue, if it
  // started then: it starts when snapshot is sent.
  const rows = await cu.turn([
    ["wait", { windowTitle: "never", timeoutMs: 2_000 }],
    ["snapshot", {}],
  ])
  expect(rows.map((r) => [r.status, code(r)])).toEqual([
    ["done", undefined],
    ["done", undefined],
  ])
  expect(details(rows[0]!).verification).toBe("inconclusive")
})

test("timing_extends_deadline", async () => {
  const cu = await open({ timing: base })
  const held = await cu.call("keypress", { keys: "shift", holdMs: 2_000 })
  expect([held.status, details(held).verification]).toEqual(["done", "sent"])
  const late = await open({ timing: base, faults: [{ method: "keypress", kind: "delay", ms: 4_000 }] })
  const cut = await late.call("keypress", { keys: "shift" })
  expect([cut.status, code(cut)]).toEqual(["error", "TIMEOUT"])
})

test("queued_abort_never_sent", async () => {
  const cu = await open({ faults: [{ method: "list_windows", kind: "delay", ms: 20_000 }] })
  const rows = await during(
    cu,
    [
      ["list_windows", {}],
      ["snapshot", {}],
    ],
    "list_windows",
  )
  await abort(cu)
  const [first, second] = await rows.rows()
  expect([first!.status, second!.status]).toEqual(["error", "error"])
  expect(code(second!)).toBe("CANCELLED")
  expect(second!.output).toContain("never sent")
  expect(calls(cu, "snapshot")).toEqual([])
  expect(cu.trace()).toContain("1 releaseInput")
})

test("inflight_abort_reply_and_release", async () => {
  const cu = await open()
  const run = await during(cu, [["click", { x: 10, y: 10, holdMs: 20_000 }]], "click")
  await abort(cu)
  const [row] = await run.rows()
  expect([row!.status, code(row!)]).toEqual(["error", "CANCELLED"])
  // The worker answered the cancel, then confirmed the release: it lives on.
  expect(details(row!).data).toEqual({ inputReleased: true })
  expect(details(row!).effect).toBe("unknown")
  const next = await cu.call("list_windows")
  expect(next.status).toBe("done")
  expect(calls(cu, "list_windows")[0]!.startsWith("1 ")).toBe(true)
})

test("no_cancel_reply_kills_unknown", async () => {
  const cu = await open({ faults: [{ method: "click", kind: "hang" }] })
  const run = await during(cu, [["click", { x: 10, y: 10 }]], "click")
  await abort(cu)
  const [row] = await run.rows()
  expect([row!.status, code(row!), details(row!).effect]).toEqual(["error", "CANCELLED", "unknown"])
  expect(cu.log()).toContain("no reply to cancel")
  // Restarted lazily, as a new epoch.
  const next = await cu.call("list_windows")
  expect(next.status).toBe("done")
  expect(calls(cu, "list_windows")[0]!.startsWith("2 ")).toBe(true)
})

test("timeout_no_retry", async () => {
  const cu = await open({ timing: base, faults: [{ method: "click", kind: "stall_after" }] })
  const row = await cu.call("click", { x: 5, y: 5 })
  expect([row.status, code(row), details(row).effect]).toEqual(["error", "TIMEOUT", "unknown"])
  expect(row.output).toContain("do not simply repeat it")
  await cu.call("list_windows")
  // The click reached the desktop once and was never sent again.
  expect(cu.effects().map((e) => e.method)).toEqual(["click"])
  expect(calls(cu, "click").length).toBe(1)
})

test("crash_mid_action_unknown", async () => {
  const cu = await open({ faults: [{ method: "type_text", kind: "crash_after" }] })
  const row = await cu.call("type_text", { text: "héllo wörld" })
  expect([row.status, code(row), details(row).effect]).toEqual(["error", "WORKER_EXITED", "unknown"])
  const next = await cu.call("list_windows")
  expect(next.status).toBe("done")
  expect(cu.effects().map((e) => [e.epoch, e.method])).toEqual([[1, "type_text"]])
  expect(calls(cu, "type_text").length).toBe(1)
})

test("new_epoch_rejects_old_ids", async () => {
  const cu = await open({ faults: [{ method: "find_elements", kind: "crash_before", epoch: 1 }] })
  const listed = await cu.call("list_windows")
  const ref = details(listed).data!.windows[0].windowRef as string
  const crashed = await cu.call("find_elements", { windowRef: ref, name: "Save" })
  expect(code(crashed)).toBe("WORKER_EXITED")
  const stale = await cu.call("snapshot", { windowRef: ref })
  expect([stale.status, code(stale)]).toEqual(["error", "STALE_REFERENCE"])
  expect(stale.output).toContain("earlier worker")
  const fresh = await cu.call("list_windows")
  expect(details(fresh).data!.windows[0].windowRef).toMatch(/^w2\./)
})

test("restart_budget", async () => {
  const cu = await open({ faults: [{ method: "list_windows", kind: "crash_before", times: 0 }] })
  const rows = []
  for (let i = 0; i < 5; i++) rows.push(await cu.call("list_windows"))
  expect(rows.map(code)).toEqual(Array(5).fill("WORKER_EXITED"))
  // One start and three restarts; the fifth call starts nothing.
  expect(cu.trace().filter((l) => l.includes(" hello ")).length).toBe(4)
  expect(rows[4]!.output).toContain("exited 3 times within 60 s")
  await cu.rec.waitFor((s) => s.ui.status["computer-use"] === "computer: unavailable", "unavailable")
})

test("a call beyond the queue's bound gets QUEUE_FULL at once", async () => {
  const cu = await open({ timing: { queueMax: 2 }, faults: [{ method: "list_windows", kind: "delay", ms: 300 }] })
  const rows = await cu.turn([
    ["list_windows", {}],
    ["snapshot", {}],
    ["screenshot", {}],
    ["find_elements", { role: "button" }],
  ])
  expect(rows.map((r) => code(r) ?? r.status)).toEqual(["done", "done", "done", "QUEUE_FULL"])
  expect(calls(cu, "find_elements")).toEqual([])
})
