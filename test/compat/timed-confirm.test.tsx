// Pi's timed-confirm example in the window (compat suite): /timed shows a confirm that counts down
// its 5 seconds; confirming in time says so. /timed-select likewise.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("timed-confirm: the dialog shows its countdown; y confirms", async () => {
  const { app } = await open(["timed-confirm.ts"])
  await runCommand(app, "/timed", "Show a timed confirmation dialog")
  const dialog = await app.until("Timed Confirmation")
  expect(dialog).toContain("This dialog will auto-cancel in 5 seconds. Confirm?")
  // The countdown (a loaded machine may be a second or two in already).
  expect(dialog).toMatch(/\([1-5]s\)/)
  app.mockInput.pressKey("y")
  expect(await app.until("Confirmed by user!")).not.toContain("Timed Confirmation")
})

test("timed-confirm: /timed-select counts down too; Enter picks the option", async () => {
  const { app } = await open(["timed-confirm.ts"])
  await runCommand(app, "/timed-select", "Show a timed select dialog")
  const dialog = await app.until("Pick an option")
  expect(dialog).toMatch(/\((10|[1-9])s\)/)
  expect(dialog).toContain("Option B")
  app.mockInput.pressEnter()
  await app.until("Selected: Option A")
})
