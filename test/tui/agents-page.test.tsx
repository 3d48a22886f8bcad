// /agents, the profiles page: its frames at 120, 80 and 40 columns (grouped list, details, the
// reasons things are greyed, a file's escape sequences drawn as nothing), and each key against a
// throwaway home and project: n writes a template and opens $EDITOR on it, e opens the selected
// file, c copies under a new name, d deletes after a confirmation; built-ins are neither edited nor
// deleted, and an existing name is never overwritten. The window's requests reach the real
// listing and writer (src/agents) through the client's routes; test/daemon/agent-profiles.test.ts
// sends the same requests over a real socket.
import { afterEach, beforeEach, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { changeProfile } from "../../src/agents/profile-files"
import { profileRows } from "../../src/agents/profile-rows"
import { FakeClient, sessionInfo, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
let root: string
let where: { home: string; cwd: string; userHome: string }
const savedEditor = process.env.EDITOR

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "agents-page-"))
  where = { home: join(root, "xhome"), cwd: join(root, "proj"), userHome: join(root, "home") }
  const put = (file: string, text: string) => {
    mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true })
    writeFileSync(file, text)
  }
  put(
    join(where.home, "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews diffs\u001b]0;owned\u0007 for bugs\nmodel: faux/faux-1\nthinking: high\ntools: [read, grep]\n---\nReview.\n",
  )
  put(
    join(where.cwd, ".xagent", "agents", "runner.md"),
    "---\nname: runner\ndescription: Runs codex\nacp: codex-acp\n---\n",
  )
  put(join(where.cwd, ".xagent", "agents", "broken.md"), "---\nname: broken\nmodel: [a, b]\n---\n")
  put(
    join(where.cwd, ".claude", "agents", "tester.md"),
    "---\nname: tester\ndescription: Claude's tester\ntools: Read, Bash\n---\n",
  )
})

afterEach(() => {
  app?.renderer.destroy()
  app = undefined
  if (savedEditor === undefined) delete process.env.EDITOR
  else process.env.EDITOR = savedEditor
  rmSync(root, { recursive: true, force: true })
})

function client(): FakeClient {
  const c = new FakeClient()
  c.route("agents.list", () => profileRows(where))
  c.route("agents.change", (p) => changeProfile(where, p.change))
  return c
}

async function page(width: number, height = 40): Promise<string> {
  app = await mountApp({ width, height, client: client() })
  await app.emit({ type: "snapshot", snapshot: snapshot({ info: sessionInfo() }) })
  await app.until("Ask anything")
  await app.submit("/agents")
  // A short window shows the list's start: the first row selected.
  const all = (f: string) => f.includes("reviewer") && f.includes("Unreadable")
  return app.until((f) => f.includes("Agents") && (height < 30 ? f.includes("› claude") : all(f)))
}
const lines = (frame: string) => frame.split("\n").map((l) => l.trimEnd())
const lineWith = (frame: string, text: string) => lines(frame).findIndex((l) => l.includes(text))
/** Moves the selection down to the row whose name is `name`. */
async function select(name: string) {
  for (let i = 0; i < 20; i++) {
    if (lines(app!.frame()).some((l) => l.includes(`› ${name}`))) return
    app!.mockInput.pressArrow("down")
    await app!.until(() => true)
  }
  throw new Error(`no row ${name}`)
}

describe.each([120, 80, 40])("at %i columns", (width) => {
  test("grouped by source in order, with the selected one's details; nothing wider than the window", async () => {
    const frame = await page(width)
    for (const l of lines(frame)) expect(l.length).toBeLessThanOrEqual(width)
    const order = ["Built-in", "Global", "Project", "Claude Code's", "Unreadable"].map((h) => lineWith(frame, h))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(lineWith(frame, "› claude")).toBe(order[0]! + 1)
    expect(frame).toContain("locked: a built-in")
    expect(frame).not.toContain("owned")
    await select("reviewer")
    const detail = await app!.until((f) => f.includes("faux/faux-1"))
    expect(detail).toContain("effort: high")
    expect(detail).toContain("tools: read, grep")
    if (width >= 80) expect(detail).toContain("reviewer.md")
    await select("tester")
    await app!.until((f) => f.includes("no delete: Claude Code's file"))
    await select("broken")
    await app!.until((f) => f.includes("error: line 3"))
  })
})

