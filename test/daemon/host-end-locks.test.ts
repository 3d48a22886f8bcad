// A session host the broker ends as soon as it is up (an open that joins another host's session
// retires the host it started for itself) must not leave Pi's lock files behind. Pi builds its
// model runtime in the background and holds `models-store.json.lock` while it reads the catalog;
// a process that exits in the middle leaves the lock, and every other host of that agent dir then
// waits for it to go stale (30 s) before its session opens.
import { afterAll, expect, test } from "bun:test"
import { readdirSync } from "node:fs"
import { HostChild } from "../../src/daemon/host-child"
import { makeSandbox, writeAgentDir } from "../fixture/mockllm"

const box = makeSandbox()
writeAgentDir(box.agentDir, { baseUrl: "http://127.0.0.1:9/v1" })
afterAll(() => box.cleanup())

test("a host ended the moment it is ready leaves none of Pi's locks behind", async () => {
  for (let i = 0; i < 8; i++) {
    const child = new HostChild({ cwd: box.cwd, env: box.env, log: () => {} })
    await child.ready
    await child.dispose()
    const exit = await child.exited
    expect(exit.signal).toBeNull()
    expect(readdirSync(box.agentDir).filter((name) => name.endsWith(".lock"))).toEqual([])
  }
}, 120_000)
