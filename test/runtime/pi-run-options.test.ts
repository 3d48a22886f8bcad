// Pi's run options that change what a window is told rather than what reaches the model.
import { afterEach, expect, test } from "bun:test"
import { planRun } from "../../src/cli/run-plan"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("--verbose: the welcome shows although Pi's quietStartup is set (Pi: verbose startup)", async () => {
  expect(planRun({ verbose: true }, [], process.cwd()).open.pi).toEqual({ verbose: true })
  fx = await createFauxFixture({ settings: { quietStartup: true } })
  const quiet = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "new" } })
  expect(quiet.info.quietStartup).toBe(true)
  const verbose = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "new" }, pi: { verbose: true } })
  expect(verbose.info.quietStartup).toBeUndefined()
})
