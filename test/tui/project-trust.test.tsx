// The window opening a session in a project it does not know (a .pi/extensions/x.ts that writes a
// marker as it loads): Pi's trust question shows in the window before the project's code runs;
// the keys decide. Declining leaves one line in the transcript saying what was skipped and how to
// trust; an initial prompt waits for the decision instead of being lost.
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync, realpathSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, FAUX_MODEL, type FauxFixture } from "../fixture/faux"
import { hostileProject } from "../fixture/hostile-project"
import { runCommand } from "../fixture/pi-examples"
import { mountApp, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  app = undefined
  await fx?.dispose()
  fx = undefined
})

async function openWindow(initialPrompt?: string) {
  const project = hostileProject()
  fx = await createFauxFixture({ cwd: project.cwd })
  app = await mountApp({
    client: fx.client as never,
    cwd: project.cwd,
    target: { kind: "open", params: { cwd: project.cwd, mode: { kind: "new" }, model: FAUX_MODEL } },
    initialPrompt,
  })
  return { ...project, app }
}

test("the window that opened the session gets the question first; Enter on Trust loads the project", async () => {
  const { app, marker, cwd } = await openWindow()
  const asked = await app.until("Trust project folder?")
  expect(asked).toContain(cwd)
  expect(asked).toContain("execute project extensions")
  expect(asked).toContain("› Trust")
  expect(asked).toContain("Do not trust (this session only)")
  expect(existsSync(marker)).toBe(false)
  app.mockInput.pressEnter()
  await app.until((f) => !f.includes("Trust project folder?") && f.includes("faux-1"))
  expect(existsSync(marker)).toBe(true)
  expect(app.frame()).not.toContain("This project is not trusted")
})

test("declining: the project's code never runs and one line says what was skipped and how to trust", async () => {
  const { app, marker } = await openWindow()
  await app.until("Trust project folder?")
  for (let i = 0; i < 4; i++) app.mockInput.pressArrow("down")
  await app.renderOnce()
  expect(app.frame()).toContain("› Do not trust (this session only)")
  app.mockInput.pressEnter()
  const frame = await app.until("This project is not trusted")
  expect(frame).toContain("/trust saves a decision")
  expect(frame).toContain("--approve")
  expect(existsSync(marker)).toBe(false)
})

test("Esc declines for this session; a prompt from the command line waits for the decision, then runs", async () => {
  const { app, marker } = await openWindow("hello there")
  fx!.faux.setResponses([fauxAssistantMessage("REPLY-AFTER-TRUST")])
  await app.until("Trust project folder?")
  app.mockInput.pressEscape()
  await app.until("REPLY-AFTER-TRUST")
  expect(app.frame()).toContain("This project is not trusted")
  expect(existsSync(marker)).toBe(false)
})

test("/trust in the window: the saved decision and this session's, then the choice is saved for new sessions", async () => {
  const { app, cwd } = await openWindow()
  await app.until("Trust project folder?")
  app.mockInput.pressEscape()
  await app.until("This project is not trusted")
  await runCommand(app, "/trust", "Save a project trust decision")
  const asked = await app.until("Saved decision: none")
  expect(asked).toContain("Current session: untrusted")
  expect(asked).toContain("Trust parent folder")
  app.mockInput.pressEnter()
  await app.until("Saved trust decision: trusted")
  expect(JSON.parse(readFileSync(join(fx!.agentDir, "trust.json"), "utf8"))).toEqual({ [realpathSync(cwd)]: true })
})
