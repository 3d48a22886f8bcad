// A write to the session file that fails (a full disk, a file or a folder that cannot
// be written) is said at once in every window on the session and in the daemon's log; it never
// leaves a partial line behind, and what could not be written is written once it can be.
// The faults are real ones: a small tmpfs filled up (ENOSPC), `chattr +i` on the file or the
// folder (EPERM; chmod does not stop root, and these tests run as root). Both need root.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs"
import { join } from "node:path"
import type { EventEnvelope } from "../../src/protocol"
import type { SocketClient } from "../../src/client/socket-client"
import { assistantTexts, readSessionFile, Recorder, replyDone, startBox, type DaemonBox } from "./harness"

const LONG = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ")
const run = (cmd: string[]) => spawnSync(cmd[0]!, cmd.slice(1), { encoding: "utf8" })
const ROOT = process.getuid?.() === 0
const mounts: string[] = []
const immutable: string[] = []

let d: DaemonBox
beforeAll(async () => {
  const turns = ["First answer.", LONG, "Third answer.", "Fourth answer.", "Fifth.", "Sixth.", "Seventh."]
  d = await startBox({ turns: turns.map((text) => ({ text })) }, { tps: 20_000 })
})
afterAll(async () => {
  for (const p of immutable) run(["chattr", "-i", p])
  for (const m of mounts) run(["umount", "-l", m])
  await d.cleanup()
})

const notices = (events: EventEnvelope[], level?: string) =>
  events.flatMap((e) =>
    e.event.type === "item_add" && e.event.item.kind === "notice" && (!level || e.event.item.level === level)
      ? [e.event.item.text]
      : [],
  )
const saidAll = (recs: Recorder[], re: RegExp, level?: string) =>
  Promise.all(recs.map((r) => r.waitFor((_, ev) => notices(ev, level).some((t) => re.test(t)), `a notice ${re}`)))

/** A session with two windows (two socket clients) on it, in `cwd`. */
async function twoWindows(cwd: string): Promise<{ win: SocketClient; sessionId: string; recs: Recorder[] }> {
  const win = await d.connect()
  const { sessionId } = await win.request("session.open", { cwd, mode: { kind: "new" } })
  const other = await d.attach()
  const recs = [new Recorder(win, sessionId, 0), new Recorder(other, sessionId, 0)]
  await Promise.all(recs.map((r) => r.waitFor(() => true, "the snapshot")))
  return { win, sessionId, recs }
}

/** `chattr ±i`: EPERM for every writer, root too (chmod would not stop root). */
function setImmutable(path: string, on: boolean) {
  expect(run(["chattr", on ? "+i" : "-i", path]).status).toBe(0)
  if (on) immutable.push(path)
}

/** Pi's sessions folder for `cwd` (plain paths only: see runtime/files/session-files.ts sessionDirFor). */
const sessionsOf = (cwd: string) =>
  join(d.box.agentDir, "sessions", `--${cwd.replace(/^\//, "").replace(/\//g, "-")}--`)

/** Writes into `dir` until the filesystem is full; returns the file that filled it. */
function fill(dir: string): string {
  const path = join(dir, "filler")
  const fd = openSync(path, "w")
  const block = Buffer.alloc(4096, 0x61)
  try {
    for (;;) writeSync(fd, block)
  } catch (e) {
    expect((e as NodeJS.ErrnoException).code).toBe("ENOSPC")
  } finally {
    closeSync(fd)
  }
  return path
}

