// A models.json that does not parse is named, with its error, instead of "No model is signed in".
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("a broken models.json is reported with its path and parse error", async () => {
  const agentDir = join(mkdtempSync(join(tmpdir(), "xagent-models-")), "agent")
  mkdirSync(agentDir, { recursive: true })
  writeFileSync(join(agentDir, "models.json"), '{"providers": {"mine": ')
  fx = await createFauxFixture({ agentDir, noAuth: true })
  const { sessionId } = await fx.open()
  const hint = fx.record(sessionId).state!.info.authHint!
  expect(hint).toContain(`${join(agentDir, "models.json")} could not be read`)
  expect(hint).toMatch(/Failed to parse models\.json: .+/)
  expect(hint).not.toContain("No model is signed in")
  expect(hint).not.toContain("\n")
  await expect(fx.client.request("session.prompt", { sessionId, text: "hi" })).rejects.toThrow(
    /models\.json could not be read/,
  )
})
