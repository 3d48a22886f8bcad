// /diff: the workspace's git diff (a tab, in a repository) and the files the agent's edit and
// write calls changed this session, each call drawn as its row is, opened: the edit's diff and the
// written text. Failed calls and reads are not changes.
import { afterEach, expect, test } from "bun:test"
import type { WorkspaceDiff } from "../../src/protocol"
import { FakeClient, item, snapshot, type Routes } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

const OUTSIDE_GIT = { "session.diff": (): WorkspaceDiff => ({ repo: false }) }

async function ready(items: ReturnType<typeof item.tool>[], routes: Routes = OUTSIDE_GIT) {
  app = await mountApp({ width: 100, height: 50, client: new FakeClient(routes) })
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

const REPO: WorkspaceDiff = {
  repo: true,
  root: "/home/me/project",
  base: "HEAD",
  files: [
    {
      path: "src/app.js",
      status: "modified",
      added: 1,
      removed: 1,
      diff: "@@ -1 +1 @@\n-const a = OLDGIT\n+const a = NEWGIT",
    },
    { path: "made-by-bash.txt", status: "untracked", added: 1, removed: 0, diff: "@@ -0,0 +1,1 @@\n+BASHWROTE" },
    { path: "logo.png", status: "modified", added: 0, removed: 0, note: "binary file" },
  ],
  moreUntracked: 3,
}

test("in a repository /diff opens on the workspace's git diff, and Tab shows the agent's edits", async () => {
  const app = await ready([item.tool("t1", "write", { path: "notes/todo.md", content: "WRITTENLINE one\n" })], {
    "session.diff": () => REPO,
  })
  await app.submit("/diff")
  const frame = await app.until("changed against HEAD")
  expect(frame).toContain("[Workspace]")
  expect(frame).toContain("3 files changed against HEAD, +2 −1")
  expect(frame).toContain("src/app.js · modified · +1 −1")
  for (const text of ["OLDGIT", "NEWGIT", "made-by-bash.txt · untracked · +1 −0", "BASHWROTE"])
    expect(frame).toContain(text)
  expect(frame).toContain("logo.png · modified")
  expect(frame).toContain("binary file")
  expect(frame).toContain("… and 3 more untracked files")
  expect(frame).not.toContain("notes/todo.md · 1 change")
  app.mockInput.pressTab()
  const agent = await app.until("[Agent's edits]")
  expect(agent).toContain("notes/todo.md · 1 change")
  expect(agent).toContain("WRITTENLINE one")
  expect(agent).not.toContain("BASHWROTE")
  app.mockInput.pressTab()
  expect(await app.until("[Workspace]")).toContain("BASHWROTE")
})

test("a clean work tree and no edits: /diff says so instead of opening", async () => {
  const app = await ready([item.user("u1", "hi")], {
    "session.diff": () => ({ ...REPO, files: [], moreUntracked: 0 }),
  })
  await app.submit("/diff")
  const frame = await app.until("No changes")
  expect(frame.replace(/[\s│]+/g, " ")).toContain("the work tree matches HEAD and the agent has edited nothing")
})

test("a clean work tree with the agent's edits opens on the workspace tab saying it is clean", async () => {
  // The agent's edits were committed (or undone): the tab says so and the edits are one Tab away.
  const app = await ready([item.tool("t1", "write", { path: "a.md", content: "x\n" })], {
    "session.diff": () => ({ ...REPO, files: [], moreUntracked: 0 }),
  })
  await app.submit("/diff")
  expect(await app.until("the work tree is clean")).toContain("No changes against HEAD")
})

test("hostile file names and notes from the workspace are drawn without their control bytes", async () => {
  const app = await ready([], {
    "session.diff": () => ({
      ...REPO,
      root: "/r\x1b]0;TITLE\x07",
      files: [
        {
          path: "evil\x1b[2J\u202e.txt",
          status: "untracked",
          added: 1,
          removed: 0,
          note: "symbolic link to \x1b]52;c;QQ==\x07",
        },
        { path: "x.txt", status: "modified", added: 1, removed: 0, diff: "@@ -0,0 +1 @@\n+\x1b[31mRED\x9b2J" },
      ],
    }),
  })
  await app.submit("/diff")
  const frame = await app.until("changed against HEAD")
  for (const bad of ["\x1b", "\x07", "\u202e", "\x9b"]) expect(frame).not.toContain(bad)
  expect(frame).toContain("evil")
  expect(frame).toContain("RED")
})
