// What the session's info tells windows of its sandbox (`/permissions` draws it): the folders it
// may write (the workspace, outside git the session's folder) and the network setting.
import { afterEach, expect, test } from "bun:test"
import { realpathSync } from "node:fs"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

test("the info names the writable folders and the network", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const s = await fx.record(sessionId).waitFor((s) => s.info.sandbox !== undefined, "the session's info")
  expect(s.info.sandbox?.writable).toEqual([realpathSync(fx.cwd)])
  expect(s.info.sandbox?.network).toBe("on")
})
