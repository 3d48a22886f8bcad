// The sandbox through a real Pi session on the faux model: write/edit stop at the workspace
// (symlinks, hard links), `!outside` runs one command outside, /permissions full lifts the
// boundary, and with no sandbox the first command asks and -p refuses.
import { afterEach, expect, test } from "bun:test"
import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs"
import { join } from "node:path"
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai"
import type { BashItem, ToolItem } from "../../src/protocol"
import { createFauxFixture, toolArgs, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture | undefined
// Outside /tmp (the sandbox's own there) and outside the workspace.
const outside = mkdtempSync("/var/tmp/xagent-outside-")
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})
process.on("exit", () => rmSync(outside, { recursive: true, force: true }))

const tools = (items: { kind: string }[]) => items.filter((i): i is ToolItem => i.kind === "tool")
const toolCalls = (...calls: [string, Record<string, unknown>][]) => [
  fauxAssistantMessage(
    calls.map(([name, args]) => fauxToolCall(name, toolArgs(args))),
    { stopReason: "toolUse" },
  ),
  fauxAssistantMessage("ok"),
]
const done = (n: number) => (s: { running: boolean; items: { kind: string }[] }) =>
  !s.running && s.items.filter((i) => i.kind === "assistant").length >= 2 && tools(s.items).length >= n

test("write and edit through a symlink to outside, or onto a hard link of a file outside, are refused", async () => {
  const target = join(outside, "secret.txt")
  writeFileSync(target, "outside\n")
  fx = await createFauxFixture({ files: { "inside.txt": "alpha\n" } })
  symlinkSync(target, join(fx.cwd, "link.txt"))
  symlinkSync(outside, join(fx.cwd, "dirlink"))
  linkSync(target, join(fx.cwd, "hard.txt"))
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses(
    toolCalls(
      ["write", { path: "link.txt", content: "pwned\n" }],
      ["write", { path: "dirlink/new.txt", content: "pwned\n" }],
      ["edit", { path: "link.txt", edits: [{ oldText: "outside", newText: "pwned" }] }],
      ["edit", { path: "hard.txt", edits: [{ oldText: "outside", newText: "pwned" }] }],
      ["write", { path: "hard.txt", content: "pwned\n" }],
      ["write", { path: target, content: "pwned\n" }],
      ["edit", { path: "inside.txt", edits: [{ oldText: "alpha", newText: "beta" }] }],
    ),
  )
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  const s = await rec.waitFor(done(7), "the tool calls")
  const [w1, w2, e1, e2, w3, w4, ok] = tools(s.items)
  for (const t of [w1, w2, e1, e2, w3, w4]) {
    expect(t!.status).toBe("error")
    expect(t!.output).toContain("Refused:")
  }
  expect(w1!.output).toContain(`leads to ${target}, outside the workspace`)
  expect(w2!.output).toContain("outside the workspace")
  expect(e2!.output).toContain("hard links")
  expect(w3!.output).toContain("hard links")
  expect(w4!.output).toContain("is outside the workspace")
  expect(readFileSync(target, "utf8")).toBe("outside\n")
  expect(existsSync(join(outside, "new.txt"))).toBe(false)
  expect(ok!.status).toBe("done")
  expect(readFileSync(join(fx.cwd, "inside.txt"), "utf8")).toBe("beta\n")
})

test("!outside runs that one command outside the sandbox, once; ! runs it inside", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const log = join(outside, "outside.log")
  const command = `echo ran >> ${log}`
  await fx.client.request("session.bash", { sessionId, command })
  const inside = await rec.waitFor((s) => s.items.some((i) => i.kind === "bash" && i.status === "done"), "! inside")
  expect((inside.items[0] as BashItem).output).toContain("Read-only file system")
  expect(existsSync(log)).toBe(false)

  await fx.client.request("session.bashOutside", { sessionId, command })
  const s = await rec.waitFor(
    (s) => s.items.filter((i) => i.kind === "bash" && i.status === "done").length === 2,
    "!outside",
  )
  const ran = s.items[1] as BashItem
  expect(ran).toMatchObject({ command, outside: true, exitCode: 0 })
  expect(readFileSync(log, "utf8")).toBe("ran\n")
})

test("/permissions full lifts the boundary for the session and the status says so; sandboxed brings it back", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const file = join(outside, "full.txt")
  await fx.client.request("session.setPermissions", { sessionId, mode: "full" })
  await rec.waitFor((s) => s.info.sandbox?.mode === "full", "full access in info")
  fx.faux.setResponses(toolCalls(["bash", { command: `echo free > ${file}` }]))
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  await rec.waitFor(done(1), "the call")
  expect(readFileSync(file, "utf8")).toBe("free\n")
  await fx.client.request("session.setPermissions", { sessionId, mode: "sandboxed" })
  const back = await rec.waitFor((s) => s.info.sandbox?.mode === "sandboxed", "sandboxed again")
  expect(back.info.sandbox?.available).toBe(true)
})

test("with no sandbox the window is told what to install, the first command asks, and -p refuses without the flag", async () => {
  fx = await createFauxFixture({ hostOptions: { bwrap: "/nonexistent/bwrap" } })
  await expect(fx.open({ kind: "new" }, { interactive: false })).rejects.toThrow(/--dangerously-skip-sandbox/)
  const printFull = await fx.client.request("session.open", {
    cwd: fx.cwd,
    mode: { kind: "new" },
    interactive: false,
    permissions: "full",
  })
  expect(printFull.info.sandbox?.mode).toBe("full")

  const opened = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "new" }, model: "faux/faux-1" })
  expect(opened.warnings.join("\n")).toContain("apt-get install bubblewrap")
  expect(opened.info.sandbox).toMatchObject({ mode: "sandboxed", available: false })
  const sessionId = opened.sessionId
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    ...toolCalls(["bash", { command: "echo one" }]).slice(0, 1),
    ...toolCalls(["bash", { command: "echo two" }]),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "go" })
  const asked = await rec.waitFor((s) => s.ui.pending.length === 1, "the question")
  const q = asked.ui.pending[0]!
  expect(JSON.stringify(q)).toContain("without a sandbox for the rest of this session")
  await fx.client.request("session.uiRespond", { sessionId, requestId: q.id, response: { confirmed: false } })
  const s = await rec.waitFor(done(2), "both calls")
  const [one, two] = tools(s.items)
  for (const t of [one, two]) expect(t!.output).toContain("Not run: no sandbox is available")
  // Asked once: the no holds for the session.
  expect(rec.events.filter((e) => e.event.type === "ui_request")).toHaveLength(1)
})
