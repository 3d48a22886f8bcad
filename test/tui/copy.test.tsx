// /copy, /copy code [n] and /copy all put source text on the clipboard (OSC 52, and the platform
// tool when there is one), the same in both screen modes: no padding, no wrap-inserted newlines.
import { afterEach, expect, test } from "bun:test"
import { codeBlocks } from "../../src/tui/util/code-blocks"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const LONG = "x".repeat(150)
export const THREE_BLOCKS = [
  "First:",
  "```ts",
  "const one = 1",
  "```",
  "Second, indented in a list:",
  "",
  "1. step",
  "   ```sh",
  "   echo two   ",
  `   echo ${LONG}`,
  "   ```",
  "",
  "~~~",
  "three",
  "~~~",
].join("\n")
const SECOND = `echo two   \necho ${LONG}`

async function ready(screen: "inline" | "fullscreen", tool?: (text: string) => Promise<string | undefined>) {
  const client = new FakeClient({ "session.lastReply": () => ({ text: THREE_BLOCKS }) })
  app = await mountApp({ client, screen, width: 120, height: 30, copyWithTool: tool })
  await app.emit({
    type: "snapshot",
    snapshot: snapshot({ items: [item.user("u1", "show me"), item.assistant("a1", THREE_BLOCKS)] }),
  })
  await app.until("Ask anything")
  const osc: string[] = []
  app.renderer.copyToClipboardOSC52 = (text: string) => (osc.push(text), true)
  return { app, osc }
}

test("code blocks are read as their source: fences, info strings, list indentation, unclosed ends", () => {
  expect(codeBlocks(THREE_BLOCKS)).toEqual([
    { lang: "ts", code: "const one = 1" },
    { lang: "sh", code: SECOND },
    { lang: "", code: "three" },
  ])
  expect(codeBlocks("````md\n```\ninner\n```\n````")).toEqual([{ lang: "md", code: "```\ninner\n```" }])
  expect(codeBlocks("text\n```py\nopen = 1")).toEqual([{ lang: "py", code: "open = 1" }])
})

for (const screen of ["inline", "fullscreen"] as const) {
  test(`${screen}: /copy code 2 copies exactly that block; /copy code picks the last; a wrong n says why`, async () => {
    const { app, osc } = await ready(screen)
    await app.submit("/copy code 2")
    await app.until("Copied code block 2 (2 lines)")
    expect(osc).toEqual([SECOND])
    await app.submit("/copy code")
    await app.until("Copied code block 3")
    expect(osc.at(-1)).toBe("three")
    await app.submit("/copy code 4")
    await app.until("The last reply has 3 code blocks")
    await app.submit("/copy code x")
    await app.until("takes a block number")
    expect(osc).toHaveLength(2)
  })

  test(`${screen}: /copy all copies the conversation as Markdown; the tool gets it as well`, async () => {
    const tool: string[] = []
    const { app, osc } = await ready(screen, async (text) => (tool.push(text), "xclip"))
    await app.submit("/copy all")
    await app.until("Copied the conversation")
    expect(osc).toHaveLength(1)
    expect(tool).toEqual(osc)
    expect(osc[0]).toContain("## User\n\nshow me")
    expect(osc[0]).toContain(`   echo ${LONG}\n`)
  })
}

test("with neither OSC 52 nor a tool taking the text, /copy says so", async () => {
  const { app } = await ready("inline", async () => undefined)
  app.renderer.copyToClipboardOSC52 = () => false
  await app.submit("/copy")
  await app.until("Not copied: the terminal ignores OSC 52")
})
