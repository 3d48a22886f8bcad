// Pi's tool-override example in the window (compat suite): its `read` replaces the built-in one; it
// logs each access to <agent dir>/read-access.log, blocks .env, and /read-log shows the log.
import { expect, test } from "bun:test"
import { mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { toolTurn } from "../fixture/faux-session"
import { runCommand, usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("tool-override: read goes through the extension: logged, .env refused; /read-log lists it", async () => {
  const { app, fx } = await open(["tool-override.ts"], {
    fixture: { files: { "notes.txt": "NOTE-CONTENT\n", ".env": "SECRET=1\n" } },
  })
  // The log goes to Pi's agent dir as the extension finds it (the process's, as ~/.pi/agent in Pi).
  const log = () => readFileSync(join(process.env.PI_CODING_AGENT_DIR!, "read-access.log"), "utf8")
  mkdirSync(process.env.PI_CODING_AGENT_DIR!, { recursive: true })
  const seen: string[] = []
  fx.faux.setResponses([
    toolTurn("read", { path: "notes.txt" }),
    toolTurn("read", { path: ".env" }),
    (ctx) => (seen.push(JSON.stringify(ctx.messages)), fauxAssistantMessage("Read them.")),
  ])
  await app.submit("read both")
  expect(await app.until("Read them.")).toContain("read notes.txt")
  // The model got the file, and the extension's refusal instead of the secret.
  expect(seen[0]).toContain("NOTE-CONTENT")
  expect(seen[0]).toContain('Access denied: \\".env\\" matches a blocked pattern')
  expect(seen[0]).not.toContain("SECRET=1")
  expect(log()).toContain(`ALLOWED: ${join(fx.cwd, "notes.txt")}`)
  expect(log()).toContain(`BLOCKED: ${join(fx.cwd, ".env")} (matches blocked pattern)`)
  await runCommand(app, "/read-log", "View the file access log")
  expect(await app.until("Recent file access")).toContain("notes.txt")
})
