// /goal on a real Pi session (faux model): achieved in three rounds, a --check that fails twice then
// passes, caps by rounds and by tokens, a stall, pause and resume, reopened as paused, a goal that
// finishes with no window attached, the tools only while a goal exists, the confirmation.
import { expect, test } from "bun:test"
import { fauxAssistantMessage, getCurrentTools, type TranscriptContext } from "@earendil-works/pi-ai"
import type { CustomItem, SessionSnapshot } from "../../src/protocol"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { GOAL_CARD, goalStatusText, parseGoalArgs, type GoalState } from "./rules"
import type { FauxFixture } from "../../test/fixture/faux"
import { toolTurn, useFauxSessions } from "../../test/fixture/faux-session"

const setup = useFauxSessions()
const call = toolTurn
const work = () => call("ls", { path: "." })
const achieved = () => call("update_goal", { status: "achieved", summary: "all done" })
// What a window's status line shows: the session's info carries the goal.
const goalIn = (s: SessionSnapshot) => s.info.extensions?.goal as GoalState | undefined
const goalOf = (s: SessionSnapshot) => (goalIn(s) ? goalStatusText(goalIn(s)!, Date.now()) : undefined)
const ended = (rec: FauxFixture["record"] extends (...a: never[]) => infer R ? R : never, text: string) =>
  rec.waitFor((s) => !s.running && (goalOf(s) ?? "").startsWith(text), text)

test("achieved in three rounds; get_goal/update_goal exist only while a goal does", async () => {
  const { fx, rec, send } = await setup()
  const tools: string[][] = []
  const t = (reply: ReturnType<typeof fauxAssistantMessage>) => (ctx: TranscriptContext) => {
    tools.push(getCurrentTools(ctx.messages).map((x) => x.name))
    return reply
  }
  fx.faux.setResponses([t(fauxAssistantMessage("hi"))])
  await send("hello")
  await rec.waitFor((s) => !s.running && tools.length === 1, "first reply")
  expect(tools[0]).not.toContain("update_goal")

  fx.faux.setResponses([
    t(work()),
    fauxAssistantMessage("round 1 done"),
    work(),
    fauxAssistantMessage("round 2 done"),
    achieved(),
    fauxAssistantMessage("finished"),
  ])
  await send("/goal --rounds 5 make it work")
  const s = await ended(rec, "Goal achieved")
  expect(goalOf(s)).toMatch(/^Goal achieved \(3 rounds, \d+s\)$/)
  expect(tools[1]).toContain("update_goal")
  expect(tools[1]).toContain("get_goal")
  const rounds = s.items.filter((i): i is CustomItem => i.kind === "custom" && i.customType === "goal-round")
  expect(rounds.map((r) => (r.details as { round: number }).round)).toEqual([1, 2, 3])

  await send("/goal clear")
  fx.faux.setResponses([t(fauxAssistantMessage("after"))])
  await send("hello again")
  await rec.waitFor((s) => !s.running && tools.length === 3 && goalIn(s) === undefined, "after clear")
  expect(tools[2]).not.toContain("update_goal")
})

test("--check fails twice (its output goes back to the model), then passes", async () => {
  const { fx, rec, send } = await setup({
    files: { "count.sh": "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; echo try $n; [ $n -ge 3 ]\n" },
  })
  const seen: string[] = []
  const remember = (ctx: TranscriptContext) => {
    seen.push(JSON.stringify(ctx.messages.at(-1)))
    return achieved()
  }
  fx.faux.setResponses([
    remember,
    fauxAssistantMessage("a"),
    remember,
    fauxAssistantMessage("b"),
    remember,
    fauxAssistantMessage("c"),
  ])
  await send('/goal --check "sh count.sh" pass the check')
  const s = await ended(rec, "Goal achieved")
  expect(goalOf(s)).toContain("3 rounds")
  expect(seen[1]).toContain("failed (exit 1)")
  expect(seen[1]).toContain("try 1")
  expect(seen[2]).toContain("try 2")
})

