// One case, all its runs: programs take turns run by run (or run together, if the case says so),
// failures are recorded and left out, and a program that fails twice in a row sits the case out.
import type { Program, ProgramId } from "../programs"
import type { BenchCase, CaseContext, RunValues } from "./bench-case"
import type { CaseOutcome } from "./report"

const GIVE_UP_AFTER = 2

export async function runCase(ctx: CaseContext, bench: BenchCase, programs: Program[]): Promise<CaseOutcome> {
  const t0 = performance.now()
  const wanted = bench.programs ?? ["xagent", "pi"]
  const ids = wanted.filter((id) => programs.some((p) => p.id === id))
  const outcome: CaseOutcome = { bench, programs: ids, samples: {}, failures: [], seconds: 0 }
  const streak = new Map<ProgramId, number>()
  const record = (id: ProgramId, run: number, values: RunValues) => {
    streak.set(id, 0)
    const into = (outcome.samples[id] ??= {})
    for (const [k, v] of Object.entries(values)) (into[k] ??= []).push(...(Array.isArray(v) ? v : [v]))
    ctx.log(
      `  ${id} ${run + 1}: ${Object.entries(values)
        .map(([k, v]) => `${k}=${fmt(v)}`)
        .join(" ")}`,
    )
  }
  const fail = (id: ProgramId, run: number, e: unknown) => {
    const message = (e as Error).message
    streak.set(id, (streak.get(id) ?? 0) + 1)
    outcome.failures.push({ program: id, run, message })
    ctx.log(`  ${id} ${run + 1}: FAILED ${message}`)
    if (streak.get(id) === GIVE_UP_AFTER) ctx.log(`  ${id}: ${GIVE_UP_AFTER} failures in a row, skipping the rest`)
  }

  ctx.log(`${bench.title}:`)
  await bench.setup(ctx)
  for (let run = 0; run < ctx.options.runs; run++) {
    const active = ids
      .filter((id) => (streak.get(id) ?? 0) < GIVE_UP_AFTER)
      .map((id) => programs.find((p) => p.id === id)!)
    if (active.length === 0) break
    if (bench.together) {
      // who starts first alternates too
      const order = run % 2 ? [...active].reverse() : active
      try {
        const values = await bench.together(ctx, order, run)
        for (const p of active) {
          const v = values[p.id]
          if (v) record(p.id, run, v)
          else fail(p.id, run, new Error("no values"))
        }
      } catch (e) {
        for (const p of active) fail(p.id, run, e)
      }
      continue
    }
    for (const program of active) {
      try {
        record(program.id, run, await bench.once!(ctx, program, run))
      } catch (e) {
        fail(program.id, run, e)
      }
    }
  }
  outcome.seconds = (performance.now() - t0) / 1000
  ctx.log(`  (${outcome.seconds.toFixed(0)} s)`)
  return outcome
}

function fmt(v: number | number[]): string {
  return Array.isArray(v) ? `[${v.map((x) => x.toFixed(1)).join(",")}]` : v.toFixed(3)
}
