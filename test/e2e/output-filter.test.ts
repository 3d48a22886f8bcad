// The window's output filter against a real terminal: what OpenTUI wrote while a styled reply
// streamed (recorded from the pane with the filter off, XAGENT_NO_OUTPUT_FILTER=1), played into one
// tmux pane as it came and into another through the filter, cut into writes at random places.
// The two screens must be the same cell for cell, colours and attributes included; the one
// liberty the filter takes is a blank cell's foreground and weight, which show nowhere (no
// underline, strike or swapped colours on it): of a blank, the comparison reads the background.
import { afterAll, describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { OutputFilter } from "../../src/tui/util/output-filter"
import { startXagent, terminalBox } from "./terminal-box"
import { hasTmux, openPane, type Pane } from "./tmux"

if (!hasTmux) console.warn("test/e2e/output-filter.test.ts: skipped, tmux is not installed (apt-get install tmux)")

const END = "FILTER-END-77"
const REPLY = [
  "# A heading in its own colour",
  "",
  "Plain words, then **bold words**, _italic ones_, `inline code` and ~~struck~~ text, long enough",
  "to wrap on a hundred columns so that the runs of one colour meet the blanks at the row's end.",
  "",
  "- a list item with `code`",
  "- another, **bold**",
  "",
  "```ts",
  "const answer: number = 42 // a comment",
  "function greet(name: string) { return `hi ${name}` }",
  "```",
  "",
  "> a quoted line",
  "",
  ...Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a paragraph that scrolls the transcript along.`),
  END,
].join("\n")

/** Cells of a `capture-pane -e` screen: each character with the attributes it is drawn with. */
function cells(capture: string): string[][] {
  return capture.split("\n").map((line) => {
    let fg = ""
    let bg = ""
    let flags = new Set<string>()
    const row: string[] = []
    for (const m of line.matchAll(/\x1b\[([0-9;:]*)m|([^\x1b])/gu)) {
      if (m[2] !== undefined) {
        // a blank shows its background alone, unless a line or swapped colours show its foreground
        const lined = ["4", "7", "9", "53"].some((f) => flags.has(f))
        if (m[2] === " " && !lined) row.push(` ||${bg}|`)
        else row.push(`${m[2]}|${fg}|${bg}|${[...flags].sort().join(",")}`)
        continue
      }
      const p = m[1] === "" ? ["0"] : m[1]!.split(";")
      for (let i = 0; i < p.length; i++) {
        const v = p[i]!
        const n = Number(v.split(":")[0])
        if (n === 0) [fg, bg, flags] = ["", "", new Set()]
        else if (n === 38 || n === 48) {
          const count = p[i + 1] === "2" ? 5 : 3
          const colour = p
            .slice(i, i + count)
            .join(";")
            .slice(3)
          if (n === 38) fg = colour
          else bg = colour
          i += count - 1
        } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) fg = v
        else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) bg = v
        else if (n === 39) fg = ""
        else if (n === 49) bg = ""
        else if (n === 22) (flags.delete("1"), flags.delete("2"))
        else if (n >= 23 && n <= 29) flags.delete(String(n - 20))
        else if (n === 55) flags.delete("53")
        else flags.add(String(n))
      }
    }
    // tmux leaves out a row's trailing blanks or not by how they were written: only what shows counts
    while (row.at(-1) === " |||") row.pop()
    return row
  })
}

/** Plays `bytes` into a fresh pane of the size they were drawn for; the screen once it is all in. */
async function played(
  bytes: Uint8Array,
  dir: string,
  name: string,
  cleanups: (() => unknown)[],
  env: Record<string, string>,
) {
  const file = join(dir, `${name}.bytes`)
  writeFileSync(file, bytes)
  const pane: Pane = openPane({ cwd: dir, env, cols: 100, rows: 30 })
  cleanups.push(() => pane.kill())
  pane.tmux("respawn-pane", "-k", "-t", "e2e", `stty -echo; cat '${file}'; exec sleep 600`)
  const deadline = Date.now() + 60_000
  while (pane.tmux("display-message", "-p", "-t", "e2e", "#{pane_current_command}").trim() !== "sleep") {
    if (Date.now() > deadline) throw new Error(`${name}: the pane did not finish playing`)
    await Bun.sleep(50)
  }
  // the scrollback too: inline, the reply's rows went up into it
  return pane.tmux("capture-pane", "-p", "-e", "-S", "-", "-t", "e2e")
}

describe.skipIf(!hasTmux)("the output filter in a real terminal", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  for (const screen of ["--fullscreen", "--inline"])
    test(`a streamed reply looks the same with the filter as without it, in fewer bytes (${screen})`, async () => {
      const { box, pane } = await terminalBox({ turns: [{ text: REPLY }] }, cleanups, {
        cols: 100,
        rows: 30,
        tps: 200,
        env: { COLORTERM: "truecolor", XAGENT_NO_OUTPUT_FILTER: "1" },
      })
      const raw = join(box.cwd, "raw.out")
      pane.tmux("pipe-pane", "-o", "-t", "e2e", `cat > '${raw}'`)
      await startXagent(pane, `${screen} --no-daemon`)
      pane.type("show me the styles")
      pane.send("Enter")
      await pane.waitFor(END, 60_000)
      // the last frame out, then the recording ends
      await Bun.sleep(500)
      pane.tmux("pipe-pane", "-t", "e2e")
      pane.send("C-c")
      pane.send("C-c")
      const bytes = readFileSync(raw)
      expect(bytes.length).toBeGreaterThan(10_000)

      // through the filter in writes cut at random places (a sequence split between two of them)
      const filter = new OutputFilter()
      const parts: Uint8Array[] = []
      let seed = 7
      for (let at = 0; at < bytes.length;) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        const size = 1 + (seed % 3000)
        parts.push(filter.push(bytes.subarray(at, at + size)).slice())
        at += size
      }
      parts.push(filter.end())
      const filtered = Buffer.concat(parts)
      expect(filtered.length).toBeLessThan(bytes.length * 0.75)

      const env = { ...box.env, COLORTERM: "truecolor" }
      const asCame = await played(bytes, box.cwd, "raw", cleanups, env)
      const throughFilter = await played(filtered, box.cwd, "filtered", cleanups, env)
      expect(asCame).toContain(END)
      expect(asCame).toContain("\x1b[")
      expect(cells(throughFilter)).toEqual(cells(asCame))
    }, 180_000)
})

describe.skipIf(!hasTmux)("the window's terminal after it ends, with the filter on", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  // OpenTUI's own teardown of the mouse modes (its native one, and its JS one for process.stdout
  // only) must still reach the terminal through the feed.
  test("full screen: the mouse reports off and the main screen back once it quits", async () => {
    const { pane } = await terminalBox({ turns: [{ text: "ok" }] }, cleanups, { cols: 100, rows: 30 })
    await startXagent(pane, "--fullscreen --no-daemon")
    const flag = (name: string) => pane.tmux("display-message", "-p", "-t", "e2e", `#{${name}}`).trim()
    expect(flag("mouse_any_flag")).toBe("1")
    pane.send("C-c")
    pane.send("C-c")
    await pane.waitFor("EXIT=")
    expect(flag("mouse_any_flag")).toBe("0")
    expect(flag("alternate_on")).toBe("0")
  }, 120_000)
})
