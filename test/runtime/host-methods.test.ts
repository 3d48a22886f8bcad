// The rest of the request surface: models, auth, errors people can act on, !bash, export,
// commands and the person's own Pi resources (prompt templates, skills, AGENTS.md).
import { afterEach, expect, test } from "bun:test"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  fauxAssistantMessage,
  fauxToolCall,
  getCurrentSystemPrompt,
  type TranscriptContext,
} from "@earendil-works/pi-ai"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { SessionEvent } from "../../src/protocol"
import { createFauxFixture, saidOf, type FauxFixture } from "../fixture/faux"

let fx: FauxFixture
afterEach(() => fx?.dispose())

test("bad requests get clear errors and change nothing", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  await expect(fx.client.request("session.prompt", { sessionId: "nope", text: "hi" })).rejects.toThrow(
    `Unknown session "nope"; live sessions: ${sessionId}`,
  )
  await expect(fx.open({ kind: "new" }, { model: "faux/faux-l" })).rejects.toThrow(
    /Unknown model "faux\/faux-l"\. Close matches: faux\/faux-1/,
  )
  await expect(fx.open({ kind: "new" }, { cwd: join(fx.cwd, "missing") })).rejects.toThrow(/No such folder/)
  await expect(fx.client.request("session.setModel", { sessionId, provider: "faux", id: "gpt-9" })).rejects.toThrow(
    /Unknown model "faux\/gpt-9"/,
  )
  // Validated at the host too: a malformed call never reaches Pi.
  await expect(fx.client.request("session.setThinking", { sessionId, level: "max" as never })).rejects.toMatchObject({
    code: "bad_request",
  })
  await expect(
    fx.client.request("session.uiRespond", { sessionId, requestId: "ui-x", response: { value: "a" } }),
  ).rejects.toMatchObject({ code: "not_found" })
  expect(fx.host.live()).toHaveLength(1)
})

test("without a usable model the session opens, says how to sign in, and prompt explains", async () => {
  fx = await createFauxFixture({ noAuth: true })
  const { sessionId, warnings } = await fx.client.request("session.open", { cwd: fx.cwd, mode: { kind: "new" } })
  const info = fx.record(sessionId).state!.info
  expect(info.model).toBeUndefined()
  expect(info.authHint).toMatch(/\/login/)
  // the hint says it once: no second, longer warning from Pi about the same thing
  expect(warnings.join("\n")).not.toMatch(/No models? (available|selected)/)
  await expect(fx.client.request("session.prompt", { sessionId, text: "hi" })).rejects.toThrow(info.authHint!)

  const status = await fx.client.request("auth.status", {})
  expect(status.providers.find((p) => p.provider === "anthropic")).toMatchObject({
    hasAuth: false,
    envVar: "ANTHROPIC_API_KEY",
  })
  const rec = fx.record(sessionId)
  await fx.client.request("auth.setApiKey", { provider: "anthropic", key: "sk-test" })
  const after = await rec.waitFor((s) => s.info.model?.provider === "anthropic", "a signed-in model")
  expect(after.info.authHint).toBeUndefined()
  expect(JSON.parse(readFileSync(join(fx.agentDir, "auth.json"), "utf8"))).toEqual({
    anthropic: { type: "api_key", key: "sk-test" },
  })
  expect((await fx.client.request("auth.status", {})).providers.find((p) => p.provider === "anthropic")!.hasAuth).toBe(
    true,
  )
})

test("models, model and thinking changes show up as info", async () => {
  fx = await createFauxFixture({
    models: [
      { id: "faux-1", reasoning: true },
      { id: "faux-2", reasoning: false },
    ],
  })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const m = await fx.client.request("session.models", { sessionId })
  expect(m.current).toEqual({ provider: "faux", id: "faux-1" })
  expect(m.models.filter((x) => x.provider === "faux").map((x) => [x.id, x.available])).toEqual([
    ["faux-1", true],
    ["faux-2", true],
  ])
  expect(m.levels).toContain("high")
  await fx.client.request("session.setThinking", { sessionId, level: "low" })
  await rec.waitFor((s) => s.info.thinkingLevel === "low", "thinking low")
  await fx.client.request("session.setModel", { sessionId, provider: "faux", id: "faux-2" })
  const s = await rec.waitFor((s) => s.info.model?.id === "faux-2", "faux-2")
  expect(s.info.thinkingLevel).toBe("off")
  expect((await fx.client.request("session.models", { sessionId })).levels).toEqual(["off"])
  await fx.client.request("session.setName", { sessionId, name: "  milk run " })
  expect((await rec.waitFor((s) => s.info.name === "milk run", "the name")).info.name).toBe("milk run")
})

test("!bash runs as a bash item with its output", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.bash", { sessionId, command: "echo from-bang; exit 3" })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "bash" && i.status === "done"), "the command")
  expect(s.items).toEqual([
    {
      kind: "bash",
      id: expect.stringMatching(/^b-/),
      command: "echo from-bang; exit 3",
      output: "from-bang\n",
      exitCode: 3,
      cancelled: false,
      truncated: false,
      sandboxed: true,
      status: "done",
      timestamp: expect.any(Number),
    },
  ])
  expect(rec.events.map((e) => e.event.type)).toContain("item_add")
})

test("!bash that prints line after line sends its running output in a few updates, not one per line", async () => {
  fx = await createFauxFixture()
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  const command = "for i in $(seq 1 200); do echo line-$i; sleep 0.005; done"
  await fx.client.request("session.bash", { sessionId, command })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "bash" && i.status === "done"), "the command")
  expect(s.items[0]).toMatchObject({ kind: "bash", status: "done", exitCode: 0 })
  expect((s.items[0] as { output: string }).output).toContain("line-200")
  const updates = rec.events.filter((e) => e.event.type === "item_update").length
  expect(updates).toBeLessThan(100)
})

