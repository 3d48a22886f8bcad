// Runs a package's scenario in pi and xagent and holds the result to its row in packages.ts:
// pi (the oracle) shows every turn; xagent shows every turn for "works", exactly the row's
// `xagentSeen` otherwise. A failure prints what each program had on screen.
import { expect } from "bun:test"
import { corpus, type Pinned } from "./corpus"
import { PACKAGES } from "./packages"
import { runBoth, RUN_MS, type Run } from "./run"
import { SCENARIOS } from "./scenarios"

/** Both programs start, load the package and play every turn (minutes on a loaded two-core
 *  machine), then stop, and the failure is told: the runs' waits end a minute before. */
export const PACKAGE_TEST_MS = RUN_MS + 60_000

const shown = (r: Run) =>
  `${r.program} showed ${JSON.stringify(r.seen)}; its screens:\n` +
  r.screens.map((s, i) => `--- after turn ${i + 1}\n${s.replace(/\n{2,}/g, "\n").trimEnd()}`).join("\n")

/** Runs `pkg`'s scenario; returns both runs for checks of its own, or undefined when skipped. */
export async function judge(pkg: Pinned): Promise<{ pi: Run; xagent: Run } | undefined> {
  const c = await corpus()
  if ("skipped" in c) {
    console.warn(`skipped ${pkg}: ${c.skipped}`)
    return undefined
  }
  const scenario = SCENARIOS.find((s) => s.pkg === pkg)!
  const entry = PACKAGES[pkg]!
  const runs = await runBoth(scenario, c.npmDir)
  const all = scenario.turns.map(() => true)
  expect(runs.pi.seen, shown(runs.pi)).toEqual(all)
  expect(runs.xagent.seen, shown(runs.xagent)).toEqual(entry.verdict === "works" ? all : entry.xagentSeen!)
  return runs
}
