// Enter on a child in /subagents opens its transcript: read from the Pi session file its host part
// writes (the same writer here), drawn with the window's rows, live as the file grows; what the
// person types goes to a running child as /subagents:steer; Esc comes back to the roster, then to
// the session. A child with no file says why. At 120, 80 and 40 columns.
import { afterEach, describe, expect, test } from "bun:test"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sessionInfo, snapshot } from "../../../test/fixture/fake-client"
import { mountApp, type MountedApp } from "../../../test/fixture/tui"
import type { SubagentsState } from "../rules"
import { childState } from "../testing/child-state"
import { openTranscript, transcriptPath } from "../transcript"

let app: MountedApp | undefined
const dirs: string[] = []
afterEach(() => {
  app?.renderer.destroy()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const usage = {
  input: 10,
  output: 5,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 15,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
}
const assistant = (content: unknown[], stopReason = "stop") => ({
  role: "assistant",
  content,
  api: "faux",
  provider: "faux",
  model: "faux-1",
  usage,
  stopReason,
  timestamp: Date.now(),
})

/** A child's transcript as the host part writes it: its task, a call with its result, a reply. */
function writeChild() {
  const dir = mkdtempSync(join(tmpdir(), "xagent-child-view-"))
  dirs.push(dir)
  const parent = join(dir, "parent.jsonl")
  const path = transcriptPath(parent, "call-7")
  const t = openTranscript(path, dir, parent)
  t.append({
    role: "user",
    content: [{ type: "text", text: "Find where the loader reads the config" }],
    timestamp: Date.now(),
  })
  t.append(
    assistant(
      [
        { type: "text", text: "Let me search for it." },
        { type: "toolCall", id: "t1", name: "grep", arguments: { pattern: "loadConfig" } },
      ],
      "toolUse",
    ),
  )
  t.append({
    role: "toolResult",
    toolCallId: "t1",
    toolName: "grep",
    content: [{ type: "text", text: "src/loader.ts:12: loadConfig()" }],
    isError: false,
    timestamp: Date.now(),
  })
  return { path, t }
}

async function openChild(width: number, state: SubagentsState) {
  app = await mountApp({ width, height: 36 })
  const info = { ...sessionInfo({ name: "Parser work" }), extensions: { subagents: state } }
  await app.emit({ type: "snapshot", snapshot: snapshot({ info }) })
  await app.until("Ask anything")
  await app.submit("/subagents")
  await app.until((f) => f.includes("Filter:"))
  app.mockInput.pressArrow("down")
  await app.until((f) => /› . explore/.test(f))
  app.mockInput.pressEnter()
}
const lines = (frame: string) => frame.split("\n").map((l) => l.trimEnd())

describe.each([120, 80, 40])("at %i columns", (width) => {
  test("Enter opens the running child's transcript, live as its file grows; Esc back to the roster, then the session", async () => {
    const { path, t } = writeChild()
    const running = childState("c3", "explore", "Find the loader", {
      model: "faux/faux-1",
      transcript: path,
      steerable: true,
      latestTool: "grep",
      todos: { done: 1, total: 3 },
    })
    await openChild(width, { children: [running] })
    let frame = await app!.until((f) => f.includes("Let me search for it."))
    for (const l of lines(frame)) expect(l.length).toBeLessThanOrEqual(width)
    expect(frame).toContain("Find where the loader")
    expect(frame).toContain("✓ grep")
    expect(frame).not.toContain("Filter:")
    if (width >= 80) {
      expect(frame).toContain("explore  Find the loader  running")
      expect(frame).toContain("todos 1/3")
      expect(frame).toContain("a message to this subagent")
    }
    // Its next message shows once written.
    t.append(assistant([{ type: "text", text: "Found it in src/loader.ts, line 12." }]))
    frame = await app!.until((f) => f.includes("Found it in src/loader.ts"))
    app!.mockInput.pressEscape()
    frame = await app!.until((f) => f.includes("Filter:"))
    expect(frame).toContain("◆ main")
    app!.mockInput.pressEscape()
    await app!.until((f) => !f.includes("Filter:") && f.includes("Ask anything"))
  })
})

test("what the person types goes to the running child as /subagents:steer; an ended child is read-only", async () => {
  const { path } = writeChild()
  const running = childState("c3", "explore", "Find the loader", {
    model: "faux/faux-1",
    transcript: path,
    steerable: true,
  })
  await openChild(100, { children: [running] })
  await app!.until((f) => f.includes("Let me search for it."))
  await app!.mockInput.typeText("look at src first")
  await app!.until((f) => f.includes("› look at src first"))
  app!.mockInput.pressEnter()
  await app!.until(() =>
    app!.client.calls("session.prompt").some((p) => p.text === "/subagents:steer c3 look at src first"),
  )
  await app!.until((f) => f.includes("Sent: it is taken after"))
  // It ends: the view says so and takes no more messages.
  const info = {
    ...sessionInfo({ name: "Parser work" }),
    extensions: {
      subagents: { children: [], finished: [{ ...running, steerable: false, status: "done", endedAt: Date.now() }] },
    },
  }
  await app!.emit({ type: "info", info })
  const frame = await app!.until((f) => f.includes("read-only · it has ended"))
  expect(frame).toContain("explore  Find the loader  done")
})

test("a child with no transcript says why; a child on an external ACP agent is read-only, saying why", async () => {
  const plain = childState("c3", "explore", "No file here", { model: "faux/faux-1" })
  await openChild(100, { children: [plain] })
  await app!.until((f) => f.includes("Its parent session has no file"))
  app!.renderer.destroy()
  const failed = childState("c3", "explore", "Disk full", {
    model: "faux/faux-1",
    transcriptProblem: "a write to /x.jsonl failed: ENOSPC",
  })
  await openChild(100, { children: [failed] })
  await app!.until((f) => f.includes("Its transcript is not kept: a write to /x.jsonl failed: ENOSPC."))
  app!.renderer.destroy()
  const { path } = writeChild()
  const acp = childState("c3", "explore", "On claude", { model: "acp: Claude Code 1.2", transcript: path })
  await openChild(100, { children: [acp] })
  const frame = await app!.until((f) => f.includes("Let me search for it."))
  expect(frame).toContain("read-only · an external agent takes no message mid-task")
})
