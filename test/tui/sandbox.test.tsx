// The window's side of the sandbox: the status bar says when the agent is not confined,
// `!outside` shows the whole command and only this window's keys run it (once), an undersized
// terminal denies it, /permissions asks the session, and refused tool calls show why.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const lastRow = (frame: string) => frame.trimEnd().split("\n").at(-1)!
const sandbox = (over: object) =>
  snapshot({ info: sessionInfo({ sandbox: { mode: "sandboxed", available: true, ...over } }) })

test("the status bar states full access and a missing sandbox, and nothing when sandboxed", async () => {
  app = await mountApp({ width: 120, height: 20 })
  await app.emit({ type: "snapshot", snapshot: sandbox({}) })
  const plain = await app.until("Faux One")
  expect(lastRow(plain)).not.toContain("sandbox")
  await app.emit({ type: "info", info: sessionInfo({ sandbox: { mode: "full", available: true } }) })
  expect(lastRow(await app.until("full access"))).toContain("full access: no sandbox · Faux One")
  await app.emit({ type: "info", info: sessionInfo({ sandbox: { mode: "sandboxed", available: false } }) })
  expect(lastRow(await app.until("no sandbox ·"))).toContain("no sandbox · Faux One")
})

test("!outside shows the whole command, escaped; y runs exactly it once, outside", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({ type: "snapshot", snapshot: sandbox({}) })
  await app.submit("!outside rm -rf build\u202e && echo ok")
  const frame = await app.until("Run once outside the sandbox?")
  expect(frame).toContain("rm -rf build\\u202e && echo ok")
  expect(frame).toContain("Run outside")
  app.mockInput.pressKey("y")
  await app.renderOnce()
  expect(app.client.calls("session.bashOutside")).toEqual([
    { sessionId: "s1", command: "rm -rf build\u202e && echo ok" },
  ])
  expect(app.client.calls("session.bash")).toHaveLength(0)
  expect(app.frame()).not.toContain("Run once outside the sandbox?")
})

test("!outside refused (n, Esc, Enter on Cancel) runs nothing", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({ type: "snapshot", snapshot: sandbox({}) })
  for (const press of [
    () => app!.mockInput.pressKey("n"),
    () => app!.mockInput.pressEscape(),
    () => app!.mockInput.pressEnter(),
  ]) {
    await app.submit("!outside make deploy")
    await app.until("Run once outside the sandbox?")
    press()
    await app.until((f) => !f.includes("Run once outside the sandbox?"))
  }
  expect(app.client.calls("session.bashOutside")).toHaveLength(0)
  expect(app.client.calls("session.bash")).toHaveLength(0)
})

test("a long command scrolls, and y approves only once its end has been shown", async () => {
  app = await mountApp({ width: 60, height: 16 })
  await app.emit({ type: "snapshot", snapshot: sandbox({}) })
  const command = Array.from({ length: 30 }, (_, i) => `echo step-${i}`).join("\n")
  await app.submit(`!outside ${command.replace(/\n/g, " ; ")}`)
  const first = await app.until("Run once outside the sandbox?")
  expect(first).toContain("scroll to the end to approve")
  expect(first).not.toContain("step-29")
  app.mockInput.pressKey("y")
  const end = await app.until("step-29")
  expect(app.client.calls("session.bashOutside")).toHaveLength(0)
  expect(end).not.toContain("scroll to the end")
  app.mockInput.pressKey("y")
  await app.renderOnce()
  expect(app.client.calls("session.bashOutside")).toHaveLength(1)
})

test("a terminal too small for the command and its choices denies !outside", async () => {
  app = await mountApp({ width: 60, height: 9 })
  await app.emit({ type: "snapshot", snapshot: sandbox({}) })
  await app.submit("!outside echo one; echo two; echo three; echo four; echo five; echo six; echo seven; echo eight")
  const frame = await app.until("too small")
  expect(frame).not.toContain("Run once outside the sandbox?")
  expect(app.client.calls("session.bashOutside")).toHaveLength(0)
})

test("/permissions full asks the session; the refused tool calls show what was refused", async () => {
  const client = new FakeClient()
  app = await mountApp({ width: 100, height: 30, client })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.tool(
          "t1",
          "bash",
          { command: "echo x > /etc/passwd" },
          { output: "bash: /etc/passwd: Read-only file system", status: "error" },
        ),
        item.tool(
          "t2",
          "write",
          { path: "link.txt" },
          { output: "Refused: link.txt leads to /etc/x, outside the workspace", status: "error" },
        ),
      ],
    }),
  })
  const frame = await app.until("Read-only file system")
  expect(frame).toContain("Refused: link.txt leads to /etc/x, outside the workspace")
  await app.submit("/permissions full")
  await app.renderOnce()
  expect(client.calls("session.setPermissions")).toEqual([{ sessionId: "s1", mode: "full" }])
})

test("/permissions alone says what the sandbox allows and switches the mode from a picker", async () => {
  const client = new FakeClient()
  app = await mountApp({ width: 120, height: 40, client })
  await app.emit({
    type: "snapshot",
    snapshot: sandbox({
      writable: ["/proj/demo", "/home/me/.cache"],
      network: ["github.com", "*.npmjs.org\x1b[2J"],
    }),
  })
  await app.until("Faux One")
  await app.submit("/permissions")
  const frame = (await app.until("Permissions for this session")).replace(/[\s│]+/g, " ")
  expect(frame).toContain("Now: sandboxed. The agent's commands and your ! commands run in bubblewrap.")
  expect(frame).toContain("Writable: /proj/demo, /home/me/.cache.")
  expect(frame).toContain("Network: only github.com, *.npmjs.org")
  expect(frame).not.toContain("\x1b")
  expect(frame).toContain("Never readable: xagent's state")
  expect(frame).toContain("sandboxed")
  expect(frame).toContain("no boundary: commands and file tools reach everything")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until(() => client.calls("session.setPermissions").length > 0)
  expect(client.calls("session.setPermissions")).toEqual([{ sessionId: "s1", mode: "full" }])
})

test("/permissions in plan mode says nothing is writable", async () => {
  app = await mountApp({ width: 120, height: 40 })
  await app.emit({ type: "snapshot", snapshot: sandbox({ scope: "read-only", writable: [], network: "off" }) })
  await app.until("Faux One")
  await app.submit("/permissions")
  const frame = (await app.until("Permissions for this session")).replace(/[\s│]+/g, " ")
  expect(frame).toContain("Writable: nothing (plan mode: the session is read-only).")
  expect(frame).toContain("Network: off.")
})
