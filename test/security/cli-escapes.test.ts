// `xagent sessions`, `daemon status`, `daemon stop` and `attach` print session names, first
// messages, ids and folders, which a session file (one a repository ships, /name, an extension's
// setSessionName) or a folder's name decides: no byte of theirs may act on the terminal. Checked
// byte-wise on what bin/xagent writes (`attach` on a pty, which it needs), with every escape class.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { XAGENT_BIN } from "../fixture/mockllm"
import { SessionFile } from "../fixture/session-file"
import { Recorder, startBox, type DaemonBox } from "../daemon/harness"

const ESC = "\u001b"
// C0 (BEL, BS, ESC), CSI, OSC 0 and 52, DCS, C1 (CSI, OSC, NEL), and the bidi overrides and isolates.
const HOSTILE =
  `${ESC}]0;TITLE\u0007${ESC}]52;c;U0VTUw==\u0007${ESC}[2J${ESC}P1$qm${ESC}\\\u009b2J\u009d0;C1\u009c\u0085` +
  `ev\u0007il\u202a\u202b\u202c\u202d\u202e txet\u2066\u2067\u2068\u2069 S\bend`
// Anything but \n that a terminal would act on.
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
const ID = `0195c0de-0bad-7000-8000-${HOSTILE}`

let d: DaemonBox
let folder: string
let file: string
beforeAll(async () => {
  // a long reply, slowly: the session is still working when `daemon stop` looks
  d = await startBox({ turns: [{ repeat: "long ", count: 20000 }] }, { tps: 50 })
  // a file of the person's store for this folder (as Pi lays it out), with a hostile id, name and first message
  const store = join(d.box.agentDir, "sessions", `--${d.box.cwd.replace(/^\//, "").replace(/\//g, "-")}--`)
  mkdirSync(store, { recursive: true })
  const f = new SessionFile(ID, d.box.cwd)
  f.user(`first ${HOSTILE}`)
  f.assistant("ok")
  f.entry({ type: "session_info", name: `name ${HOSTILE}` })
  file = f.write(join(store, "2026-12-01T21-00-00-000Z_hostile.jsonl"))
  // a folder whose name is hostile, with a live session in it
  folder = join(d.box.root, `dir${HOSTILE}`)
  mkdirSync(folder)
})
afterAll(() => d.cleanup())

async function xagent(args: string[], cwd = d.box.cwd) {
  const proc = Bun.spawn([XAGENT_BIN, ...args], { cwd, env: d.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

/** On a pseudo-terminal (`attach` refuses anything else): every byte it wrote, CRLF as LF. */
async function onPty(args: string[], cwd = d.box.cwd) {
  const line = [XAGENT_BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ")
  const proc = Bun.spawn(["script", "-qec", line, "/dev/null"], {
    cwd,
    env: d.env,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  })
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  return { stdout: stdout.replace(/\r\n/g, "\n"), code }
}

function clean(text: string) {
  expect(text).not.toMatch(CONTROLS)
  for (const left of ["52;c", "[2J", "TITLE", "0;C1", "$qm"]) expect(text).not.toContain(left)
}

test("xagent sessions (plain, --all, --json) prints hostile names, messages, ids and folders without controls", async () => {
  const plain = await xagent(["sessions"])
  expect(plain.code).toBe(0)
  expect(plain.stdout).toContain("name evil txet Send")
  clean(plain.stdout + plain.stderr)
  const all = await xagent(["sessions", "--all"])
  expect(all.stdout).toContain("name evil txet Send")
  clean(all.stdout + all.stderr)
  const json = await xagent(["sessions", "--json"])
  // JSON keeps the text, as escapes that are plain characters: no raw control
  expect(json.stdout + json.stderr).not.toMatch(CONTROLS)
  // the same value, its controls written as JSON escapes
  const parsed = JSON.parse(json.stdout) as { name?: string }[]
  expect(parsed.map((s) => s.name)).toContain(`name ${HOSTILE}`)
}, 60_000)

test("daemon status, daemon stop and attach print hostile ids and folders without controls", async () => {
  const win = await d.connect()
  // live: the hostile file (its id) and a session in the hostile folder
  const open = await win.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "session", ref: file },
    trustPrompt: false,
  })
  await win.request("session.open", { cwd: folder, mode: { kind: "new" }, trustPrompt: false })
  // busy, so that `daemon stop` names it and refuses
  const rec = new Recorder(win, open.sessionId, 0)
  await rec.waitFor(() => true, "the snapshot")
  await win.request("session.prompt", { sessionId: open.sessionId, text: "go" })
  await rec.waitFor((s) => s.running, "the reply to start")

  const status = await xagent(["daemon", "status"])
  expect(status.code).toBe(0)
  expect(status.stdout).toContain("direvil txet Send")
  clean(status.stdout + status.stderr)
  const json = await xagent(["daemon", "status", "--json"])
  expect(json.stdout + json.stderr).not.toMatch(CONTROLS)
  expect(JSON.stringify(JSON.parse(json.stdout))).toContain("dir")

  const stop = await xagent(["daemon", "stop"])
  expect(stop.code).toBe(2)
  expect(stop.stderr).toContain("still working (0195c0de")
  clean(stop.stdout + stop.stderr)

  // attach to something that is not there: the live ones are named
  const none = await onPty(["attach", "zzzz-none"])
  expect(none.code).not.toBe(0)
  expect(none.stdout).toContain("no live session matches")
  expect(none.stdout).toContain("0195c0de")
  clean(none.stdout)
  // attach from a folder with no live session of its own: where they are
  const here = await onPty(["attach"], d.box.root)
  expect(here.stdout).toContain("direvil txet Send")
  clean(here.stdout)
  rec.stop()
  await xagent(["daemon", "stop", "--force"])
}, 120_000)
