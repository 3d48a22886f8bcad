import { describe, expect, test } from "bun:test"
import { CANVAS_WIDTH, projectSketch } from "../../extensions/ask-user/window/sketch/project"

const sketch = (...lines: string[]) => lines.join("\n")

/** Projected rows without the canvas padding, for readable expectations. */
function rows(s: string): string[] {
  const p = projectSketch(s)
  if (!p.ok) throw new Error(p.reason)
  for (const row of p.rows) expect(row.length).toBe(CANVAS_WIDTH)
  return p.rows.map((r) => r.trimEnd())
}

function reason(s: string): string {
  const p = projectSketch(s)
  if (p.ok) throw new Error("expected a rejection")
  return p.reason
}

describe("frames", () => {
  test("a plain box becomes connected box-drawing glyphs", () => {
    expect(rows(sketch("+-----+", "| hi  |", "+-----+"))).toEqual(["┌─────┐", "│ hi  │", "└─────┘"])
  })

  test("a box with several interior lines keeps its text in place", () => {
    const s = sketch("+----------+", "| Name     |", "| [ ok ]   |", "+----------+")
    expect(rows(s)).toEqual(["┌──────────┐", "│ Name     │", "│ [ ok ]   │", "└──────────┘"])
  })

  test("nested frames", () => {
    const s = sketch("+-------------+", "| +---+       |", "| | a |  text |", "| +---+       |", "+-------------+")
    expect(rows(s)).toEqual([
      "┌─────────────┐",
      "│ ┌───┐       │",
      "│ │ a │  text │",
      "│ └───┘       │",
      "└─────────────┘",
    ])
  })

  test("side-by-side frames", () => {
    const s = sketch("+----+  +------+", "| L  |  | R    |", "+----+  +------+")
    expect(rows(s)).toEqual(["┌────┐  ┌──────┐", "│ L  │  │ R    │", "└────┘  └──────┘"])
  })

  test("nested and side-by-side frames of different heights in one sketch", () => {
    const s = sketch(
      "+------------------+  +--------+",
      "| +----+  +-----+  |  | side   |",
      "| | a  |  |  b  |  |  +--------+",
      "| +----+  +-----+  |",
      "+------------------+",
    )
    expect(rows(s)).toEqual([
      "┌──────────────────┐  ┌────────┐",
      "│ ┌────┐  ┌─────┐  │  │ side   │",
      "│ │ a  │  │  b  │  │  └────────┘",
      "│ └────┘  └─────┘  │",
      "└──────────────────┘",
    ])
  })

  test("a table with a title row gets tees and crosses", () => {
    const s = sketch(
      "+---------------+",
      "| Users         |",
      "+------+--------+",
      "| id   | name   |",
      "+------+--------+",
      "| 1    | ada    |",
      "+------+--------+",
    )
    expect(rows(s)).toEqual([
      "┌───────────────┐",
      "│ Users         │",
      "├──────┬────────┤",
      "│ id   │ name   │",
      "├──────┼────────┤",
      "│ 1    │ ada    │",
      "└──────┴────────┘",
    ])
  })

  test("a title between horizontal runs stays as text", () => {
    const s = sketch("+-- Plan --+", "| step 1   |", "+----------+")
    expect(rows(s)).toEqual(["┌── Plan ──┐", "│ step 1   │", "└──────────┘"])
  })

  test("an internal table keeps its widths and positions inside a frame", () => {
    const s = sketch(
      "+--------------------+",
      "| Totals             |",
      "|  +-----+-----+     |",
      "|  | a   | 10  |     |",
      "|  +-----+-----+     |",
      "+--------------------+",
    )
    expect(rows(s)).toEqual([
      "┌────────────────────┐",
      "│ Totals             │",
      "│  ┌─────┬─────┐     │",
      "│  │ a   │ 10  │     │",
      "│  └─────┴─────┘     │",
      "└────────────────────┘",
    ])
  })

  test("pipes and plus signs inside a box that are not table columns stay literal", () => {
    const s = sketch("+-----------+", "| a | b + c |", "+-----------+")
    expect(rows(s)).toEqual(["┌───────────┐", "│ a | b + c │", "└───────────┘"])
  })

  test("a missing inner column edge is not filled in (only outer frames are repaired)", () => {
    const s = sketch("+-----+-----+", "| a   | b   |", "| c     d   |", "+-----+-----+")
    expect(rows(s)).toEqual(["┌─────┬─────┐", "│ a   │ b   │", "│ c     d   │", "└─────┴─────┘"])
  })
})

