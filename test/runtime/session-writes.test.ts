// When a new session's file is written (patches/session-writes.ts): not for a session opened and
// closed without a word, and before the model is asked for the first reply. Pi's
// whole-file rewrites (an older format migrated on open) never leave a file half written.
import { afterEach, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(() => fx?.dispose())

test("a new session opened and closed without a prompt leaves no file", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const file = fx.record(sessionId).state!.info.file!
  await fx.client.request("session.close", { sessionId })
  expect(existsSync(file)).toBe(false)
})

test("the first prompt is in the session file when the model is asked for the first reply", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const file = rec.state!.info.file!
  let onDisk = ""
  fx.faux.setResponses([
    () => {
      onDisk = existsSync(file) ? readFileSync(file, "utf8") : "(no file)"
      return fauxAssistantMessage("Answer.")
    },
  ])
  await fx.client.request("session.prompt", { sessionId, text: "the very first question" })
  await rec.waitFor((s) => !s.running && s.items.some((i) => i.kind === "assistant"))
  const lines = onDisk
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
  expect(lines[0]).toMatchObject({ type: "session" })
  expect(lines.at(-1)).toMatchObject({ type: "message", message: { role: "user" } })
  expect(JSON.stringify(lines.at(-1))).toContain("the very first question")
})

test.skipIf(process.getuid?.() !== 0)(
  "a version 1 session migrated on open on a full disk: the open fails with the reason and the file is left whole",
  async () => {
    fx = await createFauxFixture()
    const dir = mkdtempSync(join(tmpdir(), "xagent-full-"))
    expect(spawnSync("mount", ["-t", "tmpfs", "-o", "size=128k", "tmpfs", dir]).status).toBe(0)
    try {
      // Version 1 (no entry ids): Pi rewrites the whole file as version 3, with ids, when it opens it.
      const header = {
        type: "session",
        id: "0195c0de-0000-7000-8000-0000000000a1",
        cwd: fx.cwd,
        timestamp: "2026-01-01T00:00:00.000Z",
      }
      const lines = [JSON.stringify(header)]
      for (let i = 0; i < 400; i++)
        lines.push(
          JSON.stringify({
            type: "message",
            timestamp: header.timestamp,
            message: { role: "user", content: `message ${i}`, timestamp: i },
          }),
        )
      const file = join(dir, "old.jsonl")
      const before = lines.join("\n") + "\n"
      writeFileSync(file, before)
      // Fill what is left, so the rewrite cannot get far.
      const fd = openSync(join(dir, "filler"), "w")
      try {
        for (;;) writeSync(fd, Buffer.alloc(4096, 0x61))
      } catch {}
      closeSync(fd)

      const err = await fx.client
        .request("session.open", { cwd: fx.cwd, mode: { kind: "session", ref: file } })
        .catch((e: Error) => e)
      expect(err).toBeInstanceOf(Error)
      expect((err as Error).message).toContain(`Could not open ${file}: ENOSPC`)
      expect(readFileSync(file, "utf8")).toBe(before)
      expect(readdirSync(dir).sort()).toEqual(["filler", "old.jsonl"])
    } finally {
      spawnSync("umount", ["-l", dir])
    }
  },
)
