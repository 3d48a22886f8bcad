// The window collects once its traffic goes quiet: soon after a snapshot or an answer, later
// after streamed events, never while idle or after close; and the wrapper changes nothing else.
import { expect, test } from "bun:test"
import { collectWhenQuiet } from "../../src/client/patches/collect-when-quiet"
import type { EventEnvelope } from "../../src/protocol"
import { createQuietGc } from "../../src/util/patches/quiet-gc"
import { FakeClient, snapshot } from "../fixture/fake-client"

function setup(defaultQuietMs: number) {
  const fake = new FakeClient()
  let collected = 0
  const client = collectWhenQuiet(fake, createQuietGc({ quietMs: defaultQuietMs, collect: () => collected++ }))
  const seen: EventEnvelope[] = []
  client.subscribe("s1", 0, (e) => seen.push(e))
  return { fake, client, seen, collected: () => collected }
}

test("a snapshot is a burst that is over: one collection soon after it, even with a long default", async () => {
  const { fake, seen, collected } = setup(60_000)
  fake.emit({ type: "snapshot", snapshot: snapshot() })
  expect(seen.map((e) => e.event.type)).toEqual(["snapshot"])
  while (collected() === 0) await Bun.sleep(10)
  await Bun.sleep(200)
  expect(collected()).toBe(1)
})

test("an answered request, even a failed one, is a burst that is over", async () => {
  const { fake, client, collected } = setup(60_000)
  fake.route("session.commands", () => ({ commands: [] }))
  fake.route("session.models", () => {
    throw new Error("no such session")
  })
  expect(await client.request("session.commands", { sessionId: "s1" })).toEqual({ commands: [] })
  while (collected() === 0) await Bun.sleep(10)
  await expect(client.request("session.models", { sessionId: "nope" })).rejects.toThrow("no such session")
  while (collected() === 1) await Bun.sleep(10)
})

test("streamed events defer the collection to the default quiet period; close cancels it", async () => {
  const { fake, client, collected } = setup(60_000)
  fake.emit({ type: "run", running: true })
  await Bun.sleep(300)
  expect(collected()).toBe(0)
  await client.close()
  expect(fake.closed).toBe(true)
})
