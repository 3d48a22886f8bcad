// /compact that Pi refuses (a session too small to compact) is told once, in the transcript: not
// "Compaction failed: Compaction failed: …", and not again as a toast from the request.
import { afterEach, expect, test } from "bun:test"
import type { Client } from "../../src/client/client"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

test("/compact on a session too small to compact: one clear message, once", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  let settled!: () => void
  const answered = new Promise<void>((r) => (settled = r))
  // The window's own request: the test waits for its answer, so a toast it causes is on screen.
  const client = new Proxy(fx.client, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown
      if (key !== "request") return typeof value === "function" ? value.bind(target) : value
      return (method: string, params: unknown) => {
        const reply = (target.request as (m: string, p: unknown) => Promise<unknown>)(method, params)
        if (method === "session.compact") reply.then(settled, settled)
        return reply
      }
    },
  }) as Client
  app = await mountOnClient(client, { kind: "attach", sessionId }, { width: 160, height: 24 })
  await app.until("Ask anything")
  await app.submit("/compact")
  await answered
  await new Promise((r) => setTimeout(r, 0))
  const frame = await app.until("Nothing to compact")
  const flat = frame.replace(/[│╭╮╰╯─\s]+/g, " ")
  expect(flat.match(/Nothing to compact/g)).toHaveLength(1)
  expect(flat).toContain("Compaction failed: Nothing to compact (session too small)")
  expect(flat).not.toContain("Compaction failed: Compaction failed")
})
