// `xagent --session <file>`: the window draws the file's history itself while the session's host
// starts (tui/util/session-preview.ts), and the host's snapshot takes over with no visible change:
// no row drawn twice, none moved, and inline nothing written to the scrollback twice.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { SessionFile } from "../fixture/session-file"
import { mountApp, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
})

const MODEL = "faux-1"

/** A session file of `turns` turns in the fixture's folder; the last answer ends with `last`. */
function sessionFile(fx: FauxFixture, turns: number, last = "LAST-ANSWER-7c"): string {
  const f = new SessionFile(undefined, fx.cwd)
  for (let n = 1; n < turns; n++) f.turn(n)
  f.turn(turns, `The final answer. ${last}`)
  mkdirSync(join(fx.cwd, "saved"), { recursive: true })
  return f.write(join(fx.cwd, "saved", "long.jsonl"))
}

/** Holds the window's connect until released: the host "is still starting". */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

/** The window on `--session <path>`, its host held back until `host.open()`. */
async function openHeld(fx: FauxFixture, path: string, over: Parameters<typeof mountApp>[0] = {}) {
  const host = gate()
  const mounted = await mountApp({
    client: fx.client as never,
    target: { kind: "open", params: { cwd: fx.cwd, mode: { kind: "session", ref: path } } },
    gate: host.opened,
    ...over,
  })
  return { app: mounted, host }
}

/** The frame once rows drawn first at estimated heights are measured (two renders alike). */
async function settled(app: MountedApp): Promise<string> {
  let last = ""
  for (;;) {
    const frame = await app.until(() => true)
    if (frame === last) return frame
    last = frame
  }
}

/** What inline mode wrote to the scrollback since the last call, added to `rows`; all of it. */
function takeRows(app: MountedApp, rows: string[]): string[] {
  for (const commit of app.externalOutput.take()) rows.push(...commit.rows.map((r) => r.trimEnd()))
  return rows
}

const count = (frame: string, text: string) => frame.split(text).length - 1
/** The transcript's rows: everything above the composer (the status bar below it names the model). */
const transcriptOf = (frame: string) => frame.slice(0, frame.indexOf("Ask anything"))

test("the file's history is on screen before the host answers; the host's snapshot changes no row", async () => {
  fx = await createFauxFixture()
  const path = sessionFile(fx, 3)
  const held = await openHeld(fx, path, { width: 100, height: 40 })
  app = held.app
  const host = held.host
  await app.until("LAST-ANSWER-7c")
  const before = await settled(app)
  // Nothing of the host yet: no model in the status bar, the welcome gone.
  expect(before).not.toContain(MODEL)
  expect(before).toContain("Question 3: does the parser cover the empty case?")
  expect(before).toContain("grep -n parser src/file-3.ts")

  host.open()
  await app.until(MODEL)
  const after = await settled(app)
  expect(transcriptOf(after)).toBe(transcriptOf(before))
  expect(count(after, "LAST-ANSWER-7c")).toBe(1)
  expect(count(after, "Question 3:")).toBe(1)

  // The session is live: a prompt is taken and answered after the history.
  fx.faux.setResponses([fauxAssistantMessage("A-NEW-REPLY-9d")])
  await app.submit("one more question")
  const replied = await app.until("A-NEW-REPLY-9d")
  expect(replied.indexOf("LAST-ANSWER-7c")).toBeLessThan(replied.indexOf("A-NEW-REPLY-9d"))
  expect(count(replied, "LAST-ANSWER-7c")).toBe(1)
})

test("a prompt typed during the preview is sent once the host is there", async () => {
  fx = await createFauxFixture()
  const path = sessionFile(fx, 2)
  const held = await openHeld(fx, path)
  app = held.app
  const host = held.host
  await app.until("LAST-ANSWER-7c")
  fx.faux.setResponses([fauxAssistantMessage("EARLY-REPLY-3b")])
  await app.submit("typed before the host")
  host.open()
  const frame = await app.until("EARLY-REPLY-3b")
  expect(count(frame, "typed before the host")).toBe(1)
  expect(frame.indexOf("LAST-ANSWER-7c")).toBeLessThan(frame.indexOf("EARLY-REPLY-3b"))
})

