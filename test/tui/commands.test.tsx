import { afterEach, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { COMMANDS, findCommand, paletteEntries } from "../../src/tui/commands"
import { findEntry } from "../../src/tui/component/palette/palette-entry"
import { FakeClient, item, snapshot } from "../fixture/fake-client"
import { mountApp, type MountedApp } from "../fixture/tui"

let app: MountedApp | undefined
afterEach(() => app?.renderer.destroy())

async function ready(client = new FakeClient(), size = { width: 90, height: 30 }) {
  app = await mountApp({ ...size, client })
  await app.emit({ type: "snapshot", snapshot: snapshot() })
  await app.until("› Ask anything")
  return app
}

/** Records OSC 52 writes instead of depending on what the test terminal supports. */
function captureClipboard(a: MountedApp) {
  const copied: string[] = []
  a.renderer.copyToClipboardOSC52 = (text: string) => (copied.push(text), true)
  return copied
}

test("Enter sends a prompt; while running Enter queues a follow-up and Alt+Enter steers; Esc stops", async () => {
  const app = await ready()
  await app.submit("hello there")
  expect(app.client.calls("session.prompt")).toEqual([{ sessionId: "s1", text: "hello there" }])
  await app.emit({ type: "run", running: true })
  await app.submit("and then this")
  await app.mockInput.typeText("actually stop")
  app.mockInput.pressEnter({ meta: true })
  await app.renderOnce()
  app.mockInput.pressEscape()
  await app.until(() => app.client.calls("session.abort").length > 0)
  expect(app.client.calls("session.prompt").slice(1)).toEqual([
    { sessionId: "s1", text: "and then this", behavior: "followUp" },
    { sessionId: "s1", text: "actually stop", behavior: "steer" },
  ])
  expect(app.client.calls("session.abort")).toEqual([{ sessionId: "s1" }])
})

test("!command runs in the shell; Alt+Up takes queued messages back into the prompt", async () => {
  const client = new FakeClient({ "session.dequeue": () => ({ steering: ["first"], followUp: ["second"] }) })
  const app = await ready(client)
  await app.submit("!ls -la")
  expect(client.calls("session.bash")).toEqual([{ sessionId: "s1", command: "ls -la" }])
  await app.emit({ type: "queue", queue: { steering: ["first"], followUp: ["second"] } })
  app.mockInput.pressArrow("up", { meta: true })
  const frame = await app.until("› first")
  expect(frame).toContain("second")
  expect(client.calls("session.dequeue")).toHaveLength(1)
})

test("extension commands, prompt templates and skills are sent as prompt text", async () => {
  const client = new FakeClient({
    "session.commands": () => ({
      commands: [
        { name: "deploy", description: "Ship it", source: "extension" },
        { name: "review", source: "prompt" },
      ],
    }),
  })
  const app = await ready(client)
  await app.until(() => client.calls("session.commands").length > 0)
  await app.submit("/deploy prod")
  expect(client.calls("session.prompt")).toEqual([{ sessionId: "s1", text: "/deploy prod" }])
})

test("an extension's /clear and /exit win over xagent's aliases of those names, as in Pi (which has neither)", async () => {
  const client = new FakeClient({
    "session.commands": () => ({
      commands: [
        { name: "clear", description: "ext clear", source: "extension" },
        { name: "exit", description: "ext exit", source: "extension" },
      ],
    }),
  })
  const app = await ready(client)
  await app.until(() => client.calls("session.commands").length > 0)
  await app.mockInput.typeText("/clea")
  expect(await app.until("ext clear")).toContain("/clear")
  app.mockInput.pressKey("u", { ctrl: true })
  await app.until("› Ask anything")
  await app.submit("/clear now")
  await app.submit("/exit")
  expect(client.calls("session.prompt")).toEqual([
    { sessionId: "s1", text: "/clear now" },
    { sessionId: "s1", text: "/exit" },
  ])
  expect(app.exits).toEqual([])
  // xagent's commands keep their canonical names.
  await app.submit("/quit")
  expect(app.exits).toEqual([0])
  // `/resume` is one of Pi's own commands, which Pi keeps over an extension's: so does xagent.
  const entries = paletteEntries([{ name: "resume", source: "extension" }])
  expect(findEntry(entries, "resume")?.name).toBe("session")
})

test("/help lists the canonical commands and the keys", async () => {
  const app = await ready(new FakeClient(), { width: 100, height: 70 })
  await app.submit("/help")
  const top = await app.until("Keys")
  expect(top).toContain("/session")
  expect(top).toContain("(also /resume)")
  expect(top).not.toMatch(/^\s*│?\s*\/resume/m)
  // The keys run past the dialog's height: page down to the last of them.
  app.mockInput.pressKey("\x1b[6~")
  app.mockInput.pressKey("\x1b[6~")
  const frame = await app.until("Ctrl+O")
  expect(frame).toContain("Ctrl+S")
  expect(frame).toContain("New line in the prompt")
  app.mockInput.pressEscape()
  expect(await app.until((f) => !f.includes("Keys"))).toContain("› Ask anything")
})

test("/help lists every key the README lists, and wraps long rows instead of cutting them", async () => {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8")
  const table = readme.slice(readme.indexOf("### Keys"), readme.indexOf("Pasting more than"))
  const keys = [...table.matchAll(/^\| ([^|]+?) \| [^|]+ \|$/gm)].map((m) => m[1]!.replace(/`/g, "")).slice(1)
  expect(keys.length).toBeGreaterThan(15)
  const app = await ready(new FakeClient(), { width: 100, height: 60 })
  await app.submit("/help")
  // The help is longer than the dialog: page through it to its end ("Ctrl+V" is the last key).
  let last = await app.until("Keys")
  let frame = last
  for (let i = 0; i < 8 && !frame.includes("Ctrl+V"); i++) {
    const before = last
    app.mockInput.pressKey("\x1b[6~")
    last = await app.until((f) => f !== before)
    frame += last
  }
  for (const key of keys) expect(frame).toContain(key)
  expect(frame).not.toContain("...")
  expect(frame).toContain("xhigh")
})

test("/thinking, /compact, /name, /new and /export send their requests; bad arguments are refused", async () => {
  const client = new FakeClient({ "session.export": (p) => ({ path: p.path ?? "/tmp/session.html" }) })
  const app = await ready(client)
  await app.submit("/thinking high")
  await app.submit("/thinking lots")
  expect(await app.until("Unknown thinking level")).toContain('"lots"')
  await app.submit("/compact keep the API notes")
  await app.submit("/name Login fix")
  await app.submit("/new")
  await app.submit("/export md notes.md")
  await app.until("Exported to notes.md")
  expect(client.calls("session.setThinking")).toEqual([{ sessionId: "s1", level: "high" }])
  expect(client.calls("session.compact")).toEqual([{ sessionId: "s1", instructions: "keep the API notes" }])
  expect(client.calls("session.setName")).toEqual([{ sessionId: "s1", name: "Login fix" }])
  expect(client.calls("session.new")).toEqual([{ sessionId: "s1" }])
  expect(client.calls("session.export")).toEqual([{ sessionId: "s1", format: "markdown", path: "notes.md" }])
})

test("/export takes Pi's /export <path>: HTML, Markdown for .md, JSONL for .jsonl; bare, it says where it wrote", async () => {
  const client = new FakeClient({
    "session.export": (p) => ({ path: p.path ? `/w/${p.path}` : "/w/xagent-session-1.html" }),
  })
  const app = await ready(client)
  await app.submit("/export out.html")
  await app.until("Exported to /w/out.html")
  await app.submit("/export notes-out.md")
  await app.submit("/export s.jsonl")
  await app.submit('/export "my notes.md"')
  await app.submit("/export html page")
  await app.submit("/export")
  await app.until("Exported to /w/xagent-session-1.html")
  expect(client.calls("session.export")).toEqual([
    { sessionId: "s1", format: "html", path: "out.html" },
    { sessionId: "s1", format: "markdown", path: "notes-out.md" },
    { sessionId: "s1", format: "jsonl", path: "s.jsonl" },
    { sessionId: "s1", format: "markdown", path: "my notes.md" },
    { sessionId: "s1", format: "html", path: "page" },
    { sessionId: "s1", format: "html" },
  ])
})

test("/name without a name asks for one", async () => {
  const app = await ready()
  await app.submit("/name")
  await app.until("Name this session")
  await app.mockInput.typeText("Refactor")
  app.mockInput.pressEnter()
  await app.until("Named: Refactor")
  expect(app.client.calls("session.setName")).toEqual([{ sessionId: "s1", name: "Refactor" }])
})

test("/copy puts the last reply on the clipboard (OSC 52)", async () => {
  const client = new FakeClient({ "session.lastReply": () => ({ text: "the answer" }) })
  const app = await ready(client)
  const copied = captureClipboard(app)
  await app.submit("/copy")
  await app.until("Copied the last reply")
  expect(copied).toEqual(["the answer"])
})

test("/fork picks an earlier message and hands its text back to the prompt", async () => {
  const client = new FakeClient({
    "session.forkPoints": () => ({
      points: [
        { entryId: "e1", text: "first question" },
        { entryId: "e2", text: "second question" },
      ],
    }),
    "session.fork": () => ({ editorText: "first question" }),
  })
  const app = await ready(client)
  await app.submit("/fork")
  await app.until("Fork from message")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("› first question")
  expect(client.calls("session.fork")).toEqual([{ sessionId: "s1", entryId: "e1" }])
})

test("/login shows each provider's state and saves a pasted key", async () => {
  const client = new FakeClient({
    "auth.status": () => ({
      providers: [
        { provider: "anthropic", hasAuth: true, envVar: "ANTHROPIC_API_KEY", oauth: true, apiKey: true },
        { provider: "openai", hasAuth: false, envVar: "OPENAI_API_KEY", oauth: false, apiKey: true },
      ],
    }),
    "auth.setApiKey": () => ({}),
  })
  const app = await ready(client)
  await app.submit("/login")
  const frame = await app.until("choose a subscription")
  expect(frame).toMatch(/anthropic.*✓ signed in/)
  expect(frame).toMatch(/openai.*\$OPENAI_API_KEY.*not set/)
  // rows: anthropic's subscription, then the API keys of anthropic and openai
  app.mockInput.pressArrow("down")
  app.mockInput.pressArrow("down")
  app.mockInput.pressEnter()
  await app.until("API key for openai (or set OPENAI_API_KEY)")
  await app.mockInput.typeText("sk-test-123")
  app.mockInput.pressEnter()
  await app.until("Saved the key for openai")
  expect(client.calls("auth.setApiKey")).toEqual([{ provider: "openai", key: "sk-test-123" }])
})

test("Ctrl+C clears the prompt, then warns, then quits; Ctrl+D quits on an empty prompt; /quit quits", async () => {
  const app = await ready()
  await app.mockInput.typeText("draft")
  await app.until("› draft")
  app.mockInput.pressCtrlC()
  await app.until("› Ask anything")
  expect(app.exits).toEqual([])
  app.mockInput.pressCtrlC()
  await app.until("Press Ctrl+C again to quit")
  app.mockInput.pressCtrlC()
  expect(app.exits).toEqual([0])

  await app.mockInput.typeText("x")
  await app.until("› x")
  app.mockInput.pressKey("d", { ctrl: true })
  await app.renderOnce()
  expect(app.exits).toEqual([0])
  app.mockInput.pressBackspace()
  await app.until("› Ask anything")
  app.mockInput.pressKey("d", { ctrl: true })
  expect(app.exits).toEqual([0, 0])
  await app.submit("/quit")
  expect(app.exits).toEqual([0, 0, 0])
})

test("Ctrl+S hands the mouse to the terminal and back", async () => {
  const app = await ready()
  expect(app.renderer.useMouse).toBe(true)
  app.mockInput.pressKey("s", { ctrl: true })
  expect(await app.until("mouse off (ctrl+s)")).toContain("Mouse off")
  expect(app.renderer.useMouse).toBe(false)
  app.mockInput.pressKey("s", { ctrl: true })
  await app.until((f) => !f.includes("mouse off (ctrl+s)"))
  expect(app.renderer.useMouse).toBe(true)
})

test("selecting transcript text with the mouse copies it", async () => {
  const app = await ready()
  const copied = captureClipboard(app)
  await app.emit({ type: "item_add", item: item.user("u1", "copy this sentence") })
  const rows = (await app.until("copy this sentence")).split("\n")
  const y = rows.findIndex((l) => l.includes("copy this sentence"))
  const x = rows[y]!.indexOf("copy")
  await app.mockMouse.drag(x, y, x + 8, y)
  await app.until("Copied 9 characters")
  expect(copied).toEqual(["copy this"])
})

test("the initial prompt and one typed before the session is ready are sent once it is", async () => {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  app = await mountApp({ width: 80, height: 24, initialPrompt: "start here", gate })
  await app.until("› Ask anything")
  await app.submit("typed early")
  expect(app.client.requests).toEqual([])
  release()
  await app.until(() => app!.client.calls("session.prompt").length === 2)
  expect(app.client.calls("session.prompt")).toEqual([
    { sessionId: "s1", text: "start here" },
    { sessionId: "s1", text: "typed early" },
  ])
})

test("the registry: one entry per command, aliases resolve, session commands follow built-ins", () => {
  const names = COMMANDS.map((c) => c.name)
  expect(new Set(names).size).toBe(names.length)
  for (const n of [
    "help",
    "new",
    "session",
    "tree",
    "fork",
    "model",
    "thinking",
    "compact",
    "name",
    "copy",
    "export",
    "login",
    "quit",
  ])
    expect(names).toContain(n)
  expect(findCommand("resume")?.name).toBe("session")
  const entries = paletteEntries([
    { name: "deploy", source: "extension" },
    { name: "new", source: "prompt" },
  ])
  expect(entries.filter((e) => e.name === "new")).toHaveLength(1)
  expect(entries.at(-1)).toEqual({ name: "deploy", source: "extension" })
})

test("a feature's page command yields its name to a session command of that name (a package's /agents)", () => {
  const pages = [
    { name: "agents", description: "Agent profiles" },
    { name: "subagents", description: "The roster" },
  ]
  const entries = paletteEntries([{ name: "agents", source: "extension", description: "a package's overlay" }], pages)
  expect(entries.filter((e) => e.name === "agents")).toEqual([
    { name: "agents", source: "extension", description: "a package's overlay" },
  ])
  expect(entries.find((e) => e.name === "subagents")?.source).toBe("builtin")
})

test("a prompt the host refuses is reported and comes back into the prompt", async () => {
  const client = new FakeClient({
    "session.prompt": () => {
      throw new Error("model not available")
    },
  })
  const app = await ready(client)
  await app.submit("please keep me")
  await app.until("model not available")
  await app.until("› please keep me")
  // The cursor is after the handed-back text: typing goes on from its end.
  await app.mockInput.typeText(" now")
  await app.until("› please keep me now")
})

test("a session that cannot be opened says why, and later actions say no session is open", async () => {
  const client = new FakeClient({
    "session.open": () => {
      throw new Error("no such session: abc")
    },
  })
  app = await mountApp({
    width: 80,
    height: 24,
    client,
    target: { kind: "open", params: { cwd: "/proj/demo", mode: { kind: "session", ref: "abc" } } },
  })
  expect(await app.until("Could not open")).toContain("Could not open the session: no such session: abc")
  await app.submit("hello")
  await app.until("No session is open")
  await app.until("› hello")
})
