// Owned commands in the window, on a real session whose extensions a.ts and b.ts both register
// `/hello`, ping.ts registers `/ping` and whose package @acme/greeter registers `/wave`: the palette
// offers `/a:hello` and `/b:hello` (never a bare `/hello` that could be either), the bare `/hello`
// asks which and runs the one picked, and /help lists the extensions' commands under their owners
// (an owner named as its command is not named again).
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { writeOwnedExtensions } from "../fixture/owned-extensions"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
let root: string | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

async function window(width: number, height = 30): Promise<MountedApp> {
  root = mkdtempSync(join(tmpdir(), "xagent-owned-"))
  fx = await createFauxFixture({ agentDir: writeOwnedExtensions(root), cwd: join(root, "work") })
  const { sessionId } = await fx.open()
  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width, height })
  await app.until("Ask anything")
  return app
}

test("at 80 columns the palette offers both owners' /hello, and /wave under its package's name", async () => {
  const app = await window(80)
  await app.mockInput.typeText("/hello")
  const frame = await app.until((f) => f.includes("/a:hello") && f.includes("/b:hello"))
  expect(frame).toContain("/a:hello  hello from a")
  expect(frame).toContain("/b:hello  hello from b")
  expect(frame).not.toMatch(/\/hello\s+hello from/)
  for (let i = 0; i < 5; i++) app.mockInput.pressBackspace()
  await app.mockInput.typeText("greeter")
  expect(await app.until("/wave")).toContain("/wave  greeter · wave from greeter")
})

test("the palette leaves out an owner named as its command: /ping, not ping · ping", async () => {
  const app = await window(80)
  await app.mockInput.typeText("/pin")
  const frame = await app.until("ping from ping")
  expect(frame).toContain("/ping  ping from ping")
  expect(frame).not.toContain("ping · ")
})

test("the bare /hello asks which of the two, and runs the one picked", async () => {
  const app = await window(80)
  await app.submit("/hello there")
  const asked = await app.until("Which /hello?")
  expect(asked).toContain("/a:hello")
  expect(asked).toContain("/b:hello")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  const frame = await app.until("hello from b: [there]")
  expect(frame).not.toContain("hello from a:")
  expect(frame).not.toContain("Which /hello?")
})

test("/help lists the extensions' commands by owner", async () => {
  // tall enough for the window's own commands and the extensions' below them, unscrolled
  const app = await window(100, 90)
  await app.submit("/help")
  const frame = await app.until("Extensions' commands")
  // The dialog's rows without its border and scrollbar.
  const rows = frame.split("\n").map((r) => r.replace(/[│█▀▄]/g, "").trim())
  const at = (text: string) => {
    const i = rows.indexOf(text)
    if (i === -1) throw new Error(`no row "${text}" in\n${frame}`)
    return i
  }
  const heading = at("Extensions' commands")
  expect(heading).toBeGreaterThan(at("/quit  Leave xagent (also /exit)"))
  expect(rows.slice(heading + 1, heading + 8)).toEqual([
    // An owner named as its command: the command alone, with no alias that repeats it.
    "/ping  ping from ping",
    "a",
    "/a:hello  hello from a",
    "b",
    "/b:hello  hello from b",
    "greeter",
    "/wave  wave from greeter (also /greeter:wave)",
  ])
})
