// Inline mode at 120, 80 and 40 columns, the rows of the acceptance that inline.test.tsx
// does not draw at every width: a custom extension component (Pi's snake example, on a real
// session host) in the footer, and a page on the alternate screen and back.
import { expect, test } from "bun:test"
import { clientWithOneSession, item, snapshot } from "../fixture/fake-client"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { mountApp, type MountedApp } from "../fixture/tui"

const open = usePiExamples()
const COMPOSER = "Ask anything"

const written = (a: MountedApp) => a.externalOutput.take().flatMap((c) => c.rows.map((r) => r.trimEnd()))

for (const width of [120, 80, 40]) {
  test(`at ${width} columns: an extension's component takes the composer's place in the footer and gives it back`, async () => {
    const { app } = await open(["snake.ts"], { width, height: 30, screen: "inline" })
    expect(app.renderer.screenMode).toBe("split-footer")
    await runCommand(app, "/snake", "Play Snake!")
    const board = await app.until("SNAKE")
    expect(board).toContain("Score: 0")
    expect(board).not.toContain(COMPOSER)
    // Drawn within the terminal's width, in the footer, nothing of it in the scrollback.
    expect(board.split("\n").every((r) => r.trimEnd().length <= width)).toBe(true)
    expect(app.renderer.screenMode).toBe("split-footer")
    expect(written(app).join("\n")).not.toContain("SNAKE")
    app.mockInput.pressKey("q")
    expect(await app.until(COMPOSER)).not.toContain("SNAKE")
    expect(written(app).join("\n")).not.toContain("SNAKE")
  })

  test(`at ${width} columns: the sessions page takes the alternate screen and comes back to the footer`, async () => {
    const client = clientWithOneSession("older work")
    const a = await mountApp({ width, height: 24, screen: "inline", client })
    try {
      await a.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "before the page")] }) })
      await a.until(COMPOSER)
      await a.submit("/session")
      await a.until(() => a.renderer.screenMode === "alternate-screen")
      const page = await a.until("older work")
      expect(page.trimEnd().split("\n")).toHaveLength(24)
      expect(page.split("\n").every((r) => r.trimEnd().length <= width)).toBe(true)
      a.mockInput.pressEscape()
      await a.until(() => a.renderer.screenMode === "split-footer")
      expect(await a.until(COMPOSER)).not.toContain("older work")
      expect(written(a).filter((r) => r.includes("before the page"))).toHaveLength(1)
    } finally {
      a.renderer.destroy()
    }
  })
}
