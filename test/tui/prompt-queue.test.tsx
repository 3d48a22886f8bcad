import { afterEach, describe, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { createSignal } from "solid-js"
import type { QueueState } from "../../src/protocol"
import { QueueRows } from "../../src/tui/component/prompt/queue-rows"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => {
  setup?.renderer.destroy()
  setup = undefined
})

describe("queue rows", () => {
  test("list steering then follow-ups with the edit hint, and vanish when empty", async () => {
    const [queue, setQueue] = createSignal<QueueState>({
      steering: ["use the\nnew API"],
      followUp: ["then add tests", "and docs"],
    })
    setup = await testRender(
      () => (
        <box flexDirection="column">
          <QueueRows queue={queue()} />
          <text>composer</text>
        </box>
      ),
      { width: 120, height: 8 },
    )
    await setup.renderOnce()
    const rows = setup
      .captureCharFrame()
      .split("\n")
      .map((l) => l.trimEnd())
    expect(rows.slice(0, 5)).toEqual([
      " Steer: use the new API",
      " Queued: then add tests",
      " Queued: and docs",
      " Alt+↑ edit all · Alt+↓ or click: one",
      "composer",
    ])
    setQueue({ steering: [], followUp: [] })
    await setup.renderOnce()
    expect(setup.captureCharFrame().split("\n")[0]!.trimEnd()).toBe("composer")
  })

  test("cut long items to one row at 40 columns", async () => {
    const long = "please refactor the authentication module so that tokens refresh"
    setup = await testRender(() => <QueueRows queue={{ steering: [], followUp: [long] }} />, { width: 40, height: 4 })
    await setup.renderOnce()
    const rows = setup.captureCharFrame().split("\n")
    expect(rows[0]!.startsWith(" Queued: please")).toBe(true)
    expect(rows[0]).toContain("...")
    expect(rows[1]!.trim()).toBe("Alt+↑ edit all · Alt+↓ or click: one")
  })
})