test("export writes markdown and Pi's html; lastReply gives the reply text", async () => {
  fx = await createFauxFixture({ files: { "a.txt": "alpha\n" } })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    fauxAssistantMessage([fauxToolCall("read", { path: "a.txt" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("It says alpha."),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "what is in a.txt?" })
  await rec.waitFor((s) => !s.running && s.items.length === 4, "the reply")
  expect(await fx.client.request("session.lastReply", { sessionId })).toEqual({ text: "It says alpha." })

  const md = await fx.client.request("session.export", { sessionId, format: "markdown", path: "out.md" })
  expect(md.path).toBe(join(fx.cwd, "out.md"))
  const text = readFileSync(md.path, "utf8")
  expect(text).toContain("## User\n\nwhat is in a.txt?")
  expect(text).toContain("### Tool: read")
  expect(text).toContain("alpha")
  expect(text).toContain("## Assistant\n\nIt says alpha.")
  const html = await fx.client.request("session.export", { sessionId, format: "html" })
  expect(existsSync(html.path)).toBe(true)
  expect(readFileSync(html.path, "utf8")).toContain("<html")
})

test("commands list extension commands, prompt templates and skills; AGENTS.md reaches the model", async () => {
  let systemPrompt = ""
  const ext: ExtensionFactory = (pi) =>
    pi.registerCommand("hello", { description: "Say hello", handler: async () => {} })
  fx = await createFauxFixture({
    extensionFactories: [ext],
    files: {
      "AGENTS.md": "Always answer in haiku.\n",
      ".pi/prompts/review.md": "---\ndescription: Review the diff\n---\nReview $@\n",
      ".pi/skills/milk/SKILL.md": "---\nname: milk\ndescription: Buys milk\n---\nGo to the shop.\n",
    },
  })
  const { sessionId } = await fx.open({ kind: "new" }, { pi: { projectTrust: true } })
  const { commands } = await fx.client.request("session.commands", { sessionId })
  expect(commands).toContainEqual({ name: "hello", description: "Say hello", source: "extension" })
  expect(commands).toContainEqual({ name: "review", description: "Review the diff", source: "prompt" })
  expect(commands).toContainEqual({ name: "skill:milk", description: "Buys milk", source: "skill" })

  const rec = fx.record(sessionId)
  fx.faux.setResponses([
    (ctx: TranscriptContext) => ((systemPrompt = getCurrentSystemPrompt(ctx.messages)), fauxAssistantMessage("ok")),
  ])
  await fx.client.request("session.prompt", { sessionId, text: "/review main" })
  const s = await rec.waitFor((s) => !s.running && s.items.length === 2, "the reply")
  expect(systemPrompt).toContain("Always answer in haiku.")
  expect(s.items[0]).toMatchObject({ kind: "user", text: "Review main" })
})

test("an extension error becomes an error notice", async () => {
  const ext: ExtensionFactory = (pi) =>
    pi.registerCommand("boom", {
      handler: async () => {
        throw new Error("kaboom")
      },
    })
  fx = await createFauxFixture({ extensionFactories: [ext] })
  const { sessionId } = await fx.open()
  const rec = fx.record(sessionId)
  await fx.client.request("session.prompt", { sessionId, text: "/boom" })
  const s = await rec.waitFor((s) => s.items.some((i) => i.kind === "notice"), "the notice")
  expect(s.items[0]).toMatchObject({ kind: "notice", level: "error", text: expect.stringContaining("kaboom") })
  expect(rec.events.map((e) => e.event.type as SessionEvent["type"])).not.toContain("run")
})

test("open takes extension files and a thinking level", async () => {
  fx = await createFauxFixture({
    files: {
      "ext/greeter.ts": `export default function (pi) {\n  pi.registerCommand("greet", { description: "Greets", handler: async (_a, ctx) => ctx.ui.notify("hi from a file") })\n}\n`,
    },
  })
  const { sessionId } = await fx.open({ kind: "new" }, { extensions: ["ext/greeter.ts"], thinking: "minimal" })
  const rec = fx.record(sessionId)
  expect(rec.state!.info.thinkingLevel).toBe("minimal")
  const { commands } = await fx.client.request("session.commands", { sessionId })
  expect(commands).toContainEqual({ name: "greet", description: "Greets", source: "extension", owner: "greeter" })
  await fx.client.request("session.prompt", { sessionId, text: "/greet" })
  await rec.waitFor((_s, ev) => saidOf(ev).some((n) => n.message === "hi from a file"), "the greeting")
  await expect(fx.open({ kind: "new" }, { extensions: ["ext/missing.ts"] })).rejects.toThrow(
    /Extension not found: .*ext\/missing\.ts/,
  )
  // A package source is Pi's to install, not a file to look for; offline (as here) Pi skips it, and we say so.
  const pkg = await fx.client.request("session.open", {
    cwd: fx.cwd,
    mode: { kind: "new" },
    extensions: ["npm:some-pi-package"],
  })
  expect(pkg.warnings).toEqual([
    "npm:some-pi-package was not loaded: PI_OFFLINE is set, so Pi does not fetch packages (unset it to install npm:some-pi-package)",
  ])
})

test("enableSkillCommands off (Pi's setting): skills get no /skill: commands", async () => {
  fx = await createFauxFixture({
    settings: { enableSkillCommands: false, defaultProjectTrust: "always" },
    files: { ".pi/skills/milk/SKILL.md": "---\nname: milk\ndescription: Buys milk\n---\nGo to the shop.\n" },
  })
  const { sessionId } = await fx.open()
  const { commands } = await fx.client.request("session.commands", { sessionId })
  expect(commands.filter((c) => c.source === "skill")).toEqual([])
})
