// Pi's permission-gate example in the window (compat suite): a dangerous bash command the model
// runs asks the person first; "No" blocks it and the model is told "Blocked by user".
import { expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("permission-gate: rm -rf asks Allow?; No blocks the command and the model reads why", async () => {
  const { app, fx } = await open(["permission-gate.ts"], { fixture: { files: { "keep/a.txt": "a\n" } } })
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("bash", { command: "rm -rf keep" }),
    (ctx) => (seen.push(JSON.stringify(ctx.messages.at(-1))), fauxAssistantMessage("Understood.")),
  ])
  await app.submit("clean up")
  const asked = await app.until("Dangerous command")
  expect(asked).toContain("rm -rf keep")
  expect(asked).toContain("Allow?")
  expect(asked).toContain("Yes")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  expect(await app.until("Understood.")).toContain("Blocked by user")
  expect(seen[0]).toContain("Blocked by user")
  expect(existsSync(join(fx.cwd, "keep/a.txt"))).toBe(true)
})
