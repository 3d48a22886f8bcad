// Pi's items against xagent's: equal lists, or the failure says where they part, side by side.
import { sameItem, show, type Item } from "./items"
import type { Scenario } from "./scenarios"

export interface Verdict {
  ok: boolean
  /** Both lists, one item a line, with the first differing line marked. */
  report: string
}

export function compare(s: Scenario, pi: Item[], xagent: Item[], label: string): Verdict {
  const expected = s.differs ? s.differs.expect(pi) : pi
  const at = expected.findIndex((w, i) => !xagent[i] || !sameItem(w, xagent[i]!))
  const first = at >= 0 ? at : expected.length === xagent.length ? -1 : expected.length
  const want = expected.map(show)
  const got = xagent.map(show)
  if (first < 0) return { ok: true, report: "" }
  // Long text blocks are clipped in the table; the first item that differs is shown whole below it.
  const clip = (t: string) => (t.length > 90 ? `${t.slice(0, 60)} … ${t.slice(-25)}` : t)
  const whole = `pi:     ${want[first] ?? "—"}\nxagent: ${got[first] ?? "—"}`
  want.splice(0, want.length, ...want.map(clip))
  got.splice(0, got.length, ...got.map(clip))
  const width = Math.max(...want.map((w) => w.length), 10)
  const rows = Array.from({ length: Math.max(want.length, got.length) }, (_, i) => {
    const mark = i === first ? ">>" : "  "
    return `${mark} ${(want[i] ?? "—").padEnd(width)} | ${got[i] ?? "—"}`
  })
  return {
    ok: false,
    report: `${s.name}: xagent ${label} differs from pi at item ${first + 1}\n   ${"pi".padEnd(width)} | xagent ${label}\n${rows.join("\n")}\n\nitem ${first + 1}:\n${whole}`,
  }
}
