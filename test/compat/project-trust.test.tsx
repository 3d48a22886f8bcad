// Pi's project-trust example in the window (compat suite), a listed exception: in Pi, a project
// with trust-requiring resources (.pi/settings.json here) fires project_trust before it loads them,
// and the example asks "Project trust for: <cwd>" with its five choices. xagent has no project
// trust step: it loads the project's resources without asking, so project_trust never fires; the
// example's session_start notice is all the person sees. This test holds what xagent does today;
// once xagent resolves project trust it fails, and the row in examples.ts changes with it.
import { expect, test } from "bun:test"
import { usePiExamples } from "../fixture/pi-examples"

const open = usePiExamples()

test("project-trust: the project loads without a trust step; only the session_start notice shows", async () => {
  const { app } = await open(["project-trust.ts"], {
    fixture: { files: { ".pi/settings.json": JSON.stringify({ quietStartup: true }) } },
  })
  const frame = await app.until("project-trust example loaded after trust resolution")
  expect(frame).not.toContain("project_trust fired")
  expect(frame).not.toContain("Project trust for:")
})
