// Text too long for its row is cut at its end, never in the middle: a model id, a thought or the
// working line keeps its start, which is what identifies it.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const MIDDLE_CUT = /\S\.\.\.\S/

test("a long model id in the picker keeps its start", async () => {
  const client = new FakeClient({
    "session.models": () => ({
      models: [
        {
          provider: "amazon-bedrock",
          id: "anthropic.claude-3-5-haiku-20241022-v1:0",
          name: "Claude Haiku 3.5 on Bedrock, the long name",
          available: true,
        },
      ],
      levels: ["off"],
    }),
  })
  app = await mountApp({ width: 60, height: 20, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.submit("/model")
  const frame = await app.until("Choose a model")
  expect(frame).toContain("amazon-bedrock/anthropic.claude-3")
  expect(frame).not.toMatch(MIDDLE_CUT)
})

test("a folded thought keeps its start, and the working line at 20 columns too", async () => {
  app = await mountApp({ width: 40, height: 16 })
  const thought = "The user wants a demo of markdown with tables, lists and code, so I will write one."
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.assistant("a1", "", {
          blocks: [
            { type: "thinking", text: thought },
            { type: "text", text: "ok" },
          ],
        }),
      ],
    }),
  })
  const frame = await app.until("▸ Thinking")
  expect(frame).toContain("▸ Thinking The user wants a demo")
  expect(frame).not.toMatch(MIDDLE_CUT)
  app.renderer.destroy()

  app = await mountApp({ width: 20, height: 12 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ running: true, runStartedAt: Date.now() - 9000 }) })
  const narrow = await app.until("Worki")
  expect(narrow).not.toMatch(MIDDLE_CUT)
})
