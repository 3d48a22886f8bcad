// Inline, what the footer shows is bounded by the terminal's rows, not by the footer's height of
// the moment: the footer grows to fit its content, so a bound read from its own height would keep
// the content as small as the footer already was. Each of these failed so before: Pi's /tools
// list showed one row, the outside-sandbox dialog denied its command at once as "too small", and
// the composer stopped growing at three rows.
import { afterEach, expect, test } from "bun:test"
import { item, sessionInfo, snapshot } from "../fixture/fake-client"
import { runCommand, usePiExamples } from "../fixture/pi-examples"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())
const open = usePiExamples()

test("inline: Pi's /tools list shows every tool in the footer", async () => {
  const { app: a } = await open(["tools.ts"], { width: 100, height: 30, screen: "inline" })
  // A transcript row first: the welcome goes, and the footer shrinks to the composer and status bar.
  await a.submit("!echo hi-$((40+2))")
  await a.until(() => a.externalOutput.take().some((c) => c.rows.some((r) => r.includes("hi-42"))))
  await runCommand(a, "/tools", "Enable/disable tools")
  const frame = await a.until("Tool Configuration")
  for (const tool of ["read", "bash", "edit", "write"])
    expect(frame).toMatch(new RegExp(`^\\S*\\s*${tool}\\s+enabled`, "m"))
  a.mockInput.pressArrow("down")
  expect(await a.until((f) => /→ bash +enabled/.test(f))).toMatch(/^\s*write\s+enabled/m)
})

test("inline: !outside shows its dialog, and y runs the command once", async () => {
  app = await mountApp({ width: 100, height: 30, screen: "inline" })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      info: sessionInfo({ sandbox: { mode: "sandboxed", available: true } }),
      items: [item.user("u1", "before")],
    }),
  })
  await app.submit("!outside make deploy")
  const frame = await app.until("Run once outside the sandbox?")
  expect(frame).toContain("make deploy")
  expect(frame).toContain("Run outside")
  app.mockInput.pressKey("y")
  await app.until((f) => !f.includes("Run once outside the sandbox?"))
  expect(app.client.calls("session.bashOutside")).toEqual([{ sessionId: "s1", command: "make deploy" }])
})

test("inline: the composer grows with its text as full screen's does", async () => {
  app = await mountApp({ width: 80, height: 30, screen: "inline" })
  // A transcript row: the welcome goes, and the footer shrinks to the composer and status bar.
  await app.emit({ type: "snapshot", snapshot: snapshot({ items: [item.user("u1", "before")] }) })
  await app.until("Ask anything")
  await app.mockInput.pasteBracketedText(["one", "two", "three", "four", "five", "six"].join("\n"))
  const frame = await app.until("six")
  expect(frame).not.toContain("[pasted")
  for (const word of ["one", "two", "three", "four", "five", "six"]) expect(frame).toMatch(new RegExp(`\\b${word}\\b`))
})
