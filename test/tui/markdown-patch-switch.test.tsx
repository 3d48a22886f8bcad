// XAGENT_NO_MARKDOWN_PATCH=1 really turns the private markdown overrides off (src/tui/patches/
// reply-markdown.ts): a finished reply is then blank on its first frame, as with OpenTUI's own
// element, until the highlighter has answered; then the text is there all the same.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => {
  app?.renderer.destroy()
  delete process.env.XAGENT_NO_MARKDOWN_PATCH
})

const TEXT = "Hello there, how can I help?"
const load = async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", "hello"), item.assistant("a1", "Hello **there**, how can I help?")] }),
  })
  return app
}

test("switched off, a reply from a snapshot waits for its highlights, then shows; with the patch, it shows at once", async () => {
  process.env.XAGENT_NO_MARKDOWN_PATCH = "1"
  const off = await load()
  expect(off.frame()).toContain("hello")
  expect(off.frame()).not.toContain(TEXT)
  expect(await off.until(TEXT)).toContain("hello")
  off.renderer.destroy()
  app = undefined

  delete process.env.XAGENT_NO_MARKDOWN_PATCH
  const on = await load()
  expect(on.frame()).toContain(TEXT)
})
