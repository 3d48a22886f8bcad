// A window feature's page (src/tui/slots/page.tsx): its title and tabs on the first row, Tab and
// Shift+Tab move between tabs, Escape goes back; a feature's text is sanitized like any other.
import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { FeaturePage } from "../../src/tui/slots/page"
import type { PageSlot } from "../../src/tui/slots/types"
import { WAIT_MS } from "../fixture/wait"

let setup: Awaited<ReturnType<typeof testRender>> | undefined
afterEach(() => setup?.renderer.destroy())

const page: PageSlot = {
  page: "runs",
  title: "Runs\x1b[2J",
  tabs: [
    { title: "Live", view: () => <text>live rows here</text> },
    { title: "Done", view: () => <text>finished rows here</text> },
  ],
}

test("tabs switch with Tab and Shift+Tab; Escape goes back", async () => {
  let back = 0
  setup = await testRender(() => <FeaturePage page={page} focused onBack={() => back++} />, { width: 60, height: 6 })
  await setup.renderOnce()
  let frame = setup.captureCharFrame()
  expect(frame.split("\n")[0]).toContain("Runs  [Live]   Done")
  expect(frame).not.toContain("\x1b")
  expect(frame).toContain("live rows here")
  setup.mockInput.pressTab()
  await setup.renderOnce()
  frame = setup.captureCharFrame()
  expect(frame).toContain("finished rows here")
  expect(frame.split("\n")[0]).toContain("Runs   Live   [Done]")
  setup.mockInput.pressTab({ shift: true })
  await setup.renderOnce()
  expect(setup.captureCharFrame()).toContain("live rows here")
  expect(back).toBe(0)
  setup.mockInput.pressEscape()
  // A lone Escape is told apart from the start of a key sequence only after a pause.
  const end = Date.now() + WAIT_MS
  while (back === 0 && Date.now() < end) await Bun.sleep(20)
  expect(back).toBe(1)
})
