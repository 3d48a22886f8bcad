// A session host that failed to load is tried again on the next request, so a daemon outlives a
// broken install that has been mended meanwhile (here the load at start and the one the first
// request makes fail on purpose).
import { afterEach, expect, test } from "bun:test"
import { connectSocket } from "../../src/client/socket-client"
import { startInProcessDaemon } from "./in-process-daemon"

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
})

test("a failed host load is reported to the window and retried by its next request", async () => {
  const errors: string[] = []
  let attempts = 0
  const { socketPath } = startInProcessDaemon(
    {
      log: { info() {}, warn() {}, error: (m) => void errors.push(m) },
      loadHost: async () => {
        if (++attempts <= 2) throw new Error("Cannot find module '@earendil-works/pi-coding-agent'")
        const { createHost } = await import("../../src/runtime/hosting/host")
        return createHost({ log() {} })
      },
    },
    cleanups,
  )
  const win = await connectSocket({ socketPath, heartbeatMs: 0 })
  cleanups.push(() => win.close())

  await expect(win.request("sessions.list", {})).rejects.toThrow("Cannot find module '@earendil-works/pi-coding-agent'")
  expect(errors.join("\n")).toContain("session host failed to load")
  expect(await win.request("sessions.list", {})).toEqual({ sessions: [] })
  expect(attempts).toBe(3)
}, 30_000)
