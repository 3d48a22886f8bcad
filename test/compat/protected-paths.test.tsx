// Pi's protected-paths example in the window (compat suite): a write to .env is blocked, with a
// warning the person sees, and the file is not written.
import { expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("protected-paths: writing .env is blocked with a warning; other files are written", async () => {
  const { app, fx } = await open(["protected-paths.ts"])
  fx.faux.setResponses([
    toolTurn("write", { path: ".env", content: "SECRET=1\n" }),
    toolTurn("write", { path: "notes.txt", content: "fine\n" }),
    fauxAssistantMessage("All done."),
  ])
  await app.submit("write them")
  const frame = await app.until("All done.")
  expect(frame).toContain("Blocked write to protected path: .env")
  expect(frame).toContain('Path ".env" is protected')
  expect(existsSync(join(fx.cwd, ".env"))).toBe(false)
  expect(existsSync(join(fx.cwd, "notes.txt"))).toBe(true)
})