test("n: scope, then name; the template is written there and opened in $EDITOR", async () => {
  process.env.EDITOR = `sh -c 'echo "# edited" >> "$0"'`
  await page(100)
  await app!.mockInput.typeText("n")
  await app!.until("Project")
  app!.mockInput.pressArrow("down")
  app!.mockInput.pressEnter()
  await app!.until("its name")
  await app!.mockInput.typeText("helper")
  app!.mockInput.pressEnter()
  const file = join(where.cwd, ".xagent", "agents", "helper.md")
  await app!.until((f) => f.includes("› helper"))
  expect(readFileSync(file, "utf8")).toMatch(/^---\nname: helper\n[\s\S]*# edited\n$/)
})

test("n refuses a name that is taken: the file there is left as it was", async () => {
  await page(100)
  const file = join(where.home, "agents", "reviewer.md")
  const before = readFileSync(file, "utf8")
  await app!.mockInput.typeText("n")
  await app!.until("Global")
  app!.mockInput.pressEnter()
  await app!.until("its name")
  await app!.mockInput.typeText("reviewer")
  app!.mockInput.pressEnter()
  await app!.until("already exists")
  expect(readFileSync(file, "utf8")).toBe(before)
})

test("e opens the selected file in $EDITOR; on a built-in it says why not", async () => {
  process.env.EDITOR = `sh -c 'echo "# edited" >> "$0"'`
  await page(100)
  await app!.mockInput.typeText("e")
  await app!.until("a built-in: copy it (c) to change it")
  await select("reviewer")
  await app!.mockInput.typeText("e")
  const file = join(where.home, "agents", "reviewer.md")
  await app!.until(() => readFileSync(file, "utf8").includes("# edited"))
  expect(readFileSync(file, "utf8")).toEndWith("Review.\n# edited\n")
})

test("c copies the selected profile to the scope chosen under a new name", async () => {
  await page(100)
  await select("reviewer")
  await app!.mockInput.typeText("c")
  await app!.until("Copy reviewer")
  app!.mockInput.pressArrow("down")
  app!.mockInput.pressEnter()
  await app!.until("its name")
  await app!.mockInput.typeText("reviewer-strict")
  app!.mockInput.pressEnter()
  await app!.until((f) => f.includes("› reviewer-strict"))
  const text = readFileSync(join(where.cwd, ".xagent", "agents", "reviewer-strict.md"), "utf8")
  expect(text).toContain("name: reviewer-strict\n")
  expect(text).toContain("thinking: high")
})

test("d asks first, then deletes the file; n at the question keeps it; built-ins cannot be", async () => {
  await page(100)
  await app!.mockInput.typeText("d")
  await app!.until("a built-in: copy it (c) to change it")
  await select("runner")
  const file = join(where.cwd, ".xagent", "agents", "runner.md")
  await app!.mockInput.typeText("d")
  await app!.until("Delete a profile")
  await app!.mockInput.typeText("n")
  await app!.until((f) => !f.includes("Delete a profile"))
  expect(existsSync(file)).toBe(true)
  await app!.mockInput.typeText("d")
  await app!.until("Delete a profile")
  await app!.mockInput.typeText("y")
  // The row goes (the toast that says so names the file for a while).
  await app!.until((f) => !f.includes("runner  Runs codex"))
  expect(existsSync(file)).toBe(false)
})

test("Esc closes a dialog and leaves the page; a short window scrolls to keep the selection in view", async () => {
  await page(60, 18)
  await app!.mockInput.typeText("n")
  await app!.until("New profile")
  app!.mockInput.pressEscape()
  let frame = await app!.until((f) => !f.includes("New profile"))
  expect(frame).toContain("Agents")
  await select("broken")
  frame = await app!.until((f) => f.includes("› broken"))
  expect(frame).not.toContain("› claude")
  expect(frame).toContain("Unreadable")
  // The details under the list stop above the hints (they were drawn over them).
  expect(frame).toContain("↑↓ select · n new")
  app!.mockInput.pressEscape()
  await app!.until((f) => !f.includes("Agents") && f.includes("Ask anything"))
})
