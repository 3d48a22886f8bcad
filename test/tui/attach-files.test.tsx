// `@path` in a message sent from the composer attaches the file, as Claude Code does: the model gets
// the message as typed and then the files' contents; the transcript shows the message and a one-line
// marker. A real window on a real Pi session (faux model); files outside the workspace, binary ones
// and ones the sandbox keeps from the agent are named in the marker and not sent. The pi-ai faux
// provider stands in for the scripted model: it hands the test each request's messages in process.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { queuedDuringReply, recordRequests } from "../fixture/faux-requests"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
let outside: string | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
  if (outside) rmSync(outside, { recursive: true, force: true })
  outside = undefined
})

test("the model gets the message as typed and then the named files; the transcript shows a marker", async () => {
  fx = await createFauxFixture({
    files: { "notes.txt": "first NOTELINE\nsecond\n", "src/a.ts": "export const ALPHA = 1\n" },
  })
  const seen = recordRequests(fx, ["GOTIT"])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 100, height: 30 })
  await app.submit("compare @notes.txt with @src/a.ts, and ask @nobody")
  const frame = await app.until((f) => f.includes("GOTIT"))
  expect(frame).toContain("compare @notes.txt with @src/a.ts, and ask @nobody")
  expect(frame).toContain("⎿ attached: notes.txt (2 lines), src/a.ts (1 line)")
  expect(frame).not.toContain("NOTELINE")

  const sent = seen[0]!
  const user = sent.findIndex((m) => m.includes("compare @notes.txt"))
  expect(user).toBeGreaterThanOrEqual(0)
  // The person's text is theirs alone; the files follow it.
  expect(sent[user]).not.toContain("NOTELINE")
  const files = sent.slice(user + 1).join("\n")
  expect(files).toContain('<file path=\\"notes.txt\\">\\nfirst NOTELINE\\nsecond\\n')
  expect(files).toContain('<file path=\\"src/a.ts\\">\\nexport const ALPHA = 1')
  expect(files).not.toContain("nobody")
})

test("outside the workspace, binary, kept from the agent or too long: said in the marker, not sent whole", async () => {
  outside = mkdtempSync(join(tmpdir(), "xagent-outside-"))
  writeFileSync(join(outside, "secret.txt"), "OUTSIDESECRET\n")
  const long = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join("\n") + "\n"
  fx = await createFauxFixture({ files: { "long.log": long } })
  writeFileSync(join(fx.cwd, "blob.bin"), Buffer.from([0x41, 0x00, 0x42, 0x00]))
  mkdirSync(join(fx.cwd, "docs"))
  const seen = recordRequests(fx, ["DONE"])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 160, height: 30 })
  const secret = join(outside, "secret.txt")
  await app.submit(`read @${secret} @blob.bin @docs @long.log`)
  const frame = (await app.until((f) => f.includes("DONE"))).replace(/\s+/g, " ")
  expect(frame).toContain("⎿ attached: long.log (first 2000 of 3000 lines)")
  expect(frame).toContain(
    `not attached: ${secret} (outside the workspace), blob.bin (binary or unreadable), docs (a folder)`,
  )
  const sent = seen[0]!.join("\n")
  expect(sent).not.toContain("OUTSIDESECRET")
  expect(sent).toContain("line 2000\\n")
  expect(sent).not.toContain("line 2001")
  expect(sent).toContain("[Cut: the first 2000 of 3000 lines were attached; read the file for the rest.]")
  expect(sent).toContain(`[Not attached: ${secret} (outside the workspace).]`)
})

test("a file the sandbox keeps from the agent is named as such and not sent", async () => {
  // xagent's own state folder (test/preload.ts makes it a throwaway one) is denied to the agent.
  const secret = join(process.env.XAGENT_HOME!, "attach-secret.txt")
  writeFileSync(secret, "STATESECRET\n")
  fx = await createFauxFixture()
  const seen = recordRequests(fx, ["OK"])
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 160, height: 30 })
  await app.submit(`see @${secret}`)
  const frame = (await app.until((f) => f.includes("OK"))).replace(/\s+/g, " ")
  expect(frame).toContain(`⎿ not attached: ${secret} (kept from the agent by the sandbox)`)
  expect(seen[0]!.join("\n")).not.toContain("STATESECRET")
  rmSync(secret)
})

test("a message queued during a reply goes as typed, and the person is told its files were not attached", async () => {
  fx = await createFauxFixture({ files: { "plan.md": "QUEUEDPLAN\n" }, tokensPerSecond: 20 })
  const { sent, session, notice } = await queuedDuringReply(fx, { text: "then follow @plan.md", attachFiles: true })
  expect(sent.some((m) => m.includes("then follow @plan.md"))).toBe(true)
  expect(sent.join("\n")).not.toContain("QUEUEDPLAN")
  expect(session.items.some((i) => i.kind === "custom")).toBe(false)
  expect(notice).toStartWith("Not attached: @plan.md. Files go with a message")
})

test("without attachFiles (print mode, editors over ACP) the text goes alone", async () => {
  fx = await createFauxFixture({ files: { "notes.txt": "NOTELINE\n" } })
  const seen = recordRequests(fx, ["PLAIN"])
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "see @notes.txt" })
  const s = await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"), "the reply")
  expect(seen[0]!.join("\n")).not.toContain("NOTELINE")
  expect(s.items.some((i) => i.kind === "custom")).toBe(false)
})
