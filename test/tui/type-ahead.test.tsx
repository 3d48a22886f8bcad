// The first frame comes before the session is live, on purpose: whatever is typed in that gap
// behaves as if it had been typed once the session was there. Commands of the session's
// extensions (only known with its command list), `/goal …`, plain text and the window's own
// commands wait, in order; keys typed while `--resume`'s page hands over to the session all reach
// the composer.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import type { SavedSession } from "../../src/protocol"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

const EXTENSION_COMMANDS = {
  commands: [
    { name: "pick", description: "Pick a file", source: "extension" as const },
    { name: "goal", description: "Pursue a goal", source: "extension" as const },
  ],
}

/** A window on a new session that stays unopened until `open()`, its first frame drawn. */
async function windowBeforeItsSession() {
  const { opened, open } = gate()
  const client = new FakeClient({
    "session.open": async () => {
      await opened
      return { sessionId: "s1", info: sessionInfo(), warnings: [] }
    },
    "session.commands": () => EXTENSION_COMMANDS,
  })
  const win = await mountApp({ client, target: { kind: "open", params: { cwd: "/proj/demo", mode: { kind: "new" } } } })
  app = win
  await win.until("Ask anything")
  return { win, client, open }
}

test("an extension command, /goal and text typed before the session is live are sent, in order, once it is", async () => {
  const { win, client, open } = await windowBeforeItsSession()
  await win.submit("/pick")
  await win.submit("/goal --rounds 3 ship the release")
  await win.submit("and then say hi")
  const waiting = await win.until("Waiting for the session: and then say hi")
  expect(waiting).toContain("Waiting for the session: /pick")
  expect(waiting).toContain("Waiting for the session: /goal --rounds 3 ship the release")
  expect(waiting).not.toContain("Unknown command")
  expect(client.calls("session.prompt")).toEqual([])

  open()
  await win.until(() => client.calls("session.prompt").length === 3)
  expect(client.calls("session.prompt").map((p) => p.text)).toEqual([
    "/pick",
    "/goal --rounds 3 ship the release",
    "and then say hi",
  ])
  await win.emit({ type: "snapshot", snapshot: snapshot() })
  const after = await win.until((f) => !f.includes("Waiting for the session"))
  expect(after).not.toContain("Unknown command")
})

test("a /word typed early that the session does not know is said once its list is there, and comes back to be corrected", async () => {
  const { win, client, open } = await windowBeforeItsSession()
  await win.submit("/pikc the readme")
  await win.submit("/pick")
  await win.until("Waiting for the session: /pick")
  open()
  const frame = await win.until("Unknown command /pikc")
  await win.until("› /pikc the readme")
  expect(frame).not.toContain("Waiting for the session")
  expect(client.calls("session.prompt").map((p) => p.text)).toEqual(["/pick"])
})

const SAVED: SavedSession = {
  path: "/proj/demo/.sessions/a.jsonl",
  id: "a",
  cwd: "/proj/demo",
  name: "the saved one",
  modified: 1_700_000_000_000,
  messageCount: 2,
  firstMessage: "hello",
}

function pickClient(opened: Promise<void>) {
  return new FakeClient({
    "sessions.list": () => ({ sessions: [SAVED] }),
    "session.open": async () => {
      await opened
      return { sessionId: "s1", info: sessionInfo(), warnings: [] }
    },
    "session.commands": () => EXTENSION_COMMANDS,
  })
}

test("--resume: keys typed right after a session is picked, while it opens, all reach the composer", async () => {
  const { opened, open } = gate()
  const client = pickClient(opened)
  app = await mountApp({ client, target: { kind: "pick", params: { cwd: "/proj/demo" } } })
  await app.until("the saved one")
  app.mockInput.pressEnter()
  await app.mockInput.typeText("1 2 3 ")
  await app.mockInput.typeText("4 5")
  await app.until("› 1 2 3 4 5")
  open()
  await app.until(() => client.calls("session.subscribe").length > 0)
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.mockInput.typeText(" 6")
  app.mockInput.pressEnter()
  await app.until(() => client.calls("session.prompt").length === 1)
  expect(client.calls("session.prompt")[0]!.text).toBe("1 2 3 4 5 6")
  expect(client.calls("session.open")[0]).toMatchObject({ mode: { kind: "session", ref: SAVED.path } })
})

test("--resume: Esc (a new session), then /quit typed while it opens, quits once it is open", async () => {
  const { opened, open } = gate()
  const client = pickClient(opened)
  app = await mountApp({ client, target: { kind: "pick", params: { cwd: "/proj/demo" } } })
  await app.until("the saved one")
  app.mockInput.pressEscape()
  // A bare Esc is known only once no key follows it at once (a key right after it is Alt+key).
  await app.until("Ask anything")
  await app.submit("/quit")
  await app.until("Waiting for the session: /quit")
  expect(app.exits).toEqual([])
  open()
  await app.until(() => app!.exits.length > 0)
  expect(client.calls("session.open")[0]).toMatchObject({ mode: { kind: "new" } })
})
