// A session's name (from /name, any extension's setSessionName, or a session file a repository
// ships), an extension's status text, a folder and a git branch are anyone's to write: the window
// draws them without a single control, escape sequence or bidi mark, in the status line and in the
// session picker (`-r`, /session). Every escape class is tried at once.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const ESC = "\u001b"
// C0 (BEL, BS, ESC), CSI, OSC 0 and 52, DCS, C1 (CSI, OSC, NEL), and the bidi overrides and isolates.
const HOSTILE =
  `${ESC}]0;TITLE\u0007${ESC}]52;c;U0VTUw==\u0007${ESC}[2J${ESC}P1$qm${ESC}\\\u009b2J\u009d0;C1\u009c\u0085` +
  `ev\u0007il\u202a\u202b\u202c\u202d\u202e txet\u2066\u2067\u2068\u2069 S\bend`
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

test("the status line draws a session name, extension status and folder without controls", async () => {
  app = await mountApp({ width: 200, height: 20 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      info: sessionInfo({ name: `name ${HOSTILE}`, cwd: `/proj/dir${HOSTILE}` }),
      ui: { status: { evil: `status ${HOSTILE}` }, widgets: {}, workingVisible: true, pending: [] },
    }),
  })
  const frame = await app.until((f) => f.includes("status") && f.includes("name"))
  expect(frame).toMatch(/status evil txet Send/)
  expect(frame).toMatch(/name evil txet Send/)
  expect(frame).toMatch(/direvil txet Send/)
  expect(frame).not.toMatch(CONTROLS)
  for (const left of ["52;c", "[2J", "TITLE", "0;C1", "$qm"]) expect(frame).not.toContain(left)
})

test("the -r picker draws names, first messages, ids and folders without controls", async () => {
  const client = new FakeClient({
    "sessions.list": () => ({
      sessions: [
        {
          path: "/s/a.jsonl",
          id: `id${HOSTILE}`,
          cwd: `/proj/dir${HOSTILE}`,
          modified: Date.now() - 60_000,
          messageCount: 2,
          name: `named ${HOSTILE}`,
          firstMessage: `first ${HOSTILE}`,
        },
      ],
    }),
  })
  app = await mountApp({ width: 200, height: 24, client, target: { kind: "pick", params: { cwd: "/proj/demo" } } })
  await app.until("named")
  // every folder's sessions: the folder is shown too
  app.mockInput.pressTab()
  const frame = await app.until("all folders")
  expect(frame).toMatch(/named evil txet Send/)
  expect(frame).toMatch(/first evil txet Send/)
  expect(frame).toMatch(/direvil txet Send/)
  expect(frame).not.toMatch(CONTROLS)
  for (const left of ["52;c", "[2J", "TITLE", "0;C1", "$qm"]) expect(frame).not.toContain(left)
})
