import { afterEach, expect, test } from "bun:test"
import { item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"
import { hexOf } from "../fixture/colors"
import { theme } from "../../src/tui/theme"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function withItems(...items: ReturnType<typeof item.tool>[]) {
  app = await mountApp({ width: 100, height: 40 })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items }) })
  return app
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n")

test("bash: command, exit code and the output tail; Ctrl+O shows it all", async () => {
  const app = await withItems(
    item.tool(
      "t1",
      "bash",
      { command: "make test" },
      {
        status: "error",
        output: lines(10) + "\n\nCommand exited with code 2",
      },
    ),
  )
  let frame = await app.until("make test")
  expect(frame).toContain("✗ bash $ make test  exit 2")
  expect(frame).toContain("… 6 more lines (ctrl+o)")
  expect(frame).toContain("line 10")
  expect(frame).not.toMatch(/line 6 /)
  expect(frame).not.toContain("Command exited")

  app.mockInput.pressKey("o", { ctrl: true })
  frame = await app.until("line 1 ")
  expect(frame).toContain("line 5")
  expect(frame).not.toContain("more lines")
})

test("a running tool shows a spinner, then its result", async () => {
  const app = await withItems(item.tool("t1", "bash", { command: "sleep 1" }, { status: "running", output: "" }))
  let frame = await app.until("sleep 1")
  expect(frame).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash \$ sleep 1/)
  await app.emit({ type: "item_update", item: item.tool("t1", "bash", { command: "sleep 1" }, { output: "ok" }) })
  frame = await app.until("✓ bash $ sleep 1  exit 0")
  expect(frame).toContain("ok")
})

test("read: path and line range, line count; output only when expanded", async () => {
  const app = await withItems(
    item.tool("t1", "read", { path: "src/app.ts", offset: 10, limit: 5 }, { output: "alpha\nbeta\ngamma" }),
  )
  let frame = await app.until("src/app.ts")
  expect(frame).toContain("✓ read src/app.ts:10-14  3 lines")
  expect(frame).not.toContain("gamma")
  app.mockInput.pressKey("o", { ctrl: true })
  frame = await app.until("gamma")
  expect(frame).toContain("alpha")
})

test("edit: path, +/- counts and a coloured diff", async () => {
  const diff = " 1 import x\n-2 const a = 2\n+2 const a = 1\n+3 const b = 3\n 4 export a"
  const app = await withItems(item.tool("t1", "edit", { path: "src/a.ts", edits: [] }, { details: { diff } }))
  const frame = await app.until("const b = 3")
  expect(frame).toContain("✓ edit src/a.ts  +2 -1")
  expect(frame).toContain("-2 const a = 2")
  expect(frame).toContain("+2 const a = 1")
  // Added lines are drawn in the add colour on the add background, removed ones in red.
  const spans = app.captureSpans()
  const find = (text: string) => spans.lines.flatMap((l) => l.spans).find((s) => s.text.includes(text))
  const added = find("+2 const a = 1")!
  const removed = find("-2 const a = 2")!
  expect(hexOf(added.fg)).toBe(theme.diffAdd)
  expect(hexOf(removed.fg)).toBe(theme.diffRemove)
})

test("write: path, size and a preview of the content", async () => {
  const app = await withItems(item.tool("t1", "write", { path: "notes.md", content: lines(9) }))
  const frame = await app.until("notes.md")
  expect(frame).toContain("✓ write notes.md  9 lines, 62 B")
  expect(frame).toContain("line 6")
  expect(frame).not.toContain("line 7")
  expect(frame).toContain("… 3 more lines (ctrl+o)")
})

test("grep, find and ls: what was searched and how much came back", async () => {
  const app = await withItems(
    item.tool(
      "t1",
      "grep",
      { pattern: "TODO", path: "src", glob: "*.ts" },
      { output: "a.ts:1: TODO x\nb.ts:4: TODO y" },
    ),
    item.tool("t2", "find", { pattern: "*.md" }, { output: "README.md" }),
    item.tool("t3", "ls", { path: "docs" }, { output: "a/\nb.md\nc.md" }),
    item.tool("t4", "grep", { pattern: "nope" }, { output: "No matches found" }),
  )
  const frame = await app.until("docs")
  expect(frame).toContain('✓ grep "TODO" in src (*.ts)  2 matches')
  expect(frame).toContain("✓ find *.md  1 file")
  expect(frame).toContain("✓ ls docs  3 entries")
  expect(frame).toContain('✓ grep "nope"  0 matches')
})

test("an unknown tool falls back to its arguments and output; tool errors are red", async () => {
  const app = await withItems(
    item.tool("t1", "todo_write", { todos: [{ text: "a" }] }, { output: "1 todo" }),
    item.tool("t2", "read", { path: "missing.ts" }, { status: "error", output: "ENOENT: no such file" }),
  )
  const frame = await app.until("ENOENT")
  expect(frame).toContain('✓ todo_write {"todos":[{"text":"a"}]}')
  expect(frame).toContain("1 todo")
  expect(frame).toContain("✗ read missing.ts")
  const span = app
    .captureSpans()
    .lines.flatMap((l) => l.spans)
    .find((s) => s.text.includes("ENOENT"))!
  expect(hexOf(span.fg)).toBe(theme.error)
})

test("read of an image says it was an image, not how many lines its note had", async () => {
  const app = await withItems(
    item.tool("t1", "read", { path: "pic.png" }, { output: "Read image file [image/png]\n[image]" }),
    item.tool("t2", "read", { path: "notes.txt" }, { output: "one\ntwo" }),
  )
  const frame = await app.until("notes.txt")
  expect(frame).toContain("✓ read pic.png  image (image/png)")
  expect(frame).not.toMatch(/pic\.png\s+\d+ lines?/)
  expect(frame).toContain("✓ read notes.txt  2 lines")
})
