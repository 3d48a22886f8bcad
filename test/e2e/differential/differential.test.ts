// The differential end-to-end check: every scenario in pi (its regular, inline TUI) and in xagent,
// inline and full screen, each in tmux; the transcripts reduced to items (user message, text block,
// thinking, tool row with its result, notice) must be the same list in all three, but for the one
// difference a scenario names. README.md beside this file says how to read a failure.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { hasTmux } from "../tmux"
import { compare } from "./compare"
import { show, type Item } from "./items"
import { parsePi } from "./parse-pi"
import { parseXagent } from "./parse-xagent"
import { runScenario, type Capture, type Mode } from "./run"
import { messages, SCENARIOS, type Scenario } from "./scenarios"

if (!hasTmux) console.warn("test/e2e/differential: skipped, tmux is not installed (apt-get install tmux)")

const MODES: Mode[] = ["pi", "inline", "fullscreen"]
/** Scenarios run at once (each runs its three programs at once): two fit a loaded two-core machine. */
const JOBS = Number(process.env.XAGENT_DIFF_JOBS ?? 2)
/** XAGENT_DIFF_ONLY=<regular expression> runs the scenarios whose name it matches. */
const ONLY = process.env.XAGENT_DIFF_ONLY ? new RegExp(process.env.XAGENT_DIFF_ONLY) : undefined

type Outcome = { captures: Capture[] } | { error: unknown }

/** A capture for a failure message: no trailing blanks, no runs of empty rows. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()

const chosen = SCENARIOS.filter((s) => !ONLY || ONLY.test(s.name))

/**
 * One scenario's three runs (run.ts waits at most 90 s for each step of each): its test waits this
 * long for them. The scenarios used to run all in one beforeAll with 25 minutes for the lot, which a
 * loaded machine (four busy processes beside other work) spent before the last ones were done: each
 * test now waits for its own scenario, and those before it in the queue are done by then.
 */
const SCENARIO_MS = 600_000

describe.skipIf(!hasTmux)("pi and xagent show the same transcript", () => {
  const outcomes = new Map(chosen.map((s) => [s.name, Promise.withResolvers<Outcome>()]))

  // The scenarios start here, JOBS at a time, in the tests' order; the tests do not wait for all.
  beforeAll(() => {
    const queue = [...chosen]
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const outcome = outcomes.get(s.name)!
        try {
          outcome.resolve({ captures: await Promise.all(MODES.map((m) => runScenario(s, m))) })
        } catch (error) {
          outcome.resolve({ error })
        }
      }
    }
    for (let i = 0; i < JOBS; i++) void worker()
  })
  // Scenarios whose tests were left out (-t) run all the same: their programs are stopped before the file ends.
  afterAll(() => Promise.all([...outcomes.values()].map((o) => o.promise)), SCENARIO_MS)

  const itemsOf = (s: Scenario, c: Capture): Item[] =>
    c.mode === "pi" ? parsePi(c.styled, messages(s)) : parseXagent(c.text)

  for (const s of chosen) {
    test(
      s.differs ? `${s.name} (differs: ${s.differs.why})` : s.name,
      async () => {
        const outcome = await outcomes.get(s.name)!.promise
        if ("error" in outcome) throw outcome.error
        const [pi, ...xagent] = outcome.captures.map((c) => itemsOf(s, c))
        // The oracle read right: each prompt once, in order (as xagent is to show them), and something after each.
        const expected = s.differs ? s.differs.expect(pi!) : pi!
        const users = expected.filter((it) => it.kind === "user").map((it) => (it as { text: string }).text)
        expect(users, `pi's transcript:\n${tidy(outcome.captures[0]!.text)}`).toEqual(messages(s))
        expect(expected.length).toBeGreaterThan(users.length)
        const failures = xagent.flatMap((items, i) => {
          const capture = outcome.captures[i + 1]!
          const v = compare(s, pi!, items, capture.mode)
          return v.ok ? [] : [`${v.report}\n\nxagent ${capture.mode}'s capture:\n${tidy(capture.text)}`]
        })
        if (failures.length) throw new Error(failures.join("\n\n"))
        // Shown when a scenario passes too, so a run's log holds what was compared.
        if (process.env.XAGENT_DIFF_SHOW) console.log(`${s.name}\n${pi!.map(show).join("\n")}`)
      },
      SCENARIO_MS,
    )
  }
})
