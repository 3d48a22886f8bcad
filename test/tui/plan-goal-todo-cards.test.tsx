// Frames of the todo card, the plan card in each state, the plan panel (progress, diff) and every
// goal status text, each at 120, 80 and 40 columns.
import { afterEach, describe, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import type { JSX } from "solid-js"
import type { SessionInfo } from "../../src/protocol"
import type { TodoItem } from "../../src/common/todo"
import { goalStatusText, type GoalState } from "../../extensions/goal/rules"
import { GoalCard } from "../../extensions/goal/window/goal-card"
import { goalWindow } from "../../extensions/goal/window"
import { planWindow } from "../../extensions/plan/window"
import { featureStatus } from "../fixture/feature-slots"
import { PlanCard, PlanChangeCard } from "../../extensions/plan/window/plan-card"
import { TodoCard } from "../../extensions/todo/window/todo-card"
import { PlanPanel } from "../../extensions/plan/window/plan-panel"
import { StatusBar, statusSegments } from "../../src/tui/routes/session/status-bar"
import { theme } from "../../src/tui/theme"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => setup?.renderer.destroy())

async function frame(view: () => JSX.Element, width: number, height = 24) {
  setup?.renderer.destroy()
  setup = await testRender(view, { width, height })
  await setup.renderOnce()
  return setup.captureCharFrame()
}
/** The foreground colour of the span that starts with `glyph` on the row holding `text`. */
function fgAt(text: string, glyph: string): string {
  const line = setup!.captureSpans().lines.find((l) =>
    l.spans
      .map((s) => s.text)
      .join("")
      .includes(text),
  )
  const span = line?.spans.find((s) => s.text.startsWith(glyph) || s.text.trimStart().startsWith(glyph))
  if (!span) throw new Error(`no ${glyph} on the row with ${text}`)
  return (
    "#" +
    span.fg
      .toInts()
      .slice(0, 3)
      .map((v) => v.toString(16).padStart(2, "0"))
      .join("")
  )
}

const WIDTHS = [120, 80, 40] as const
const TODOS: TodoItem[] = [
  { id: "1", content: "Read the config loader", status: "completed" },
  { id: "2", content: "Add the --verbose flag to the command line parser", status: "in_progress" },
  { id: "3", content: "Write the tests", status: "pending" },
]
const PLAN =
  "1. Read the config loader\n2. Add the --verbose flag to the command line parser\n3. Write the tests\n\n## Risks\n- The flag clashes with -v"

