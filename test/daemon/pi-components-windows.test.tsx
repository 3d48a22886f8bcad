// An extension's Pi component with several windows on one session, over the daemon's real socket:
// every window sees it, the first to press a key owns its keys, and a window that closes (a
// detach) leaves the live component in the host for the next window, which gets it from the
// snapshot, as it was, and drives it.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { PI_EXAMPLES, runCommand } from "../fixture/pi-examples"
import { mountApp, type MountedApp } from "../fixture/tui"
import { startBox, type DaemonBox } from "./harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [] })
})
afterAll(() => d.cleanup())

const NOT_MINE = "Another window is using this; its keys go there"

async function windowOn(sessionId: string): Promise<MountedApp> {
  const app = await mountApp({
    width: 90,
    height: 30,
    client: await d.attach(),
    target: { kind: "attach", sessionId },
  })
  await app.until("Ask anything")
  return app
}

async function openSession(): Promise<string> {
  const c = await d.connect()
  const r = await c.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    extensions: [`${PI_EXAMPLES}/tools.ts`],
  })
  return r.sessionId
}

test("two windows: both show the picker, the first to press a key drives it, the other sees it move", async () => {
  const sessionId = await openSession()
  const a = await windowOn(sessionId)
  const b = await windowOn(sessionId)
  try {
    await runCommand(a, "/tools", "Enable/disable tools")
    await a.until("Tool Configuration")
    expect(await b.until("Tool Configuration")).toMatch(/→ read +enabled/)
    a.mockInput.pressArrow("down")
    await a.until((f) => /→ bash +enabled/.test(f))
    // B follows A's picker, and says whose keys it takes.
    const seen = await b.until((f) => /→ bash +enabled/.test(f) && f.includes(NOT_MINE))
    expect(seen).not.toContain("Ask anything")
    expect(a.frame()).not.toContain(NOT_MINE)
    // B's keys do not reach it.
    b.mockInput.pressArrow("down")
    b.mockInput.pressEnter()
    a.mockInput.pressArrow("down")
    await b.until((f) => /→ powershell/.test(f))
    expect(b.frame()).toMatch(/ bash +enabled/)
    a.mockInput.pressEscape()
    await a.until((f) => !f.includes("Tool Configuration"))
    expect(await b.until((f) => !f.includes("Tool Configuration"))).toContain("Ask anything")
  } finally {
    a.renderer.destroy()
    b.renderer.destroy()
  }
})

test("detached: the window closes, a new one shows the component as it was and it takes that window's keys", async () => {
  const sessionId = await openSession()
  const first = await windowOn(sessionId)
  await runCommand(first, "/tools", "Enable/disable tools")
  await first.until("Tool Configuration")
  first.mockInput.pressArrow("down")
  await first.until((f) => /→ bash +enabled/.test(f))
  // The window goes away (its terminal closed): the session and its picker live on in the host.
  first.renderer.destroy()
  const later = await windowOn(sessionId)
  try {
    const shown = await later.until("Tool Configuration")
    expect(shown).toMatch(/→ bash +enabled/)
    expect(shown).not.toContain(NOT_MINE)
    later.mockInput.pressEnter()
    await later.until((f) => /→ bash +disabled/.test(f))
    later.mockInput.pressEscape()
    expect(await later.until((f) => !f.includes("Tool Configuration"))).toContain("Ask anything")
  } finally {
    later.renderer.destroy()
  }
})
