// /rc in the window: without a daemon it says so and asks nothing; with one, its page shows the
// link and a QR code that decodes to it, `a` allows the browser that asks, `d` revokes a device,
// and the status line says `rc ?` while a browser waits, `rc ●` while a device follows. The
// daemon's side is a stand-in here (its requests and answers, recorded); the real daemon and a
// real browser are test/daemon/remote-control.test.ts and test/e2e/remote-control.test.ts.
import { afterEach, expect, test } from "bun:test"
import type { DaemonMethod, DaemonParams, RemoteStatus } from "../../src/protocol"
import { FakeClient, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const LINK = "https://127.0.0.1:43111/#pair=AAAAAAAAAAAAAAAAAAAAAA&fp=" + "AB".repeat(32)

/** A daemon that answers `remote.*` from a status the test changes; `since` waits for a change. */
class DaemonStandIn extends FakeClient {
  readonly asked: { method: string; params: unknown }[] = []
  private wake: (() => void) | undefined
  status: RemoteStatus = { on: false, version: 1, devices: [], requests: [] }

  set(next: Partial<RemoteStatus>) {
    this.status = { ...this.status, ...next, version: this.status.version + 1 }
    this.wake?.()
  }

  async daemon<M extends DaemonMethod>(method: M, params: DaemonParams<M>): Promise<any> {
    this.asked.push({ method, params })
    const p = params as { since?: number; requestId?: string; allow?: boolean; deviceId?: string }
    if (method === "remote.start")
      this.set({ on: true, url: "https://127.0.0.1:43111", link: LINK, fingerprint: "AB:CD" })
    if (method === "remote.decide")
      this.set({ requests: [], devices: [{ id: "d1", name: "Chrome on Android", pairedAt: 0, connected: true }] })
    if (method === "remote.revoke") this.set({ devices: [] })
    if (method === "remote.status" && p.since === this.status.version)
      await new Promise<void>((resolve) => (this.wake = resolve))
    return this.status
  }
}

test("without a daemon /rc says it needs one and asks nothing", async () => {
  const client = new FakeClient()
  app = await mountApp({ width: 90, height: 30, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  await app.submit("/rc")
  await app.until("Remote control needs the daemon")
})

test("the page shows the link and its QR code; a allows the asking browser, d revokes it; the status line follows", async () => {
  const client = new DaemonStandIn()
  app = await mountApp({ width: 100, height: 60, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  await app.submit("/rc")
  const page = await app.until("Nobody is asking to pair")
  expect(page).toContain(LINK.slice(0, 60))
  expect(page).toContain("▀▀▀▀▀▀▀")
  // the window asked once at its start whether remote control was on, then /rc started it
  expect(client.asked.slice(0, 2)).toMatchObject([
    { method: "remote.status", params: { sessionId: "s1" } },
    { method: "remote.start", params: { sessionId: "s1" } },
  ])

  client.set({ requests: [{ id: "r1", name: "Chrome on Android", address: "192.168.1.9", at: 0 }] })
  await app.until("a allow · r refuse")
  app.mockInput.pressKey("a")
  await app.until("● connected")
  expect(client.asked.find((a) => a.method === "remote.decide")?.params).toEqual({
    sessionId: "s1",
    requestId: "r1",
    allow: true,
  })

  app.mockInput.pressEscape()
  await app.until("rc ●")
  client.set({ requests: [{ id: "r2", name: "Firefox on Linux", address: "192.168.1.7", at: 0 }] })
  await app.until("rc ?")
  await app.submit("/rc")
  await app.until("Firefox on Linux")
  app.mockInput.pressKey("d")
  await app.until("No paired devices")
  expect(client.asked.find((a) => a.method === "remote.revoke")?.params).toEqual({ sessionId: "s1", deviceId: "d1" })
})
