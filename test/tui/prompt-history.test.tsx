import { afterEach, describe, expect, test } from "bun:test"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  defaultHistoryFile,
  HISTORY_KEEP_LINES,
  HISTORY_MAX_LINES,
  HISTORY_MAX_PERSISTED_CHARS,
  PromptHistory,
} from "../../src/tui/component/prompt/history"
import { editorLines, mountComposer } from "./prompt-harness"

let current: Awaited<ReturnType<typeof mountComposer>> | undefined
afterEach(() => {
  current?.renderer.destroy()
  current = undefined
})

const freshCwd = () => mkdtempSync(join(tmpdir(), "xagent-hist-cwd-"))
const tempFile = () => join(mkdtempSync(join(tmpdir(), "xagent-hist-")), "history.jsonl")
const fileLines = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean)

describe("composer history", () => {
  test("Up and Down walk sent prompts and come back to the draft", async () => {
    const c = (current = await mountComposer({ cwd: freshCwd() }))
    for (const text of ["first", "second\nline two"]) {
      await c.mockInput.typeText(text.replace("\n", ""))
      c.mockInput.pressEnter()
    }
    await c.mockInput.typeText("draft")
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› secondline two"])
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› first"])
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› first"])
    c.mockInput.pressArrow("down")
    expect(editorLines(await c.frame())).toEqual(["› secondline two"])
    c.mockInput.pressArrow("down")
    expect(editorLines(await c.frame())).toEqual(["› draft"])
  })

  test("Up inside a multi-line text moves the cursor before it reaches history", async () => {
    const c = (current = await mountComposer({ cwd: freshCwd() }))
    await c.mockInput.typeText("old")
    c.mockInput.pressEnter()
    await c.mockInput.typeText("a")
    c.mockInput.pressEnter({ shift: true })
    await c.mockInput.typeText("b")
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› a", "b"])
    c.mockInput.pressArrow("up")
    expect(editorLines(await c.frame())).toEqual(["› old"])
  })

  test("is saved per folder in $XAGENT_HOME/history.jsonl and read back by a new window", async () => {
    const cwd = freshCwd()
    const first = (current = await mountComposer({ cwd }))
    await first.mockInput.typeText("remember me")
    first.mockInput.pressEnter()
    first.renderer.destroy()
    const saved = fileLines(defaultHistoryFile()).map((l) => JSON.parse(l))
    expect(saved.at(-1)).toMatchObject({ cwd, text: "remember me" })
    expect(defaultHistoryFile()).toBe(join(process.env.XAGENT_HOME!, "history.jsonl"))

    const again = (current = await mountComposer({ cwd }))
    const frame = await again.until((f) => {
      if (!f.includes("remember me")) again.mockInput.pressArrow("up")
      return f.includes("› remember me")
    })
    expect(editorLines(frame)).toEqual(["› remember me"])
  })
})

describe("PromptHistory file", () => {
  test("skips a torn last line and starts the next append on a fresh line", async () => {
    const file = tempFile()
    writeFileSync(file, JSON.stringify({ cwd: "/p", text: "whole", at: 1 }) + "\n" + '{"cwd":"/p","te')
    const h = new PromptHistory("/p", file)
    await h.loaded
    expect(h.size).toBe(1)
    h.append("next")
    const lines = fileLines(file)
    expect(lines).toHaveLength(3)
    expect(JSON.parse(lines[2]!)).toMatchObject({ cwd: "/p", text: "next" })
    const reread = new PromptHistory("/p", file)
    await reread.loaded
    expect([reread.prev(""), reread.prev("")]).toEqual(["next", "whole"])
  })

  test("offers only the prompts sent in its own folder", async () => {
    const file = tempFile()
    const row = (cwd: string, text: string) => JSON.stringify({ cwd, text, at: 1 })
    writeFileSync(file, [row("/a", "from a"), row("/b", "from b"), row("/a", "again a")].join("\n") + "\n")
    const h = new PromptHistory("/a", file)
    await h.loaded
    expect([h.prev("draft"), h.prev(""), h.prev("")]).toEqual(["again a", "from a", undefined])
    expect([h.next(), h.next(), h.next()]).toEqual(["again a", "draft", undefined])
  })

  test("stays bounded: past the line cap it keeps only the newest lines", async () => {
    const file = tempFile()
    const rows = Array.from({ length: HISTORY_MAX_LINES }, (_, i) =>
      JSON.stringify({ cwd: "/p", text: `t${i}`, at: i }),
    )
    writeFileSync(file, rows.join("\n") + "\n")
    const h = new PromptHistory("/p", file)
    await h.loaded
    h.append("newest")
    const lines = fileLines(file)
    expect(lines).toHaveLength(HISTORY_KEEP_LINES)
    expect(JSON.parse(lines.at(-1)!).text).toBe("newest")
  })

  test("keeps an oversized prompt in memory only", async () => {
    const file = tempFile()
    const h = new PromptHistory("/p", file)
    await h.loaded
    const big = "x".repeat(HISTORY_MAX_PERSISTED_CHARS + 1)
    h.append("small")
    h.append(big)
    expect(fileLines(file)).toHaveLength(1)
    expect(h.prev("")).toBe(big)
  })

  test("a missing or unreadable file is an empty history, and appends still work", async () => {
    const h = new PromptHistory("/p", "/proc/definitely/not/writable/history.jsonl")
    await h.loaded
    expect(h.size).toBe(0)
    h.append("kept in memory")
    expect(h.prev("")).toBe("kept in memory")
  })
})