test("inline, the preview goes up to the scrollback and the host's snapshot writes nothing again", async () => {
  fx = await createFauxFixture()
  const path = sessionFile(fx, 3)
  const held = await openHeld(fx, path, { width: 80, height: 24, screen: "inline" })
  app = held.app
  const host = held.host
  const rows: string[] = []
  const scrollback = () => takeRows(app!, rows)
  const end = Date.now() + 20_000
  while (!scrollback().some((r) => r.includes("LAST-ANSWER-7c"))) {
    if (Date.now() > end) throw new Error(`the preview never went up:\n${rows.join("\n")}`)
    await app.renderOnce()
  }
  expect(app.frame()).not.toContain(MODEL)
  host.open()
  await app.until(MODEL)
  // The host's snapshot and whatever it set off have had every chance to write.
  for (let i = 0; i < 20; i++) await app.renderOnce()
  scrollback()
  expect(rows.filter((r) => r.includes("LAST-ANSWER-7c"))).toHaveLength(1)
  for (const n of [1, 2, 3]) expect(rows.filter((r) => r.includes(`Question ${n}:`))).toHaveLength(1)
  // no separator: the view did not move
  expect(rows.some((r) => r.includes("───"))).toBe(false)
})

test("a file the window cannot preview shows the host's view when it comes, as before", async () => {
  fx = await createFauxFixture()
  // version 2: Pi migrates it on open, so the window leaves it to the host
  const f = new SessionFile(undefined, fx.cwd)
  f.turn(1, "OLD-FORMAT-ANSWER")
  const text = f.text().replace('"version":3', '"version":2')
  mkdirSync(join(fx.cwd, "saved"), { recursive: true })
  const path = join(fx.cwd, "saved", "v2.jsonl")
  await Bun.write(path, text)
  const held = await openHeld(fx, path)
  app = held.app
  const host = held.host
  const waiting = await app.until("Ask anything")
  expect(waiting).not.toContain("OLD-FORMAT-ANSWER")
  host.open()
  const frame = await app.until("OLD-FORMAT-ANSWER")
  expect(count(frame, "OLD-FORMAT-ANSWER")).toBe(1)
})

test("inline, a file too big to read whole shows its newest part at once, and the host's snapshot writes nothing again", async () => {
  fx = await createFauxFixture()
  // Past the window's whole-read limit (8 MB): read from its end.
  const f = new SessionFile(undefined, fx.cwd).bigTurns(600)
  f.turn(600, "The final answer. BIG-LAST-5e")
  mkdirSync(join(fx.cwd, "saved"), { recursive: true })
  const path = f.write(join(fx.cwd, "saved", "big.jsonl"))
  const held = await openHeld(fx, path, { width: 80, height: 24, screen: "inline" })
  app = held.app
  const rows: string[] = []
  const scrollback = () => takeRows(app!, rows)
  const end = Date.now() + 60_000
  while (!scrollback().some((r) => r.includes("BIG-LAST-5e"))) {
    if (Date.now() > end) throw new Error(`the preview never went up:\n${rows.slice(-20).join("\n")}`)
    await app.renderOnce()
  }
  expect(app.frame()).not.toContain(MODEL)
  // How many came before is the host's to say; the scrollback says some did.
  expect(rows.filter((r) => r.includes("Earlier entries not shown"))).toHaveLength(1)
  held.host.open()
  await app.until(MODEL)
  for (let i = 0; i < 20; i++) await app.renderOnce()
  scrollback()
  expect(rows.filter((r) => r.includes("BIG-LAST-5e"))).toHaveLength(1)
  expect(rows.filter((r) => r.includes("answer 599"))).toHaveLength(1)
  expect(rows.some((r) => / earlier entr(y|ies) not shown/.test(r))).toBe(false)
}, 120_000)
