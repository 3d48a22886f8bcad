// Pi's project-trust example in the window (compat suite): in a project with protected resources
// (.pi/settings.json here), project_trust fires before they load, with Pi's limited trust context;
// the example's "Project trust for: <cwd>" choice shows in the window, and its answer decides
// (no built-in question after it). Its notify lands in the transcript once the session is there,
// then its session_start notice.
import { expect, test } from "bun:test"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("project-trust: the example's trust choice shows before the project loads; 'Trust this session' decides", async () => {
  const { app, fx } = await open(["project-trust.ts"], {
    fixture: { files: { ".pi/settings.json": JSON.stringify({ quietStartup: true }) } },
    waitFor: "Project trust for:",
  })
  const asked = app.frame()
  expect(asked).toContain("Trust and remember")
  expect(asked).toContain("Let built-in prompt decide")
  expect(asked).not.toContain("project-trust example loaded")
  app.mockInput.pressArrow("down")
  app.mockInput.pressArrow("down")
  await app.renderOnce()
  app.mockInput.pressEnter()
  const frame = await app.until("project-trust example loaded after trust resolution")
  expect(frame).toContain(`project_trust fired for ${fx.cwd} (mode: tui`)
  expect(frame).not.toContain("Trust project folder?")
  expect(existsSync(join(fx.agentDir, "trust.json"))).toBe(false)
})

test("project-trust: 'Let built-in prompt decide' hands over to xagent's own question", async () => {
  const { app, fx } = await open(["project-trust.ts"], {
    fixture: { files: { ".pi/settings.json": JSON.stringify({ quietStartup: true }) } },
    waitFor: "Project trust for:",
  })
  for (let i = 0; i < 4; i++) app.mockInput.pressArrow("down")
  await app.renderOnce()
  app.mockInput.pressEnter()
  const frame = await app.until("Trust project folder?")
  expect(frame).toContain("Trust (this session only)")
  app.mockInput.pressEnter()
  await app.until("project-trust example loaded after trust resolution")
  expect(existsSync(join(fx.agentDir, "trust.json"))).toBe(true)
})
