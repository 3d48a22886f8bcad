// Opt-in (`npm run test:perf`): watches two processes do nothing for seconds, so `npm test`
// leaves it out. An idle process holding an adopted connection (util/quiet-socket.ts) stays
// asleep; one holding Bun's own sockets is woken by Bun's timer every second.
import { afterEach, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { wakeupsOver } from "./wakeups"

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

test("an idle process holding an adopted connection does not wake; one holding Bun's sockets does", async () => {
  const start = (mode: string) => {
    const dir = mkdtempSync(join(tmpdir(), "xagent-qs-"))
    dirs.push(dir)
    const fixture = join(import.meta.dir, "../util/fixtures/idle-link.ts")
    return Bun.spawn([process.execPath, fixture, join(dir, "s.sock"), mode], {
      env: { ...process.env, BUN_GC_TIMER_DISABLE: "1", MIMALLOC_SCAVENGER: "0" },
      stdout: "pipe",
      stderr: "inherit",
    })
  }
  const children = [start("adopted"), start("bun")]
  try {
    for (const c of children)
      expect(new TextDecoder().decode((await c.stdout.getReader().read()).value)).toBe("ready\n")
    // Observation periods, not waits for an event: the first lets start-up work finish (a
    // collection may still wake the process once), the second counts; Bun's timer fires each second.
    await Bun.sleep(1000)
    const [adopted, bun] = await wakeupsOver(
      children.map((c) => c.pid),
      3000,
    )
    expect(adopted).toBeLessThanOrEqual(1)
    expect(bun).toBeGreaterThanOrEqual(2)
  } finally {
    for (const c of children) c.kill()
  }
})
