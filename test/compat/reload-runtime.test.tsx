// Pi's reload-runtime example in the window (compat suite): /reload-runtime reloads through
// ctx.reload() and the window says so, as Pi does; the model's reload_runtime tool ends its run and
// the reload follows once the agent has settled.
import { expect, test } from "bun:test"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()
// The toast wraps at this width.
const RELOADED = "Reloaded extensions, skills, prompt templates"

test("reload-runtime: /reload-runtime reloads and says so", async () => {
  const { app } = await open(["reload-runtime.ts"])
  await runCommand(app, "/reload-runtime", "Reload extensions, skills, prompts, themes, and context files")
  expect(await app.until(RELOADED)).toContain("Ask anything")
})

test("reload-runtime: the reload_runtime tool ends the run, then the session reloads", async () => {
  const { app, fx } = await open(["reload-runtime.ts"])
  fx.faux.setResponses([toolTurn("reload_runtime", {})])
  await app.submit("reload yourself")
  const frame = await app.until(RELOADED)
  expect(frame).toContain("reload_runtime")
})
