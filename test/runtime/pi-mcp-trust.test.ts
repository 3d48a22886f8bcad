// A project's .pi/mcp.json in a folder Pi does not trust: its servers stay off and the session
// says why, in the transcript every window shows (a startup notice).
import { afterEach, expect, test } from "bun:test"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(async () => fx?.dispose())

test("an untrusted project's .pi/mcp.json: a startup notice says its servers are not connected and how to trust it", async () => {
  fx = await createFauxFixture({
    files: { ".pi/mcp.json": JSON.stringify({ mcpServers: { proj: { command: "false" } } }) },
  })
  const { sessionId } = await fx.open()
  const s = await fx.record(sessionId).waitFor((s) => s.items.some((i) => i.kind === "notice"), "the notice")
  const notice = s.items.find((i) => i.kind === "notice")
  expect(notice).toMatchObject({ level: "warning" })
  expect(JSON.stringify(notice)).toContain(
    "The servers of .pi/mcp.json are not connected: Pi does not trust this project",
  )
})
