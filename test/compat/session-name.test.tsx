// Pi's session-name example in the window (compat suite): /session-name sets the name, shown in the
// status bar as Pi's footer shows it; without an argument it says the name.
import { expect, test } from "bun:test"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("session-name: /session-name names the session; the status bar shows it; bare, it says it", async () => {
  const { app } = await open(["session-name.ts"])
  await runCommand(app, "/session-name", "Set or show session name")
  await app.until("No session name set")
  await runCommand(app, "/session-name My Named Session", "Set or show session name")
  await app.until("Session named: My Named Session")
  const bar = (await app.until((f) => f.split("\n").at(-2)!.includes("My Named Session"))).split("\n").at(-2)
  expect(bar).toContain("My Named Session")
  await runCommand(app, "/session-name", "Set or show session name")
  await app.until("Session: My Named Session")
})
