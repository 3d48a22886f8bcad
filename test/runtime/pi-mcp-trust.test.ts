// A project's .pi/mcp.json in a folder the session does not trust: Pi's MCP reads it only where
// ctx.isProjectTrusted() (decided as Pi decides it, runtime/setup/project-trust.ts); the session's one
// line says the project's resources were left out and how to trust it.
import { afterEach, expect, test } from "bun:test"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(async () => fx?.dispose())

test("an untrusted project's .pi/mcp.json: a startup notice says the project was left out and how to trust it", async () => {
  fx = await createFauxFixture({
    settings: { defaultProjectTrust: "never" },
    files: { ".pi/mcp.json": JSON.stringify({ mcpServers: { proj: { command: "false" } } }) },
  })
  const { sessionId } = await fx.open()
  const s = await fx.record(sessionId).waitFor((s) => s.items.some((i) => i.kind === "notice"), "the notice")
  const notice = s.items.find((i) => i.kind === "notice")
  expect(notice).toMatchObject({ level: "warning" })
  expect(JSON.stringify(notice)).toContain("This project is not trusted: its .pi extensions, settings, MCP servers")
})
