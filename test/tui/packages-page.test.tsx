// /packages (/plugins): a package installed with `xagent install ./local-pkg` after the session
// opened is listed with everything it brings, and browsing runs none of it (its extension writes
// a marker when loaded: absent until the page's reload). Space writes what `pi config` writes and
// pi reads it; i installs and d removes a package; Tab shows the project's overrides. A file name
// with escape sequences is drawn without them.
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { runProgram, runXagent } from "../cli/run-xagent"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { writeLocalPackage } from "../fixture/local-package"
import { makeSandbox, REPO_ROOT, type Sandbox } from "../fixture/mockllm"
import { mountOnClient, type MountedApp } from "../fixture/tui"

const PI = [join(REPO_ROOT, "node_modules/node/bin/node"), join(REPO_ROOT, "node_modules/.bin/pi")]

let fx: FauxFixture | undefined
let app: MountedApp | undefined
let box: Sandbox | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
  box?.cleanup()
  box = undefined
})

const settingsOf = (file: string) => JSON.parse(readFileSync(file, "utf8"))

test("the page lists an installed package without loading it, toggles as pi config, installs, removes, reloads", async () => {
  box = makeSandbox()
  fx = await createFauxFixture({ agentDir: box.agentDir, cwd: box.cwd })
  const { sessionId } = await fx.open()
  const pkg = writeLocalPackage(join(box.cwd, "local-pkg"), { promptName: "evil\x1b[31mred" })
  writeLocalPackage(join(box.cwd, "second-pkg"), { name: "second-pkg" })
  const installed = await runXagent(["install", "./local-pkg"], box)
  expect(installed.code).toBe(0)

  app = await mountOnClient(fx.client, { kind: "attach", sessionId }, { width: 120, height: 40 })
  await app.until("› Ask anything")
  await app.submit("/plugins")
  let frame = await app.until("dusk.json")
  expect(frame).toContain("Packages  User")
  expect(frame).toContain("local-pkg (user)")
  expect(frame).toMatch(/\[x\] extension +hello\.ts/)
  expect(frame).toMatch(/\[x\] extension +other\.ts/)
  expect(frame).toMatch(/\[x\] skill +greet/)
  expect(frame).toMatch(/\[x\] prompt +evilred\.md/)
  expect(frame).not.toContain("[31m")
  expect(frame).toMatch(/\[x\] theme +dusk\.json/)
  expect(frame).toContain("Built-in")
  // Listed, not loaded: the extension's code has not run, so no tool of it is known yet.
  expect(existsSync(pkg.marker)).toBe(false)
  expect(frame).not.toContain("hello_tool")

  // Space on the skill: the package's filter, as pi config writes it; pi reads it as filtered.
  for (let i = 0; i < 3; i++) app.mockInput.pressArrow("down")
  await app.mockInput.typeText(" ")
  frame = await app.until((f) => /\[ \] skill +greet/.test(f))
  const user = settingsOf(join(box.agentDir, "settings.json"))
  expect(user.packages).toHaveLength(1)
  expect(user.packages[0].skills).toEqual(["-skills/greet/SKILL.md"])
  const piList = await runProgram([...PI, "list"], box)
  expect(piList.code).toBe(0)
  expect(piList.stdout).toContain("(filtered)")
  expect(existsSync(pkg.marker)).toBe(false)

  // r reloads the session: now the extension runs, and its tool is listed beside it.
  await app.mockInput.typeText("r")
  frame = await app.until("tools: hello_tool")
  expect(existsSync(pkg.marker)).toBe(true)

  // i asks for a source and installs it; d removes the selected package after asking.
  await app.mockInput.typeText("i")
  await app.until("Install a package")
  await app.submit("./second-pkg")
  frame = await app.until("second-pkg (user)")
  expect(JSON.stringify(settingsOf(join(box.agentDir, "settings.json")).packages)).toContain("second-pkg")
  const lines = frame.split("\n")
  const at = lines.findIndex((l) => l.includes("second-pkg (user)"))
  const from = lines.findIndex((l) => l.includes("› "))
  for (let i = from; i < at; i++) app.mockInput.pressArrow("down")
  await app.until((f) => f.split("\n").some((l) => l.includes("› ") && l.includes("second-pkg (user)")))
  await app.mockInput.typeText("d")
  await app.until("Remove a package")
  await app.mockInput.typeText("y")
  frame = await app.until((f) => !f.includes("second-pkg") && f.includes("local-pkg (user)"))
  expect(JSON.stringify(settingsOf(join(box.agentDir, "settings.json")).packages)).not.toContain("second-pkg")

  // u on a package updates it with Pi's update (a local folder has nothing to fetch).
  for (let i = 0; i < 12; i++) app.mockInput.pressArrow("up")
  await app.mockInput.typeText("u")
  await app.until("is already up to date")

  // Tab: the project's view, where Space steps the override (here: unload a user extension).
  app.mockInput.pressTab()
  frame = await app.until("Packages  Project")
  expect(frame).toContain("inherited from user")
  app.mockInput.pressArrow("down")
  await app.mockInput.typeText(" ")
  frame = await app.until("project unload")
  expect(frame).toMatch(/\[-\] extension +hello\.ts/)
  const project = settingsOf(join(box.cwd, ".pi", "settings.json"))
  expect(project.packages).toEqual([expect.objectContaining({ autoload: false, extensions: ["-extensions/hello.ts"] })])

  app.mockInput.pressEscape()
  await app.until("› Ask anything")
}, 120_000)
