// Pi's several messages on the command line (`xagent "one" "two"`, `@image.png`): the window sends
// the first (with its images) as soon as the session is ready and each other one after the reply
// before it, in a real Pi session on the faux model.
import { afterEach, expect, test } from "bun:test"
import { fauxAssistantMessage } from "@earendil-works/pi-ai"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { mountOnClient, type MountedApp } from "../fixture/tui"

let fx: FauxFixture | undefined
let app: MountedApp | undefined
afterEach(async () => {
  app?.renderer.destroy()
  await fx?.dispose()
})

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

test("the window sends the first message with its image, then the others one after another", async () => {
  fx = await createFauxFixture()
  const seen: string[] = []
  fx.faux.setResponses(
    ["FIRSTREPLY", "SECONDREPLY", "THIRDREPLY"].map(
      (reply) => (ctx: { messages: { role: string; content: unknown }[] }) => {
        const user = ctx.messages.filter((m) => m.role === "user").at(-1)
        seen.push(JSON.stringify(user?.content))
        return fauxAssistantMessage(reply)
      },
    ),
  )
  const { sessionId } = await fx.open()
  app = await mountOnClient(
    fx.client,
    { kind: "attach", sessionId },
    { width: 90, height: 30 },
    {
      initialPrompt: "FIRSTMSG",
      initialImages: [{ type: "image", data: PNG_1PX, mimeType: "image/png" }],
      initialMessages: ["SECONDMSG", "THIRDMSG"],
    },
  )
  const frame = await app.until((f) => f.includes("THIRDREPLY"))
  const order = ["FIRSTMSG", "FIRSTREPLY", "SECONDMSG", "SECONDREPLY", "THIRDMSG", "THIRDREPLY"].map((t) =>
    frame.indexOf(t),
  )
  expect(order.every((at, i) => at !== -1 && (i === 0 || at > order[i - 1]!))).toBe(true)
  expect(seen).toHaveLength(3)
  expect(seen[0]).toContain("FIRSTMSG")
  expect(seen[0]).toContain('"type":"image"')
  expect(seen[1]).toContain("SECONDMSG")
  expect(seen[2]).toContain("THIRDMSG")
})
