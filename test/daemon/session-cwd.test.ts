// Each live session runs in a host process of its own, in the session's folder, with the
// environment of the window that opened it (issue #10): an extension's tool, command and bash
// hook see process.cwd() equal to the session's folder for a new session, -c, --session (from
// another folder), /new, /fork (from the first and a later message) and attach; the tool's
// `b.txt` lands in the project; the daemon's own environment reaches no session.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { fixturePath, Recorder, startBox, until, type DaemonBox } from "./harness"

const PROMPTS = 9
let d: DaemonBox
let cwdLog: string
let winEnv: Record<string, string>
const probe = fixturePath("cwd-probe.ts")

beforeAll(async () => {
  const step = [{ tools: [{ tool: "where" }, { tool: "bash", args: { command: "pwd" } }] }, { text: "ok" }]
  d = await startBox({ turns: Array.from({ length: PROMPTS }, () => step).flat() })
  cwdLog = join(d.box.root, "cwd.log")
  winEnv = { ...d.env, XAGENT_TEST_CWD_LOG: cwdLog, XAGENT_TEST_WINDOW: "the window" }
})
afterAll(() => d.cleanup())

type Note = { what: string; cwd: string; window: string | null; leak: string | null }
const notes = (): Note[] =>
  existsSync(cwdLog)
    ? readFileSync(cwdLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : []

/** A prompt that calls the tool and bash, then `/where`: three notes, all from the project folder. */
async function probeSession(client: SocketClient, sessionId: string, label: string) {
  const before = notes().length
  const rec = new Recorder(client, sessionId, 0)
  const runsEnded = () => rec.events.filter((e) => e.event.type === "run" && !e.event.running).length
  await rec.waitFor(() => true, `${label}: the snapshot`)
  const ended = runsEnded()
  await client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor(() => runsEnded() > ended, `${label}: the reply`)
  await client.request("session.prompt", { sessionId, text: "/where" })
  await until(() => notes().length >= before + 3, `${label}: the command's note`)
  rec.stop()
  const got = notes()
    .slice(before)
    .map((n) => ({ label, ...n }))
  const project = realpathSync(d.box.cwd)
  expect(got.map((n) => n.what).sort()).toEqual(["bash hook", "command", "tool"])
  for (const n of got) expect(n).toEqual({ label, what: n.what, cwd: project, window: "the window", leak: null })
}

test("tool, command and bash hook run in the session's folder with the window's environment, for every way in", async () => {
  // The daemon is started by a window with a variable no session may see.
  const starter = await d.connect({ env: { ...d.env, XAGENT_TEST_DAEMON_ONLY: "daemon" } })
  await starter.close()

  const win = await d.connect({ env: winEnv })
  expect(win.daemonPid).toBe(starter.daemonPid)
  const open = (params: Parameters<SocketClient["request"]>[1] & object) =>
    win.request("session.open", { extensions: [probe], ...(params as any) })
  const { sessionId } = await open({ cwd: d.box.cwd, mode: { kind: "new" } })
  await probeSession(win, sessionId, "xagent")
  expect(readFileSync(join(d.box.cwd, "b.txt"), "utf8")).toBe("written by where\n")
  expect(existsSync(join(d.box.xagentHome, "b.txt"))).toBe(false)

  await win.request("session.new", { sessionId })
  await probeSession(win, sessionId, "/new")
  // a second message, so that there is a later one to fork from
  await probeSession(win, sessionId, "/new, second message")
  const { points } = await win.request("session.forkPoints", { sessionId })
  expect(points.length).toBeGreaterThanOrEqual(2)
  await win.request("session.fork", { sessionId, entryId: points[0]!.entryId })
  await probeSession(win, sessionId, "/fork from the first message")
  await probeSession(win, sessionId, "/fork, another message")
  const again = (await win.request("session.forkPoints", { sessionId })).points
  await win.request("session.fork", { sessionId, entryId: again.at(-1)!.entryId })
  await probeSession(win, sessionId, "/fork from a later message")

  // attach: another window joins the live session and drives it
  const attached = await d.attach({ env: winEnv })
  await probeSession(attached, sessionId, "attach")
  const file = (await win.daemon("daemon.status", {})).sessions.find((s) => s.sessionId === sessionId)!.file!
  await attached.close()
  await win.close()
  const watcher = await d.attach()
  for (let i = 0; (await watcher.daemon("daemon.status", {})).sessions.length > 0; i++) {
    if (i > 500) throw new Error("the session did not end with its last window")
    await Bun.sleep(20)
  }

  // -c from the project folder
  const cont = await d.connect({ env: winEnv })
  const c = await cont.request("session.open", { cwd: d.box.cwd, mode: { kind: "continue" }, extensions: [probe] })
  await probeSession(cont, c.sessionId, "-c")
  await cont.request("session.close", { sessionId: c.sessionId })

  // --session by path, from a window in another folder: the session's own folder counts
  const elsewhere = mkdtempSync(join(tmpdir(), "xagent-elsewhere-"))
  const s = await cont.request("session.open", {
    cwd: elsewhere,
    mode: { kind: "session", ref: file },
    extensions: [probe],
  })
  await probeSession(cont, s.sessionId, "--session")
}, 120_000)
