// The /agents page's requests through a real daemon and session host: agents.list reads the
// profiles in the session's folder and xagent's home (and Claude Code's in the person's home),
// agents.change writes a new or copied file only where no file is, and deletes only a plain
// profile file in xagent's own folders: never Claude Code's, a link, or a built-in.
import { afterAll, beforeAll, expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { SocketClient } from "../../src/client/socket-client"
import { XAGENT_BIN } from "../fixture/mockllm"
import { startBox, type DaemonBox } from "./harness"

let d: DaemonBox
let c: SocketClient
let sessionId: string
const put = (dir: string, name: string, text: string) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, name), text)
  return join(dir, name)
}

beforeAll(async () => {
  d = await startBox({ turns: [] })
  put(
    join(d.box.xagentHome, "agents"),
    "reviewer.md",
    "---\nname: reviewer\ndescription: Reviews\ntools: [read]\n---\nBody.\n",
  )
  put(join(d.box.home, ".claude", "agents"), "tester.md", "---\nname: tester\ndescription: Tests\n---\n")
  put(join(d.box.home, ".claude", "agents"), "general.md", "---\nname: general\n---\nMine.\n")
  c = await d.connect()
  sessionId = (await c.request("session.open", { cwd: d.box.cwd, mode: { kind: "new" } })).sessionId
})
afterAll(() => d.cleanup())

const rows = async () => (await c.request("agents.list", { sessionId })).rows
const failure = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: Error) => e.message,
  )

test("agents.list: built-ins, the global file and Claude Code's, with where n and c write", async () => {
  const listing = await c.request("agents.list", { sessionId })
  const of = (name: string) => listing.rows.find((r) => r.name === name)
  const general = listing.rows.filter((r) => r.name === "general")
  // Claude Code's file of a built-in's name is the one a child runs (the subagents extension's order).
  expect(general.map((r) => [r.group, r.shadowedBy])).toEqual([
    ["built-in", "claude"],
    ["claude", undefined],
  ])
  expect(general[0]!.noDelete).toContain("built-in")
  expect(of("reviewer")).toMatchObject({
    group: "global",
    tools: ["read"],
    file: expect.stringContaining("reviewer.md"),
  })
  expect(of("tester")).toMatchObject({ group: "claude", noDelete: expect.stringContaining("Claude Code") })
  expect(listing.folders).toEqual({
    global: join(d.box.xagentHome, "agents"),
    project: join(d.box.cwd, ".xagent", "agents"),
  })
})

test("agents.change new and copy write where nothing is; a taken name is refused and the file kept", async () => {
  const made = await c.request("agents.change", {
    sessionId,
    change: { action: "new", scope: "project", name: "helper" },
  })
  expect(made.file).toBe(join(d.box.cwd, ".xagent", "agents", "helper.md"))
  expect(readFileSync(made.file, "utf8")).toStartWith("---\nname: helper\n")
  expect((await rows()).find((r) => r.name === "helper")).toMatchObject({ group: "project" })

  const taken = join(d.box.xagentHome, "agents", "reviewer.md")
  const before = readFileSync(taken, "utf8")
  const again = { action: "new", scope: "global", name: "reviewer" } as const
  expect(await failure(c.request("agents.change", { sessionId, change: again }))).toContain("already exists")
  expect(readFileSync(taken, "utf8")).toBe(before)

  const copy = await c.request("agents.change", {
    sessionId,
    change: { action: "copy", scope: "global", name: "explorer-two", from: { group: "built-in", name: "explore" } },
  })
  expect(readFileSync(copy.file, "utf8")).toContain("tools: [read, grep, find, ls]")
  expect((await rows()).find((r) => r.name === "explorer-two")).toMatchObject({
    group: "global",
    tools: ["read", "grep", "find", "ls"],
  })
  const bad = { action: "new", scope: "global", name: "../escape" } as const
  expect(await failure(c.request("agents.change", { sessionId, change: bad }))).toContain("is not a profile name")
})

test("agents.change delete: a profile file in xagent's folders only; Claude Code's and a link stay", async () => {
  const claude = join(d.box.home, ".claude", "agents", "tester.md")
  expect(
    await failure(c.request("agents.change", { sessionId, change: { action: "delete", file: claude } })),
  ).toContain("Claude Code")
  expect(existsSync(claude)).toBe(true)

  const target = put(d.box.root, "precious.md", "---\nname: linked\n---\n")
  const dir = join(d.box.cwd, ".xagent", "agents")
  mkdirSync(dir, { recursive: true })
  symlinkSync(target, join(dir, "linked.md"))
  const link = { action: "delete", file: join(dir, "linked.md") } as const
  expect((await rows()).find((r) => r.name === "linked")?.noDelete).toContain("a link")
  expect(await failure(c.request("agents.change", { sessionId, change: link }))).toContain("a link")
  expect(existsSync(target)).toBe(true)

  const elsewhere = { action: "delete", file: target } as const
  expect(await failure(c.request("agents.change", { sessionId, change: elsewhere }))).toContain("not a listed profile")

  const file = join(d.box.xagentHome, "agents", "reviewer.md")
  await c.request("agents.change", { sessionId, change: { action: "delete", file } })
  expect(existsSync(file)).toBe(false)
})

test("a session on an external ACP agent lists and writes the same files (no agent is asked)", async () => {
  const opened = await c.request("session.open", {
    cwd: d.box.cwd,
    mode: { kind: "new" },
    // Its own xagent home: the window's daemon opens no sessions for processes its sessions started.
    agent: { command: [XAGENT_BIN, "acp"], env: { XAGENT_HOME: join(d.box.root, "agent-home") } },
  })
  const listing = await c.request("agents.list", { sessionId: opened.sessionId })
  expect(listing.folders.project).toBe(join(d.box.cwd, ".xagent", "agents"))
  expect(listing.rows.find((r) => r.name === "tester")?.group).toBe("claude")
  const change = { action: "new", scope: "project", name: "from-agent" } as const
  const made = await c.request("agents.change", { sessionId: opened.sessionId, change })
  expect(existsSync(made.file)).toBe(true)
  await c.request("session.close", { sessionId: opened.sessionId })
}, 120_000)
