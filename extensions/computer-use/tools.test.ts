// Section 4, tools and results: registration, lazy start, image blocks, errors, selectors, refs.
import { expect, test } from "bun:test"
import { getCurrentTools, type TranscriptContext, fauxAssistantMessage } from "@earendil-works/pi-ai"
import { COMPUTER_TOOLS } from "../../src/common/computer-use"
import { details, useComputerSessions } from "../../test/fixture/computer-use"

const open = useComputerSessions()

test("registers_tools_on_windows_like_host", async () => {
  const cu = await open()
  let seen: string[] = []
  cu.fx.faux.setResponses([
    (ctx: TranscriptContext) => ((seen = getCurrentTools(ctx.messages).map((t) => t.name)), fauxAssistantMessage("ok")),
  ])
  await cu.send("hi")
  await cu.rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "reply")
  for (const name of Object.keys(COMPUTER_TOOLS)) expect(seen).toContain(name)
})

test("factory_spawns_nothing", async () => {
  const cu = await open()
  cu.fx.faux.setResponses([fauxAssistantMessage("no tools needed")])
  await cu.send("hi")
  await cu.rec.waitFor((s) => !s.running && s.items.at(-1)?.kind === "assistant", "reply")
  // No call, no worker: the sim writes its trace from the moment it starts.
  expect(cu.trace()).toEqual([])
})

test("lazy_spawn_waits_hello", async () => {
  const cu = await open({ faults: [{ method: "hello", kind: "slow_hello", ms: 300 }] })
  const row = await cu.call("list_windows")
  expect(row.status).toBe("done")
  expect(row.output).toContain('"notes.txt - Notepad"')
  expect(details(row).data?.windows[0].windowRef).toMatch(/^w1\.101\./)
  // The worker said hello (late) and only then got the call.
  expect(cu.trace().map((l) => l.replace(/ pid=.*/, ""))).toEqual(
    [
      "1 hello",
      "1 acquire",
      `1 call list_windows ${details(row).operationId}`,
      "1 end list_windows",
      "1 release",
    ].slice(0, cu.trace().length),
  )
})

test("image_block_no_base64", async () => {
  const cu = await open()
  let seen = ""
  const [row] = await cu.turn(
    [["screenshot", {}]],
    "look",
    (ctx) => ((seen = JSON.stringify(ctx.messages.at(-1))), fauxAssistantMessage("seen")),
  )
  expect(row!.status).toBe("done")
  expect(details(row!).image).toEqual({ width: 40, height: 24, mimeType: "image/png" })
  expect(row!.output).not.toMatch(/[A-Za-z0-9+/]{60,}/)
  expect(row!.output).toContain("Captured the desktop")
  // The model got the image block itself, and the text beside it.
  expect(seen).toContain('"type":"image"')
  expect(seen).toContain('"mimeType":"image/png"')
})
