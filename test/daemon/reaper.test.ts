// As a child subreaper the daemon inherits orphans (a bash tool's `cmd &`); once they exit nobody
// else waits for them, so the daemon reaps those that stay zombies past a grace period.
import { expect, test } from "bun:test"
import { BUN, fixturePath } from "./harness"

test("an orphan reparented to the subreaper is reaped once it has been a zombie for the grace period", async () => {
  const run = Bun.spawn([BUN, fixturePath("reaper-probe.ts")], { stdout: "pipe", stderr: "pipe" })
  const out = await new Response(run.stdout).text()
  expect(await run.exited).toBe(0)
  // Left alone within the grace period (Bun may still be reaping a child of its own), then reaped.
  expect(JSON.parse(out)).toEqual({ subreaper: true, reparented: true, withinGrace: "Z", after: "gone" })
})