test("--check runs in the workspace sandbox: a check that writes outside the workspace fails there", async () => {
  const { fx, rec, send } = await setup()
  // Outside /tmp (which the sandbox replaces as a whole): the host's /var/tmp is read-only inside.
  const dir = mkdtempSync("/var/tmp/xagent-goal-check-")
  try {
    const outside = join(dir, "escaped")
    const seen: string[] = []
    const unmet = (ctx: TranscriptContext) => {
      seen.push(JSON.stringify(ctx.messages.at(-1)))
      return call("update_goal", { status: "unmet", summary: "no" })
    }
    fx.faux.setResponses([achieved(), fauxAssistantMessage("a"), unmet, fauxAssistantMessage("b")])
    await send(`/goal --check "touch ${outside}" leave a mark`)
    const s = await ended(rec, "Goal unmet")
    expect(existsSync(outside)).toBe(false)
    expect(goalIn(s)!.lastCheck).toMatchObject({ ok: false, round: 1 })
    expect(seen[0]).toContain("failed (exit 1)")
    expect(seen[0]).toContain("Read-only file system")
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("capped by rounds, then by tokens: Goal hit usage limits; resume widens the cap", async () => {
  const { fx, rec, send } = await setup()
  fx.faux.setResponses([work(), fauxAssistantMessage("1"), work(), fauxAssistantMessage("2")])
  await send("/goal --rounds 2 never ends")
  const s = await ended(rec, "Goal hit usage limits")
  expect(goalOf(s)).toBe("Goal hit usage limits (/goal resume)")
  expect(fx.faux.state.callCount).toBe(4)

  fx.faux.setResponses([work(), fauxAssistantMessage("3"), achieved(), fauxAssistantMessage("done")])
  await send("/goal resume")
  const r = await ended(rec, "Goal achieved")
  expect(goalOf(r)).toContain("4 rounds")

  fx.faux.setResponses([work(), fauxAssistantMessage("big")])
  await send("/goal --tokens 10 small budget")
  const tk = await ended(rec, "Goal hit usage limits")
  expect(fx.faux.state.callCount).toBe(10)
  expect(goalOf(tk)).toBe("Goal hit usage limits (/goal resume)")
})

test("a round with no tool call is a stall", async () => {
  const { fx, rec, send } = await setup()
  fx.faux.setResponses([work(), fauxAssistantMessage("1"), fauxAssistantMessage("nothing to do")])
  await send("/goal do something")
  const s = await ended(rec, "Goal stalled")
  expect(goalOf(s)).toBe("Goal stalled (/goal resume)")
})

test("Esc pauses; /goal resume continues; reopened, the goal shows paused and nothing resumes", async () => {
  const { fx, sessionId, rec, send } = await setup({ tokensPerSecond: 5 })
  fx.faux.setResponses([fauxAssistantMessage("slow ".repeat(100))])
  await send("/goal keep going")
  await rec.waitFor((s) => s.running && (goalOf(s) ?? "").startsWith("Pursuing goal ("), "pursuing")
  expect(goalOf(rec.state!)).toMatch(/^Pursuing goal \(\d+s, round 1\/30\)$/)
  await fx.client.request("session.abort", { sessionId })
  const p = await ended(rec, "Goal paused")
  expect(goalOf(p)).toBe("Goal paused (/goal resume)")

  fx.faux.setResponses([call("update_goal", { status: "unmet", summary: "cannot" }), fauxAssistantMessage("x")])
  await send("/goal resume")
  const u = await ended(rec, "Goal unmet")
  expect(goalOf(u)).toMatch(/^Goal unmet \(2 rounds, \d+s\)$/)

  // A goal being pursued when the session closes comes back paused.
  fx.faux.setResponses([fauxAssistantMessage("slow ".repeat(100))])
  await send("/goal another one")
  const running = await rec.waitFor((s) => s.running && (goalOf(s) ?? "").startsWith("Pursuing"), "pursuing again")
  await fx.client.request("session.close", { sessionId })
  const calls = fx.faux.state.callCount
  const again = await fx.open({ kind: "session", ref: running.info.file! })
  const rec2 = fx.record(again.sessionId)
  const reopened = await rec2.waitFor((s) => goalOf(s) !== undefined, "the goal after reopening")
  expect(goalOf(reopened)).toBe("Goal paused (/goal resume)")
  expect(fx.faux.state.callCount).toBe(calls)

  await fx.client.request("session.prompt", { sessionId: again.sessionId, text: "/goal" })
  const card = await rec2.waitFor((s) => s.items.some((i) => i.kind === "custom" && i.customType === GOAL_CARD), "card")
  const d = card.items.find((i): i is CustomItem => i.kind === "custom" && i.customType === GOAL_CARD)!.details as {
    goal: GoalState
    commands: string[]
  }
  expect(d.goal).toMatchObject({ objective: "another one", status: "paused", round: 1 })
  expect(d.commands).toEqual(["/goal resume", "/goal edit", "/goal clear"])
})

test("a goal finishes while no window is attached; a window attaching later sees where it is", async () => {
  const { fx, sessionId, rec, send } = await setup()
  fx.faux.setResponses([work(), fauxAssistantMessage("1"), achieved(), fauxAssistantMessage("2")])
  await send("/goal finish alone")
  rec.stop()
  // Nobody subscribed: the host runs the rounds by itself.
  const later = fx.record(sessionId)
  const s = await ended(later, "Goal achieved")
  expect(goalOf(s)).toContain("2 rounds")
})

test("setting a goal over an unfinished one asks first; declining keeps it", async () => {
  const { fx, sessionId, rec, send } = await setup()
  fx.faux.setResponses([work(), fauxAssistantMessage("1"), fauxAssistantMessage("stall")])
  await send("/goal first")
  await ended(rec, "Goal stalled")
  await send("/goal second")
  const asking = await rec.waitFor((s) => s.ui.pending.some((r) => r.kind === "confirm"), "the confirmation")
  const req = asking.ui.pending.find((r) => r.kind === "confirm")!
  await fx.client.request("session.uiRespond", { sessionId, requestId: req.id, response: { confirmed: false } })
  await send("/goal")
  const card = await rec.waitFor((s) => s.items.some((i) => i.kind === "custom" && i.customType === GOAL_CARD), "card")
  expect(JSON.stringify(card.items.at(-1))).toContain('"objective":"first"')
})

test("/goal arguments: subcommands only as the whole argument, options before the objective", () => {
  expect(parseGoalArgs("pause")).toEqual({ kind: "pause" })
  expect(parseGoalArgs("pause now")).toMatchObject({ kind: "set", objective: "pause now", rounds: 30, hours: 8 })
  expect(parseGoalArgs('--rounds 3 --hours 0.5 --tokens 900 --check "npm test" ship it')).toEqual({
    kind: "set",
    objective: "ship it",
    rounds: 3,
    hours: 0.5,
    tokens: 900,
    check: "npm test",
  })
  expect(parseGoalArgs("--rounds x go")).toMatchObject({ kind: "error" })
  expect(parseGoalArgs("--bogus go")).toMatchObject({ kind: "error" })
  expect(parseGoalArgs("--rounds 3")).toMatchObject({ kind: "error" })
})
