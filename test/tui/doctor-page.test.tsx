// /doctor: the page draws every check with its verdict and fix at 120, 80 and 40 columns: the
// host's (here: no bubblewrap at the configured path, a theme file that is not JSON, named with an
// escape sequence) and the window's own terminal rows. Names from files are drawn without their
// escapes; r checks again (the sandbox's probe too, so bubblewrap installed meanwhile passes); Esc
// goes back to the session.
import { afterEach, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
})

const NO_BWRAP = "/nonexistent/doctor-test/bwrap"

/** The frame's words in reading order, wrapped lines joined: what a narrow window still says. */
const words = (frame: string) =>
  frame
    .split("\n")
    // the scrollbar's cells are not words
    .map((l) => l.replace(/[█▀▄]/g, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")

/** `text` is in `said`, however a narrow window broke its lines (at a space, or after a "/"). */
const says = (said: string, text: string) => said.replace(/\s/g, "").includes(text.replace(/\s/g, ""))

for (const width of [120, 80, 40]) {
  test(`the page at ${width} columns: verdicts, fixes, the terminal's rows, sanitized names`, async () => {
    fx = await createFauxFixture({ hostOptions: { bwrap: NO_BWRAP } })
    const themes = join(fx.agentDir, "themes")
    mkdirSync(themes, { recursive: true })
    const themeFile = join(themes, "evil\x1b[31mred.json")
    writeFileSync(themeFile, '{ "name": "x", ')
    const { sessionId } = await fx.open()
    app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width, height: 60 })
    await app.until("Ask anything")
    await app.submit("/doctor")
    // A narrow window scrolls: the page is read down to its last row.
    let frame = await app.until((f) => f.includes("Doctor") && f.includes("FAIL"))
    let all = words(frame)
    while (!says(all, "(or set COLORFGBG)")) {
      app.mockInput.pressKey("\x1b[6~")
      frame = await app.until((f) => words(f) !== words(frame))
      all += " " + words(frame)
      expect(frame.split("\n").every((l) => l.length <= width)).toBe(true)
    }

    expect(says(all, "Doctor")).toBe(true)
    expect(all).toMatch(/\d+ failed/)
    expect(says(all, "No model request is made")).toBe(true)
    // The host's checks: the sandbox fails with the install fix; the model answers.
    expect(says(all, `FAIL sandbox bubblewrap (${NO_BWRAP}) is not installed`)).toBe(true)
    expect(says(all, "fix: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap;")).toBe(true)
    expect(says(all, "ok model faux/faux-1, with a key or sign-in")).toBe(true)
    expect(all.replace(/\s/g, "")).toMatch(/FAILthemes\S*evilred\.json:notvalidJSONatline1,column16/)
    expect(all).not.toContain("[31m")
    expect(says(all, "every extension of this session loaded")).toBe(true)
    // The window's own rows: the test terminal answered no capability query, and that is said.
    for (const name of ["Kitty keys", "OSC 52", "true colour", "synchronized output"])
      expect(says(all, `not checked ${name}`)).toBe(true)
    expect(says(all, "warn background query no answer to OSC 11")).toBe(true)
    expect(says(all, "r check again · Esc back")).toBe(true)

    // r checks again: the theme file, fixed meanwhile, passes now.
    writeFileSync(themeFile, '{ "name": "x", "colors": {} }')
    await app.mockInput.typeText("r")
    await app.until((f) => says(words(f), "Doctor 1 failed"))
    app.mockInput.pressEscape()
    await app.until((f) => !f.includes("No model request is made") && f.includes("Ask anything"))
  })
}

const realBwrap = Bun.which("bwrap")

test.skipIf(!realBwrap)("r runs the sandbox's probe again: bubblewrap installed meanwhile passes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xagent-doctor-bwrap-"))
  const bwrap = join(dir, "bwrap")
  try {
    fx = await createFauxFixture({ hostOptions: { bwrap } })
    const { sessionId } = await fx.open()
    app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 120, height: 60 })
    await app.until("Ask anything")
    await app.submit("/doctor")
    await app.until((f) => says(words(f), `FAIL sandbox bubblewrap (${bwrap}) is not installed`))
    // "Installed": the machine's own bubblewrap appears at the configured path.
    symlinkSync(realBwrap!, bwrap)
    await app.mockInput.typeText("r")
    await app.until((f) => says(words(f), `ok sandbox bubblewrap works (${bwrap})`))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("an extension of the session that did not load fails the packages row, naming it", async () => {
  fx = await createFauxFixture()
  const extensions = join(fx.agentDir, "extensions")
  mkdirSync(extensions, { recursive: true })
  writeFileSync(join(extensions, "broken.ts"), 'throw new Error("broken on purpose")\n')
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 120, height: 60 })
  await app.until("Ask anything")
  await app.submit("/doctor")
  const frame = await app.until((f) => words(f).includes("FAIL packages"))
  expect(says(words(frame), `FAIL packages ${join(extensions, "broken.ts")} did not load`)).toBe(true)
  expect(says(words(frame), "broken on purpose")).toBe(true)
  expect(says(words(frame), "fix: fix or remove that extension")).toBe(true)
})

test("l asks before the live check, naming the model and the cost; no makes no request, yes makes one", async () => {
  fx = await createFauxFixture({})
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 100, height: 40 })
  await app.until("Ask anything")
  await app.submit("/doctor")
  await app.until((f) => f.includes("Doctor") && f.includes("l live check") && !f.includes("checking…"))
  const before = fx.faux.state.callCount
  fx.faux.setResponses([fauxAssistantMessage("ok")])

  await app.mockInput.typeText("l")
  const asked = words(await app.until((f) => f.includes("Live check")))
  expect(says(asked, "Make one request to faux/faux-1 (about 40 tokens in, at most 16 out;")).toBe(true)
  expect(says(asked, "It is a real request to the provider.")).toBe(true)
  await app.mockInput.typeText("n")
  await app.until((f) => !f.includes("Live check") && f.includes("l live check"))
  expect(fx.faux.state.callCount).toBe(before)

  await app.mockInput.typeText("l")
  await app.until((f) => f.includes("Live check"))
  await app.mockInput.typeText("y")
  const done = words(await app.until((f) => says(words(f), "One model request was made")))
  expect(done).toMatch(/ok live request faux\/faux-1 answered in [0-9.]+ s/)
  expect(fx.faux.state.callCount).toBe(before + 1)
})
