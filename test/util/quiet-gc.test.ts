// One collection after a burst has gone quiet; nothing while idle; nothing after dispose.
import { expect, test } from "bun:test"
import { createQuietGc } from "../../src/util/patches/quiet-gc"

test("a burst of touches leads to one collection once quiet; idle or disposed means none", async () => {
  let collected = 0
  const gc = createQuietGc({ quietMs: 20, collect: () => collected++ })
  await Bun.sleep(60)
  expect(collected).toBe(0)
  for (let i = 0; i < 100; i++) gc.touch()
  while (collected === 0) await Bun.sleep(5)
  await Bun.sleep(60)
  expect(collected).toBe(1)
  gc.touch()
  while (collected === 1) await Bun.sleep(5)
  expect(collected).toBe(2)
  gc.touch()
  gc.dispose()
  await Bun.sleep(60)
  expect(collected).toBe(2)
})

test("the latest touch sets the quiet period: a short one collects sooner, a long one after it waits longer", async () => {
  let collected = 0
  const gc = createQuietGc({ quietMs: 10_000, collect: () => collected++ })
  gc.touch()
  gc.touch(20) // a one-shot burst just ended: no need to wait the default 10 s
  while (collected === 0) await Bun.sleep(5)
  expect(collected).toBe(1)
  gc.touch(20)
  gc.touch() // work went on after it: the default quiet period applies again
  await Bun.sleep(100)
  expect(collected).toBe(1)
  gc.dispose()
})

test("switched off (XAGENT_NO_QUIET_GC=1), touches schedule nothing: one made alongside it with the switch on collects", async () => {
  let on = 0
  let off = 0
  process.env.XAGENT_NO_QUIET_GC = "1"
  const switchedOff = createQuietGc({ quietMs: 5, collect: () => off++ })
  delete process.env.XAGENT_NO_QUIET_GC
  const switchedOn = createQuietGc({ quietMs: 5, collect: () => on++ })
  switchedOff.touch()
  switchedOn.touch()
  // timers of equal delay fire in the order they were armed: by the time the second has, the first would have
  while (on === 0) await Bun.sleep(5)
  expect([on, off]).toEqual([1, 0])
  switchedOff.dispose()
  switchedOn.dispose()
})
