// /diff: the files the agent's edit and write calls changed this session, each call drawn as its
// row is, opened: the edit's diff and the written text. Failed calls and reads are not changes.
import { afterEach, expect, test } from "bun:test"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function ready(items: ReturnType<typeof item.tool>[]) {
  app = await mountApp({ width: 100, height: 50, client: new FakeClient() })
  await app.emit({ type: "snapshot", snapshot: snapshot({ items }) })
  await app.until("› Ask anything")
  return app
}

test("/diff lists each changed file with its edits' diffs and its writes' text", async () => {
  const app = await ready([
    item.user("u1", "fix it"),
    item.tool("t1", "read", { path: "src/app.js" }, { output: "READOUTPUT" }),
    item.tool(
      "t2",
      "edit",
      { path: "src/app.js", oldText: "a", newText: "b" },
      { details: { diff: "-1 const a = OLDNAME\n+1 const a = NEWNAME" } },
    ),
    item.tool("t3", "write", { path: "notes/todo.md", content: "WRITTENLINE one\nline two\n" }),
    item.tool("t4", "edit", { path: "src/app.js" }, { details: { diff: "-7 x\n+7 SECONDEDIT" } }),
    item.tool("t5", "edit", { path: "broken.js" }, { status: "error", output: "no match" }),
    item.assistant("a1", "Done."),
  ])
  await app.submit("/diff")
  const frame = await app.until("Changed this session")
  expect(frame).toContain("Changed this session: 2 files, 3 edit/write calls")
  expect(frame).toContain("src/app.js · 2 changes")
  expect(frame).toContain("notes/todo.md · 1 change")
  for (const text of ["OLDNAME", "NEWNAME", "SECONDEDIT", "WRITTENLINE one"]) expect(frame).toContain(text)
  expect(frame).toContain("+1 -1")
  // The first file's diff comes before the second file's text.
  expect(frame.indexOf("NEWNAME")).toBeLessThan(frame.indexOf("WRITTENLINE"))
  expect(frame).not.toContain("broken.js")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Changed this session"))).toContain("› Ask anything")
})

test("/diff with nothing changed says so", async () => {
  const app = await ready([item.user("u1", "hi"), item.assistant("a1", "Hello.")])
  await app.submit("/diff")
  const frame = await app.until("No files changed")
  expect(frame.replace(/[\s│]+/g, " ")).toContain("No files changed by the agent in this session yet")
})

test("a hostile path is drawn without its control bytes", async () => {
  const app = await ready([item.tool("t1", "write", { path: "evil\x1b]52;c;AAAA\x07\x1b[2J.txt", content: "x\n" })])
  await app.submit("/diff")
  const frame = await app.until("Changed this session")
  expect(frame).not.toContain("\x1b")
  expect(frame).not.toContain("\x07")
  expect(frame).toContain("evil")
})
