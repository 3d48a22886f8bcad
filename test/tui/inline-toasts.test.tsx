// Toasts in the inline footer: rows of their own above what the footer holds, so the composer's
// border is never drawn over, in the frame they first show in as in every later one.
import { afterEach, expect, test } from "bun:test"
import type { TranscriptItem } from "../../src/protocol"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const COMPOSER = "Ask anything"
const NOTICE = "The reply in the background session “count slowly” finished · /resume opens it"
const decoder = new TextDecoder()

/** What is wrong with the composer's box in `frame`, drawn `width` wide (nothing when it is whole). */
function broken(frame: string, width: number): string[] {
  const edge = new RegExp(`^[╭╰]─{${width - 2}}[╮╯]$`)
  return frame
    .split("\n")
    .map((r) => r.trimEnd())
    .filter((r) => (/^[╭╰]/.test(r) && !edge.test(r)) || (/^│/.test(r) && !/│$/.test(r)))
}

const cases: [string, TranscriptItem[]][] = [
  ["an empty session (the welcome)", []],
  ["a session whose items are in the scrollback", [item.user("u1", "hello")]],
]

for (const width of [80, 40])
  for (const [what, items] of cases)
    test(`a two-line toast keeps the composer's border whole, at ${width} columns, ${what}`, async () => {
      app = await mountApp({ width, height: 24, screen: "inline" })
      await app.emit({ type: "snapshot", snapshot: snapshot({ items }) })
      await app.until(COMPOSER)
      // Every frame drawn from now on, as the terminal gets it (a frame later put right is still seen).
      const drawn: string[] = []
      app.renderer.addPostProcessFn((buffer) => void drawn.push(decoder.decode(buffer.getRealCharBytes(true))))
      await app.emit({ type: "ui_notify", level: "info", message: NOTICE })
      const frame = await app.until((f) => f.includes("opens it") && f.includes(COMPOSER) && f.includes("╰"))
      const rows = frame.split("\n")
      const first = rows.findIndex((r) => r.includes("The reply in"))
      const last = rows.findIndex((r) => r.includes("opens it"))
      const prompt = rows.findIndex((r) => r.includes(COMPOSER))
      // Two lines or more (the case that reached the border), all above the composer's box.
      expect(last).toBeGreaterThan(first)
      expect(first).toBeGreaterThan(0)
      expect(last).toBeLessThan(prompt - 1)
      expect(rows[prompt - 1]!.trimEnd()).toMatch(new RegExp(`^╭─{${width - 2}}╮$`))
      // Every frame the terminal got: the toast never over the box (a frame put right later is still seen).
      expect(drawn.length).toBeGreaterThan(0)
      for (const f of drawn) expect({ frame: f, broken: broken(f, width) }).toEqual({ frame: f, broken: [] })
      // Nor cut short by it: a frame drawn before the footer has grown to take the toast keeps the
      // composer and the status line, and leaves out the toast's rows rather than theirs.
      for (const f of drawn.filter((f) => f.includes("The reply in")))
        expect({ frame: f, composer: f.includes(COMPOSER), status: f.includes("Faux One") }).toEqual({
          frame: f,
          composer: true,
          status: true,
        })
    })
