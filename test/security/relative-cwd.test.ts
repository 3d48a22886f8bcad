// Issue 26: `session.open` with a relative folder (".") was resolved against the daemon's own
// folder and started a session host in `$XAGENT_HOME`, where the agent's sandbox would have made
// xagent's state its workspace. The daemon refuses it, saying why, and starts nothing.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { startBox, type DaemonBox } from "../daemon/harness"

let d: DaemonBox
beforeAll(async () => {
  d = await startBox({ turns: [{ text: "never asked" }] })
})
afterAll(() => d.cleanup())

test("session.open with a relative folder is refused and opens no host", async () => {
  const win = await d.connect()
  for (const cwd of [".", "relative/dir"]) {
    const opened = win.request("session.open", { cwd, mode: { kind: "new" } })
    await expect(opened).rejects.toThrow(`The folder must be an absolute path, not "${cwd}"`)
  }
  const status = await win.daemon("daemon.status", {})
  expect(status.sessions).toEqual([])
  expect(status.hosts ?? []).toEqual([])
})
