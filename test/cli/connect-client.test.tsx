// Which host a window gets. With peer checks (Linux) the daemon; where the daemon could not tell
// the window from the agent's own commands (no kernel check, the platform passed in) the window
// keeps its session in a Worker of its own process, as --no-daemon does, and says so once.
import { afterEach, expect, test } from "bun:test"
import { testRender } from "@opentui/solid"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Client } from "../../src/client/client"
import { chooseHost, connectClient } from "../../src/cli/connect-client"
import { App } from "../../src/tui/app"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("the daemon where peers can be checked, this process where they cannot, and as asked with --no-daemon", () => {
  expect(chooseHost(true, "linux")).toEqual({ daemon: true })
  expect(chooseHost(false, "linux")).toEqual({ daemon: false })
  expect(chooseHost(false, "darwin")).toEqual({ daemon: false })
  const mac = chooseHost(true, "darwin")
  expect(mac.daemon).toBe(false)
  expect(mac.notice).toContain("runs in the window's process (as with --no-daemon)")
  expect(mac.notice).toContain("peer checks need Linux, and this is darwin")
})

test("on a platform without peer checks the window opens its session in process and says why once", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-noPeer-"))
  let client: Client | undefined
  const setup = await testRender(
    () => (
      <App
        cwd={cwd}
        version="0.1.0"
        connect={async () => (client = await connectClient({ daemon: true, platform: "darwin" }))}
        target={{ kind: "open", params: { cwd, mode: { kind: "new" } } }}
        onExit={() => {}}
        flushInterval={0}
      />
    ),
    { width: 100, height: 30 },
  )
  cleanups.push(
    () => rmSync(cwd, { recursive: true, force: true }),
    () => client?.close(),
    () => setup.renderer.destroy(),
  )
  // wrapped in a toast: compare without the box and the line breaks
  const flat = () => setup.captureCharFrame().replace(/[│\s]+/g, "")
  const deadline = Date.now() + 20_000
  while (!(flat().includes("thisisdarwin") && flat().includes("Askanything")) && Date.now() < deadline) {
    await setup.renderOnce()
    await Bun.sleep(10)
  }
  const frame = flat()
  const notice = chooseHost(true, "darwin").notice!.replace(/\s+/g, "")
  expect(frame).toContain(notice)
  expect(frame.split(notice).length - 1).toBe(1)
  expect(frame).toContain("Askanything")
  expect(client!.kind).toBe("local")
  // the session is really there, in this process's Worker
  const { sessions } = await client!.request("sessions.list", { all: true })
  expect(Array.isArray(sessions)).toBe(true)
}, 30_000)
