// A click in the transcript (a tool row, a message, empty space) leaves the keyboard with the prompt.
import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const rowOf = (frame: string, text: string) => frame.split("\n").findIndex((l) => l.includes(text))

test("after clicking a tool row or a message, typing still goes to the prompt and Enter sends it", async () => {
  app = await mountApp({ width: 100, height: 30 })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({
      items: [
        item.user("u1", "please list the files"),
        item.tool("t1", "bash", { command: "ls" }, { output: "a.txt\nb.txt\nc.txt\nd.txt\ne.txt\nf.txt" }),
        item.assistant("a1", "There are six files."),
      ],
    }),
  })
  let frame = await app.until("six files")
  await app.mockMouse.click(8, rowOf(frame, "bash $ ls"))
  frame = await app.until("a.txt")
  await app.submit("after click on a tool row")
  expect(app.client.calls("session.prompt").map((p) => p.text)).toEqual(["after click on a tool row"])

  frame = await app.until((f) => !f.includes("after click on a tool row"))
  await app.mockMouse.click(10, rowOf(frame, "please list the files"))
  await app.mockInput.typeText("after click on text")
  frame = await app.until("› after click on text")
  app.mockInput.pressEnter()
  await app.renderOnce()
  expect(app.client.calls("session.prompt").map((p) => p.text)).toEqual([
    "after click on a tool row",
    "after click on text",
  ])
})
