// The host never hands Pi a file that is not a session: session.open and session.switch refuse it
// and leave it as it was; -c passes over such files in the sessions folder.
import { afterEach, expect, test } from "bun:test"
import { readFileSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { CURRENT_SESSION_VERSION } from "@earendil-works/pi-coding-agent"
import { SESSION_FORMAT_VERSION } from "../../src/util/session-file-check"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

const fixtures: FauxFixture[] = []
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.dispose()
})

const NOTES = "# notes\nremember the milk\n"

test("the format version we accept is the one this Pi writes", () => {
  expect(SESSION_FORMAT_VERSION).toBe(CURRENT_SESSION_VERSION)
})

test("session.open and session.switch refuse a file that is not a session and leave it untouched", async () => {
  const fx = await createFauxFixture({ files: { "notes.md": NOTES, "data.jsonl": '{"user":"alice"}\n' } })
  fixtures.push(fx)
  const notes = join(fx.cwd, "notes.md")
  await expect(fx.open({ kind: "session", ref: notes })).rejects.toThrow(
    `${notes} is not a Pi session file: its first line is not JSON`,
  )
  const { sessionId } = await fx.open()
  const data = join(fx.cwd, "data.jsonl")
  await expect(fx.client.request("session.switch", { sessionId, path: data })).rejects.toThrow(
    /data\.jsonl is not a Pi session file: its first line is not a session header/,
  )
  await expect(fx.client.request("session.switch", { sessionId, path: notes })).rejects.toThrow(/not a Pi session file/)
  expect(readFileSync(notes, "utf8")).toBe(NOTES)
  expect(readFileSync(data, "utf8")).toBe('{"user":"alice"}\n')
  // The session that was open stays usable.
  expect((await fx.client.request("session.lastReply", { sessionId })).text).toBeUndefined()
})

test("-c passes over a .jsonl in the sessions folder that is not a session, and leaves it", async () => {
  const fx = await createFauxFixture()
  fixtures.push(fx)
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([{ ...(await import("@earendil-works/pi-ai")).fauxAssistantMessage("Saved.") }])
  await fx.client.request("session.prompt", { sessionId, text: "keep me" })
  const s = await rec.waitFor((s) => !s.running && s.items.length === 2, "reply")
  rec.stop()
  await fx.client.request("session.close", { sessionId })
  const stray = join(s.info.file!, "..", "zz-stray.jsonl")
  writeFileSync(stray, "not a session\n")
  const later = new Date(Date.now() + 60_000)
  utimesSync(stray, later, later)
  const cont = await fx.open({ kind: "continue" })
  expect(fx.record(cont.sessionId).state!.info.file).toBe(s.info.file)
  expect(readFileSync(stray, "utf8")).toBe("not a session\n")
})