test.skipIf(!ROOT)(
  "a full disk: every window is told at once, the log says it, no partial line, all saved once there is room",
  async () => {
    const cwd = join(d.box.root, "full")
    mkdirSync(cwd)
    const sessions = sessionsOf(cwd)
    mkdirSync(sessions, { recursive: true })
    const mounted = run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", sessions])
    expect(mounted.stderr).toBe("")
    mounts.push(sessions)

    const { win, sessionId, recs } = await twoWindows(cwd)
    await win.request("session.prompt", { sessionId, text: "one" })
    const first = await recs[0]!.waitFor(replyDone(1), "the first reply")
    const file = first.info.file!
    const filler = fill(sessions)

    await win.request("session.prompt", { sessionId, text: "two" })
    await Promise.all(recs.map((r) => r.waitFor(replyDone(2), "the second reply")))
    await saidAll(recs, /could not be saved/, "error")
    const text = notices(recs[1]!.events, "error").find((t) => /could not be saved/.test(t))!
    expect(text).toContain(file)
    expect(text).toMatch(/no space left on device/i)
    expect(d.log()).toContain(`could not be saved to ${file}`)
    // Whatever went wrong, the file holds only whole lines: nothing for the next entry to be glued onto.
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true)
    expect(readSessionFile(file).texts).toEqual(["First answer."])

    // Room again: what was kept is written, and every window hears so.
    rmSync(filler)
    await saidAll(recs, /saved to/, "info")
    expect(readSessionFile(file).texts).toEqual(["First answer.", LONG])
    await win.request("session.prompt", { sessionId, text: "three" })
    const s = await recs[0]!.waitFor(replyDone(3), "the third reply")
    expect(assistantTexts(s.items)).toEqual(["First answer.", LONG, "Third answer."])
    const saved = readSessionFile(file)
    expect(saved.texts).toEqual(["First answer.", LONG, "Third answer."])
    const users = saved.entries.filter((e) => e.message?.role === "user").map((e) => e.message!.content)
    expect(JSON.stringify(users)).toContain("two")
    expect(users).toHaveLength(3)
    await win.request("session.close", { sessionId })
  },
  60_000,
)

test.skipIf(!ROOT)(
  "a session file that cannot be written (immutable, EPERM): said in every window and the log, saved when it can be",
  async () => {
    const cwd = join(d.box.root, "eperm")
    mkdirSync(cwd)
    const { win, sessionId, recs } = await twoWindows(cwd)
    await win.request("session.prompt", { sessionId, text: "one" })
    const file = (await recs[0]!.waitFor(replyDone(1), "the first reply")).info.file!
    const before = readFileSync(file, "utf8")
    setImmutable(file, true)

    await win.request("session.prompt", { sessionId, text: "two" })
    await saidAll(recs, /could not be saved/, "error")
    expect(notices(recs[1]!.events, "error").join("\n")).toMatch(/operation not permitted/i)
    expect(d.log()).toContain(`could not be saved to ${file}`)
    await recs[0]!.waitFor(replyDone(2), "the second reply")
    expect(readFileSync(file, "utf8")).toBe(before)

    setImmutable(file, false)
    await saidAll(recs, /saved to/, "info")
    const saved = readSessionFile(file)
    expect(saved.texts.length).toBe(2)
    expect(saved.entries.filter((e) => e.message?.role === "user")).toHaveLength(2)
    await win.request("session.close", { sessionId })
  },
  60_000,
)

test.skipIf(!ROOT)(
  "a sessions folder that cannot be written before the first prompt: said, and the session is written once it can be",
  async () => {
    const cwd = join(d.box.root, "nodir")
    mkdirSync(cwd)
    const { win, sessionId, recs } = await twoWindows(cwd)
    const dir = sessionsOf(cwd)
    mkdirSync(dir, { recursive: true })
    setImmutable(dir, true)

    await win.request("session.prompt", { sessionId, text: "one" })
    await saidAll(recs, /could not be saved/, "error")
    const file = recs[0]!.snapshot!.info.file!
    expect(notices(recs[0]!.events, "error").join("\n")).toContain(file)
    expect(d.log()).toContain(`could not be saved to ${file}`)
    await recs[1]!.waitFor(replyDone(1), "the reply")

    setImmutable(dir, false)
    await saidAll(recs, /saved to/, "info")
    const saved = readSessionFile(file)
    expect(saved.entries[0]).toMatchObject({ type: "session" })
    expect(saved.entries.filter((e) => e.message?.role === "user")).toHaveLength(1)
    expect(saved.texts).toHaveLength(1)
    await win.request("session.close", { sessionId })
  },
  60_000,
)
