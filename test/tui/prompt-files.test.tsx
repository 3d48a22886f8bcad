import { describe, expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { editorLines, composerMounter } from "./prompt-harness"
import { listFiles } from "../../src/tui/util/file-list"
import { detectTrigger } from "../../src/tui/component/prompt/suggestions"

const mount = composerMounter()

function project(opts: { git?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "xagent-files-"))
  const files = ["src/alpha.ts", "src/beta.ts", "src/deep/gamma.ts", "README.md", "ignored.log", "node_modules/x/a.js"]
  for (const f of files) {
    mkdirSync(join(dir, f, ".."), { recursive: true })
    writeFileSync(join(dir, f), "x")
  }
  writeFileSync(join(dir, ".gitignore"), "*.log\nnode_modules/\n")
  if (opts.git) Bun.spawnSync(["git", "init", "-q"], { cwd: dir })
  return dir
}

describe("@ file completion", () => {
  test("lists matching paths under the cwd and Tab inserts one", async () => {
    const c = await mount({ cwd: project(), width: 60 })
    await c.mockInput.typeText("see @alp")
    const frame = await c.until((f) => f.includes("src/alpha.ts"))
    expect(frame).not.toContain("beta")
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› see @src/alpha.ts"])
    expect((await c.frame()).split("╭").length - 1).toBe(1) // the popup is gone, the composer remains
    c.mockInput.pressEnter()
    expect(c.calls).toEqual([["send", "see @src/alpha.ts", "prompt"]])
  })

  test("Enter picks the selected path; folders keep the popup open to go deeper", async () => {
    const c = await mount({ cwd: project(), width: 60 })
    await c.mockInput.typeText("@deep")
    await c.until((f) => f.includes("src/deep/"))
    c.mockInput.pressEnter()
    expect(editorLines(await c.frame())).toEqual(["› @src/deep/"])
    await c.until((f) => f.includes("src/deep/gamma.ts"))
    c.mockInput.pressArrow("down")
    c.mockInput.pressEnter()
    expect(editorLines(await c.frame())).toEqual(["› @src/deep/gamma.ts"])
    expect(c.calls).toEqual([])
  })

  test("completes after wide characters and in the middle of a line", async () => {
    const c = await mount({ cwd: project(), width: 60 })
    await c.mockInput.pasteBracketedText("日本 😀 @READ")
    await c.mockInput.typeText(" tail")
    for (let i = 0; i < 5; i++) c.mockInput.pressArrow("left")
    await c.until((f) => f.includes("README.md") && f.split("╭").length === 3)
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› 日本 😀 @README.md  tail"])
  })

  test("completes where the cursor is moved to, over lines, and after a tab", async () => {
    const c = await mount({ cwd: project(), width: 60 })
    // plain text over two lines: the cursor moves back into the @ token (no text changes)
    await c.mockInput.pasteBracketedText("first line\nsee @alp and more")
    for (let i = 0; i < 9; i++) c.mockInput.pressArrow("left")
    await c.until((f) => f.includes("src/alpha.ts") && f.split("╭").length === 3)
    c.mockInput.pressTab()
    expect(editorLines(await c.frame())).toEqual(["› first line", "see @src/alpha.ts  and more"])
    // a tab is wider than one column: the token after it is still the one at the cursor
    const t = await mount({ cwd: project(), width: 60 })
    await t.mockInput.pasteBracketedText("\t@READ")
    await t.until((f) => f.includes("README.md") && f.split("╭").length === 3)
    t.mockInput.pressTab()
    expect(t.calls).toEqual([])
    expect(editorLines(await t.frame())[0]).toContain("@README.md")
  })

  test("says so when nothing matches, and Esc hides the popup", async () => {
    const c = await mount({ cwd: project() })
    await c.mockInput.typeText("@zzzz")
    await c.until((f) => f.includes("No matching files"))
    c.mockInput.pressEscape()
    expect(await c.frame()).not.toContain("No matching files")
  })

  test("the fallback walk honours .gitignore names and skips node_modules", async () => {
    const files = await listFiles(project())
    expect(files).toContain("src/alpha.ts")
    expect(files).toContain("src/deep/")
    expect(files).not.toContain("ignored.log")
    expect(files.some((f) => f.includes("node_modules"))).toBe(false)
  })

  test("in a git repository it lists tracked and untracked files that are not ignored", async () => {
    const files = await listFiles(project({ git: true }))
    expect(files).toEqual(expect.arrayContaining(["src/alpha.ts", "README.md", ".gitignore", "src/"]))
    expect(files).not.toContain("ignored.log")
    expect(files.some((f) => f.includes("node_modules"))).toBe(false)
  })

  test("triggers only in an @ token at the cursor", () => {
    expect(detectTrigger("a @sr", 5)).toEqual({ kind: "file", query: "sr", start: 2, end: 5 })
    expect(detectTrigger("mail a@b", 8)).toBeUndefined()
    expect(detectTrigger("@src/x more", 3)).toEqual({ kind: "file", query: "sr", start: 0, end: 6 })
    expect(detectTrigger("/mo args", 3)).toEqual({ kind: "command", query: "mo", start: 0, end: 3 })
    expect(detectTrigger("/mo args", 6)).toBeUndefined()
  })
})