describe("repairs of high-confidence frames", () => {
  test("a short row's missing right edge is filled in at the frame's column", () => {
    const s = sketch("+--------+", "| one    |", "| two", "| three  |", "+--------+")
    expect(rows(s)).toEqual(["┌────────┐", "│ one    │", "│ two    │", "│ three  │", "└────────┘"])
  })

  test("a missing left edge is filled in through whitespace", () => {
    const s = sketch("  +------+", "  | a    |", "    b    |", "  | c    |", "  +------+")
    expect(rows(s)).toEqual(["  ┌──────┐", "  │ a    │", "  │ b    │", "  │ c    │", "  └──────┘"])
  })

  test("a right edge one column too far out moves back", () => {
    const s = sketch("+------+", "| a    |", "| b     |", "| c    |", "+------+")
    expect(rows(s)).toEqual(["┌──────┐", "│ a    │", "│ b    │", "│ c    │", "└──────┘"])
  })

  test("a right edge one column too far in moves out without moving the text", () => {
    const s = sketch("+------+", "| a    |", "| b   |", "| c    |", "+------+")
    expect(rows(s)).toEqual(["┌──────┐", "│ a    │", "│ b    │", "│ c    │", "└──────┘"])
  })

  test("a left edge one column too far in moves out; the text stays where it was", () => {
    const s = sketch("  +------+", "  | a    |", "   | b   |", "  | c    |", "  +------+")
    expect(rows(s)).toEqual(["  ┌──────┐", "  │ a    │", "  │  b   │", "  │ c    │", "  └──────┘"])
  })

  test("a conflicting edge (text where the edge belongs) stays literal; the rest converts", () => {
    const s = sketch("+------+", "| a    |", "| bbbbbbbbb", "| c    |", "+------+")
    expect(rows(s)).toEqual(["┌──────┐", "│ a    │", "│ bbbbbbbbb", "│ c    │", "└──────┘"])
  })

  test("an ambiguous frame (one side mostly missing) stays literal", () => {
    const s = sketch("+------+", "  a", "  b    |", "+------+")
    expect(rows(s)).toEqual(["+------+", "  a", "  b    |", "+------+"])
  })

  test("a low-confidence frame converts but is not repaired", () => {
    // Each side is an edge on half its rows: enough to draw, too little to guess the rest.
    const s = sketch("+----+", "| a", "  b  |", "+----+")
    expect(rows(s)).toEqual(["┌────┐", "│ a", "  b  │", "└────┘"])
  })
})

describe("text that is not a frame", () => {
  test("prose with pipes is unchanged", () => {
    const s = sketch("cat log | grep error | wc -l", "a || b and c | d")
    expect(rows(s)).toEqual(["cat log | grep error | wc -l", "a || b and c | d"])
  })

  test("plus and minus operators are unchanged", () => {
    const s = sketch("x = a + b - c", "i++ and j-- and 1 +-2", "a+-+b, c+--+d")
    expect(rows(s)).toEqual(["x = a + b - c", "i++ and j-- and 1 +-2", "a+-+b, c+--+d"])
  })

  test("command-line flags and arrows are unchanged", () => {
    const s = sketch("--verbose --dry-run | tee out.log", "A +---> B <---+ C", "-> next -- done")
    expect(rows(s)).toEqual(["--verbose --dry-run | tee out.log", "A +---> B <---+ C", "-> next -- done"])
  })

  test("a lone border row without a box below stays literal", () => {
    expect(rows(sketch("+--+ +----+", "no sides here"))).toEqual(["+--+ +----+", "no sides here"])
  })

  test("two border rows with no side edges between them stay literal", () => {
    const s = sketch("+-----+", " text", "+-----+")
    expect(rows(s)).toEqual(["+-----+", " text", "+-----+"])
  })

  test("short rows are padded to the 80-column canvas without moving text", () => {
    const p = projectSketch(sketch("ab", "", "  c"))
    expect(p).toEqual({ ok: true, rows: ["ab".padEnd(80), "".padEnd(80), "  c".padEnd(80)] })
  })
})

describe("dividers", () => {
  test("a standalone hyphen row extends to the canvas width", () => {
    expect(rows(sketch("Title", "-----", "body"))).toEqual(["Title", "─".repeat(80), "body"])
  })

  test("an indented hyphen row keeps its indent and extends", () => {
    expect(rows(sketch("   ----"))).toEqual(["   " + "─".repeat(77)])
  })

  test("two hyphens are not a divider", () => {
    expect(rows(sketch("--", "a -- b"))).toEqual(["--", "a -- b"])
  })
})

describe("limits", () => {
  test("an 80x24 sketch fills the canvas exactly", () => {
    const border = "+" + "-".repeat(78) + "+"
    const inside = "|" + " ".repeat(78) + "|"
    const s = sketch(border, ...Array(22).fill(inside), border)
    const out = rows(s)
    expect(out.length).toBe(24)
    expect(out[0]).toBe("┌" + "─".repeat(78) + "┐")
    expect(out.slice(1, 23).every((r) => r === "│" + " ".repeat(78) + "│")).toBe(true)
    expect(out[23]).toBe("└" + "─".repeat(78) + "┘")
  })

  test("one trailing newline is allowed", () => {
    expect(rows("a\nb\n")).toEqual(["a", "b"])
  })

  test("81 columns are rejected", () => {
    expect(reason("x".repeat(81))).toContain("81 columns")
  })

  test("25 lines are rejected", () => {
    expect(reason(Array(25).fill("x").join("\n"))).toContain("25 lines")
  })

  test("non-ASCII input is rejected", () => {
    expect(reason("caf\u00e9")).toContain("non-ASCII")
    expect(reason("┌──┐")).toContain("non-ASCII")
  })

  test("control characters (tabs, carriage returns) are rejected", () => {
    expect(reason("a\tb")).toContain("control character")
    expect(reason("a\r\nb")).toContain("control character")
  })
})

describe("all or nothing", () => {
  test("a frame that is not recognized leaves the whole sketch literal, not half converted", () => {
    // The outer frame's inner rows stop one column short of its border (common in model output):
    // drawing the inner box alone left ASCII and box drawing on one row.
    const lines = [
      "+----------------------+",
      "| Logo   [Search    ] |",
      "+------+---------------+",
      "| Nav  |  Content     |",
      "|      |              |",
      "+------+---------------+",
    ]
    expect(rows(sketch(...lines))).toEqual(lines)
  })

  test("a recognized frame beside a border row that closes no frame: literal too", () => {
    const lines = ["+----+   +-----+", "| a  |", "+----+"]
    expect(rows(sketch(...lines))).toEqual(lines)
  })
})