describe.each(WIDTHS)("at %i columns", (width) => {
  test("the todo card: header, ✓ muted, ● warning yellow, ○ pending", async () => {
    const f = await frame(() => <TodoCard todos={TODOS} />, width)
    expect(f).toContain("Todo · 1 of 3 done")
    expect(f).toContain("✓ Read the config loader")
    expect(f).toContain("● Add the --verbose flag")
    expect(f).toContain("○ Write the tests")
    expect(fgAt("Read the config", "✓")).toBe(theme.success)
    expect(fgAt("--verbose", "●")).toBe(theme.warning)
  })

  test("the plan card: open with its actions, closed without, blocked, invalid", async () => {
    const details = { outcome: "plan_ready" as const, title: "Add a flag", plan: PLAN, path: "/s/plans/p/plan-1.md" }
    const open = await frame(() => <PlanCard details={details} state="open" />, width, 30)
    expect(open).toContain("◆ Plan · Add a flag")
    expect(open).toContain("1. Read the config loader")
    expect(open).toContain("## Risks")
    expect(open).toContain("plan-1.md")
    expect(open).toContain("[alt+i] Implement")
    expect(open).toContain("[alt+k] Keep planning")
    expect(open).toContain("[alt+e] Edit plan")
    const closed = await frame(() => <PlanCard details={details} state="closed" />, width, 30)
    expect(closed).toContain("◆ Plan · Add a flag")
    expect(closed).not.toContain("[alt+i] Implement")
    const blocked = await frame(
      () => <PlanCard details={{ outcome: "blocked", missing: "the API key name" }} state="open" />,
      width,
    )
    expect(blocked).toContain("■ Plan blocked")
    expect(blocked).toContain("Needs: the API key name")
    expect(blocked).not.toContain("Implement")
    const invalid = await frame(() => <PlanCard details={{ outcome: "invalid" }} state="open" />, width)
    expect(invalid).toContain("⚠ No valid plan")
    expect(invalid).not.toContain("Implement")
  })

  test("the plan panel with progress from the todo list, collapsed, and with a diff", async () => {
    const steps = ["Read the config loader", "Add the --verbose flag", "Write the tests"]
    const f = await frame(() => <PlanPanel title="Add a flag" steps={steps} todos={TODOS} collapsed={false} />, width)
    expect(f).toContain("▾ Plan · Add a flag · 1 of 3 done")
    expect(f).toContain("✓ 1. Read the config loader")
    expect(f).toContain("● 2. Add the --verbose flag")
    expect(f).toContain("○ 3. Write the tests")
    const c = await frame(() => <PlanPanel title="Add a flag" steps={steps} todos={TODOS} collapsed />, width)
    expect(c).toContain("▸ Plan · Add a flag")
    expect(c).not.toContain("1. Read the config")
    const change = { before: "1. Read\n2. Write", after: "1. Read\n2. Delete everything" }
    const d = await frame(() => <PlanPanel steps={steps} todos={TODOS} change={change} collapsed={false} />, width)
    expect(d).toContain("The model changed the plan")
    expect(d).toContain("- 2. Write")
    expect(d).toContain("+ 2. Delete everything")
    const card = await frame(() => <PlanChangeCard details={{ ...change, decision: "rejected" }} />, width)
    expect(card).toContain("◆ Plan change · rejected")
    expect(card).toContain("+ 2. Delete everything")
  })

  const info: SessionInfo = {
    piSessionId: "p",
    cwd: "/w",
    thinkingLevel: "off",
    model: { provider: "faux", id: "m" },
  }
  const stats = { tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }, cost: 0 }
  test.each([
    [{ scope: "read-only" as const, available: true }, "⏸ plan mode"],
    [{ available: false }, "⏸ plan mode · bash: read-only allow-list, no sandbox"],
  ])(
    "plan mode in the status line from the plan extension's state, with the allow-list named where no sandbox holds bash",
    async (sb, text) => {
      const planInfo: SessionInfo = {
        ...info,
        extensions: { plan: { mode: "plan" } },
        sandbox: { mode: "sandboxed", ...sb },
      }
      const bar = await frame(
        () => (
          <StatusBar
            segments={statusSegments({
              info: planInfo,
              stats,
              extra: {},
              mouse: true,
              features: featureStatus(planWindow, planInfo),
            })}
            width={width}
          />
        ),
        width,
        2,
      )
      expect(bar).toContain(width >= 80 ? text : "⏸ plan mode")
      const normalInfo = { ...planInfo, extensions: {} }
      const normal = statusSegments({
        info: normalInfo,
        stats,
        extra: {},
        mouse: true,
        features: featureStatus(planWindow, normalInfo),
      })
      expect(normal.map((x) => x.text).join(" ")).not.toContain("plan mode")
    },
  )

  const goal = (over: Partial<GoalState>): GoalState => ({
    objective: "Make the build green",
    status: "pursuing",
    round: 3,
    maxRounds: 30,
    maxMs: 8 * 3_600_000,
    usedMs: 120_000,
    tokens: 5000,
    ...over,
  })
  test.each([
    [{ status: "pursuing" as const }, "Pursuing goal (2m, round 3/30)"],
    [{ status: "paused" as const }, "Goal paused (/goal resume)"],
    [{ status: "stalled" as const }, "Goal stalled (/goal resume)"],
    [{ status: "limited" as const }, "Goal hit usage limits (/goal resume)"],
    [{ status: "unmet" as const }, "Goal unmet (3 rounds, 2m)"],
    [{ status: "achieved" as const }, "Goal achieved (3 rounds, 2m)"],
  ])("goal status %o in the status line and on the /goal card", async (over, text) => {
    const g = goal(over)
    expect(goalStatusText(g, 0)).toBe(text)
    // The status line reads the goal from the session's info, against the window's clock.
    const shown = g.status === "pursuing" ? { ...g, usedMs: 60_000, since: Date.now() - 60_000 } : g
    const goalInfo = { ...info, extensions: { goal: shown } }
    const segments = statusSegments({
      info: goalInfo,
      stats,
      extra: { todo: "1 of 3" },
      mouse: true,
      features: featureStatus(goalWindow, goalInfo),
    })
    const bar = await frame(() => <StatusBar segments={segments} width={width} />, width, 2)
    expect(bar).toContain(text)
    const card = await frame(
      () => <GoalCard details={{ goal: g, status: text, commands: ["/goal resume", "/goal clear"] }} timestamp={0} />,
      width,
    )
    expect(card).toContain("◎ Goal")
    expect(card).toContain("Make the build green")
    expect(card).toContain(text)
    expect(card).toContain("round 3/30")
  })
})
