// Pi's own command-line flags on xagent, table-driven through bin/xagent -p against the scripted
// model: each row runs one flag and checks what reached the model (system prompt, tools, the
// user's message) or the disk. A second table lists every flag of the installed `pi --help`, so
// a flag Pi adds shows up here, and says for each which row proves it or why xagent differs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { PI_EXAMPLES, REPO_ROOT, type MockLlm, type Sandbox } from "../fixture/mockllm"
import { okModelBox, runXagent } from "./run-xagent"

const SLOW = 60_000
const PI_PKG = join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent")
const HELLO = join(PI_EXAMPLES, "hello.ts")
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

let box: Sandbox
let llm: MockLlm
beforeAll(async () => {
  ;({ box, llm } = await okModelBox())
  const files: Record<string, string> = {
    "AGENTS.md": "AGENTSMARK: answer briefly.\n",
    "append.txt": "FILEAPPENDMARK\n",
    "my-skill/SKILL.md": "---\nname: cliskill\ndescription: CLISKILLMARK skill\n---\nDo it.\n",
    ".pi/skills/projskill/SKILL.md": "---\nname: projskill\ndescription: PROJSKILLMARK skill\n---\nDo it.\n",
    "tpl.md": "---\ndescription: a template\n---\nTEMPLATEMARK for $1\n",
    ".pi/prompts/greet.md": "GREETMARK $1\n",
    ".pi/extensions/projtool.ts": [
      'import { Type } from "typebox"',
      "export default function (pi: any) {",
      '  pi.registerTool({ name: "projtool", label: "p", description: "p", parameters: Type.Object({}),',
      '    async execute() { return { content: [{ type: "text", text: "p" }], details: {} } } })',
      "}",
    ].join("\n"),
  }
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(box.cwd, rel, ".."), { recursive: true })
    writeFileSync(join(box.cwd, rel), text)
  }
  writeFileSync(join(box.cwd, "pic.png"), Buffer.from(PNG_1PX, "base64"))
  // the person trusts this project (Pi's trust.json): its .pi skills, prompts and tool load
  writeFileSync(join(box.agentDir, "trust.json"), JSON.stringify({ [realpathSync(box.cwd)]: true }))
  // a second model, for --models
  const modelsPath = join(box.agentDir, "models.json")
  const models = JSON.parse(readFileSync(modelsPath, "utf8"))
  const provider = models.providers.mockllm
  provider.models[0].input = ["text", "image"]
  provider.models.push({ ...provider.models[0], id: "mock-2" })
  writeFileSync(modelsPath, JSON.stringify(models))
})
afterAll(async () => {
  await llm.stop()
  box.cleanup()
})

interface Sent {
  system: string
  user: string
  tools: string[]
}
function lastSent(): Sent {
  const r = llm.requests().at(-1)!
  const messages = r.last as { role: string; content: unknown }[]
  const text = (m?: { content: unknown }) =>
    typeof m?.content === "string" ? m.content : JSON.stringify(m?.content ?? "")
  return {
    system: text(messages.find((m) => m.role === "system" || m.role === "developer")),
    user: text(messages.filter((m) => m.role === "user").at(-1)),
    tools: [...r.tools].sort(),
  }
}
const sessionFiles = () => {
  const dir = join(box.agentDir, "sessions")
  try {
    return readdirSync(dir, { recursive: true })
      .filter((f) => String(f).endsWith(".jsonl"))
      .map(String)
  } catch {
    return []
  }
}

type Row = [flag: string, args: string[], check: (sent: Sent) => void, prompt?: string]
const ROWS: Row[] = [
  [
    "--system-prompt",
    ["--system-prompt", "SYSMARK you are terse"],
    (s) => {
      expect(s.system).toContain("SYSMARK you are terse")
      expect(s.system).not.toContain("You are a coding assistant running inside")
    },
  ],
  [
    "--append-system-prompt (text and file, repeatable)",
    ["--append-system-prompt", "APPENDMARK", "--append-system-prompt", "append.txt"],
    (s) => {
      expect(s.system).toContain("You are a coding assistant running inside xagent")
      expect(s.system).toContain("APPENDMARK")
      expect(s.system).toContain("FILEAPPENDMARK")
    },
  ],
  ["--tools", ["--tools", "read"], (s) => expect(s.tools).toEqual(["read"])],
  ["-t", ["-t", "read,bash"], (s) => expect(s.tools).toEqual(["bash", "read"])],
  [
    "--exclude-tools",
    ["--exclude-tools", "bash,edit"],
    (s) => expect(s.tools).toEqual(["agent", "projtool", "read", "todo_write", "write"]),
  ],
  ["-xt", ["-xt", "bash"], (s) => expect(s.tools).not.toContain("bash")],
  ["--no-tools", ["--no-tools"], (s) => expect(s.tools).toEqual([])],
  ["-nt", ["-nt"], (s) => expect(s.tools).toEqual([])],
  [
    "--no-builtin-tools",
    ["--no-builtin-tools", "-e", HELLO],
    (s) => expect(s.tools).toEqual(["agent", "hello", "projtool", "todo_write"]),
  ],
  ["-nbt", ["-nbt"], (s) => expect(s.tools).toEqual(["agent", "projtool", "todo_write"])],
  [
    "--no-extensions",
    ["--no-extensions", "-e", HELLO],
    (s) => expect(s.tools).toEqual(["agent", "bash", "edit", "hello", "read", "todo_write", "write"]),
  ],
  ["-ne", ["-ne"], (s) => expect(s.tools).not.toContain("projtool")],
  ["(context files by default)", [], (s) => expect(s.system).toContain("AGENTSMARK")],
  ["--no-context-files", ["--no-context-files"], (s) => expect(s.system).not.toContain("AGENTSMARK")],
  ["-nc", ["-nc"], (s) => expect(s.system).not.toContain("AGENTSMARK")],
  [
    "--skill",
    ["--skill", "my-skill"],
    (s) => {
      expect(s.system).toContain("CLISKILLMARK")
      expect(s.system).toContain("PROJSKILLMARK")
    },
  ],
  ["--no-skills", ["--no-skills"], (s) => expect(s.system).not.toContain("PROJSKILLMARK")],
  ["-ns", ["-ns"], (s) => expect(s.system).not.toContain("PROJSKILLMARK")],
  [
    "--prompt-template",
    ["--prompt-template", "tpl.md"],
    (s) => expect(s.user).toContain("TEMPLATEMARK for Bob"),
    "/tpl Bob",
  ],
  ["(prompt templates by default)", [], (s) => expect(s.user).toContain("GREETMARK Bob"), "/greet Bob"],
  ["--no-prompt-templates", ["--no-prompt-templates"], (s) => expect(s.user).toContain("/greet Bob"), "/greet Bob"],
  ["-np", ["-np"], (s) => expect(s.user).not.toContain("GREETMARK"), "/greet Bob"],
  ["--offline", ["--offline"], (s) => expect(s.user).toContain("hi")],
  // an unknown model would exit 2: the pair names the mock model
  ["--provider", ["--provider", "mockllm", "--model", "mock-1"], (s) => expect(s.user).toContain("hi")],
  // Pi's MCP extension owns /mcp: without it the words go to the model
  ["(MCP by default)", [], (s) => expect(s.user).not.toContain("/mcp"), "/mcp"],
  ["--no-mcp", ["--no-mcp"], (s) => expect(s.user).toContain("/mcp"), "/mcp"],
  // project-local files: the extension in .pi/extensions and the skill in .pi/skills
  [
    "--approve",
    ["--approve"],
    (s) => {
      expect(s.tools).toContain("projtool")
      expect(s.system).toContain("PROJSKILLMARK")
    },
  ],
  ["-a", ["-a"], (s) => expect(s.tools).toContain("projtool")],
  [
    "--no-approve",
    ["--no-approve"],
    (s) => {
      expect(s.tools).not.toContain("projtool")
      expect(s.system).not.toContain("PROJSKILLMARK")
      expect(s.system).toContain("AGENTSMARK")
    },
  ],
  ["-na", ["-na"], (s) => expect(s.tools).not.toContain("projtool")],
]

describe("Pi's flags reach the session with Pi's meaning", () => {
  for (const [flag, args, check, prompt] of ROWS)
    test(
      flag,
      async () => {
        const r = await runXagent([...args, "-p", prompt ?? "hi"], box)
        expect(r.stderr).toBe("")
        expect(r.code).toBe(0)
        check(lastSent())
      },
      SLOW,
    )

  test(
    "--no-session writes no session file; --name names the one written",
    async () => {
      const before = sessionFiles()
      expect((await runXagent(["--no-session", "-p", "hi"], box)).code).toBe(0)
      expect(sessionFiles()).toEqual(before)
      expect((await runXagent(["--name", "My Named Run", "-p", "hi"], box)).code).toBe(0)
      const made = sessionFiles().filter((f) => !before.includes(f))
      expect(made).toHaveLength(1)
      expect(readFileSync(join(box.agentDir, "sessions", made[0]!), "utf8")).toContain('"name":"My Named Run"')
      const n = await runXagent(["-n", "   ", "-p", "hi"], box)
      expect(n.code).toBe(2)
      expect(n.stderr).toBe("xagent: --name needs a non-empty name\n")
    },
    SLOW,
  )
})

/** What each completion since `from` had as its last user message. */
const usersSince = (from: number) =>
  llm
    .requests()
    .slice(from)
    .map((r) => (r.last as { role: string; content: unknown }[]).filter((m) => m.role === "user").at(-1)?.content)
const textOf = (content: unknown) =>
  typeof content === "string"
    ? content
    : (content as { type: string; text?: string }[])
        .filter((c) => c.type === "text")
        .map((c) => c.text)
        .join("")
const assistantModel = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .find((l) => l.message.role === "assistant")?.message.model

/** A copy of the box's agent dir, for a test that changes it. */
function agentDirCopy(name: string): { dir: string; box: Sandbox } {
  const dir = join(box.root, name)
  mkdirSync(dir, { recursive: true })
  for (const f of ["models.json", "settings.json"])
    writeFileSync(join(dir, f), readFileSync(join(box.agentDir, f), "utf8"))
  return { dir, box: { ...box, agentDir: dir, env: { ...box.env, PI_CODING_AGENT_DIR: dir } } }
}

test(
  "a project decision saved with Pi's /trust holds without a flag; --approve overrides it for the run",
  async () => {
    const { ProjectTrustStore } = await import("@earendil-works/pi-coding-agent")
    const copy = agentDirCopy("distrusting-agent")
    new ProjectTrustStore(copy.dir).set(box.cwd, false)
    const from = llm.requests().length
    expect((await runXagent(["-p", "hi"], copy.box)).code).toBe(0)
    expect((await runXagent(["--approve", "-p", "hi"], copy.box)).code).toBe(0)
    const [saved, approved] = llm.requests().slice(from)
    expect(saved!.tools).not.toContain("projtool")
    expect(approved!.tools).toContain("projtool")
  },
  SLOW,
)

test(
  "with Pi's default (\"ask\") and no saved decision, -p skips the project's resources: nobody can be asked, as in pi -p",
  async () => {
    const copy = agentDirCopy("undecided-agent")
    const from = llm.requests().length
    const r = await runXagent(["-p", "hi"], copy.box)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
    expect(llm.requests()[from]!.tools).not.toContain("projtool")
  },
  SLOW,
)

describe("messages, @files and piped stdin, in Pi's order", () => {
  test(
    "each message is a prompt of its own, sent once the one before is answered",
    async () => {
      const from = llm.requests().length
      const r = await runXagent(["-p", "first one", "second one"], box)
      expect(r.code).toBe(0)
      expect(r.stdout).toBe("ok\n\nok\n")
      expect(usersSince(from).map(textOf)).toEqual(["first one", "second one"])
    },
    SLOW,
  )

  test(
    "stdin, then @file contents (text in a <file> tag, images attached), then the first message make the first prompt",
    async () => {
      const from = llm.requests().length
      const r = await runXagent(["@append.txt", "@pic.png", "-p", "what is this?", "and this?"], box, {
        stdin: "PIPED TEXT\n",
      })
      expect(r.stderr).toBe("")
      expect(r.code).toBe(0)
      const [first, second] = usersSince(from)
      const abs = (f: string) => join(box.cwd, f)
      expect(textOf(first)).toBe(
        `PIPED TEXT\n\n<file name="${abs("append.txt")}">\nFILEAPPENDMARK\n\n</file>\n<file name="${abs("pic.png")}"></file>\nwhat is this?`,
      )
      expect(JSON.stringify(first)).toContain("data:image/png;base64,")
      expect(textOf(second)).toBe("and this?")
      const missing = await runXagent(["-p", "@nope.md", "hi"], box)
      expect(missing.code).toBe(2)
      expect(missing.stderr).toBe(`xagent: @file: no file at ${abs("nope.md")}: check the path\n`)
    },
    SLOW,
  )

  test(
    "with no terminal and no -p, as in Pi, the run prints its reply (stdin piped in first)",
    async () => {
      const from = llm.requests().length
      const r = await runXagent(["summarize"], box, { stdin: "PIPED ALONE" })
      expect(r.code).toBe(0)
      expect(r.stdout).toBe("ok\n")
      expect(usersSince(from).map(textOf)).toEqual(["PIPED ALONE\n\nsummarize"])
    },
    SLOW,
  )
})

describe("sessions: --session-id, --session-dir, --fork", () => {
  const sessionsDir = () => join(box.agentDir, "sessions")
  const fileWithId = (id: string) => sessionFiles().find((f) => f.endsWith(`_${id}.jsonl`))

  test(
    "--session-id creates the folder's session with that id, and opens it the next time",
    async () => {
      expect((await runXagent(["--session-id", "fixed-id-1", "-p", "IDFIRST"], box)).code).toBe(0)
      const file = fileWithId("fixed-id-1")
      expect(file).toBeDefined()
      expect((await runXagent(["--session-id", "fixed-id-1", "-p", "IDSECOND"], box)).code).toBe(0)
      expect(sessionFiles().filter((f) => f.includes("fixed-id-1"))).toEqual([file!])
      const text = readFileSync(join(sessionsDir(), file!), "utf8")
      expect(text).toContain("IDFIRST")
      expect(text).toContain("IDSECOND")
      const bad = await runXagent(["--session-id", "-bad/", "-p", "hi"], box)
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain("--session-id '-bad/' is not a session id")
      const both = await runXagent(["--session-id", "x1", "-c", "-p", "hi"], box)
      expect(both.stderr).toBe("xagent: --session-id and --continue both pick a session: use only one of them\n")
    },
    SLOW,
  )

  test(
    "--fork copies a session (by id or path) into a new one; the source stays as it was",
    async () => {
      const source = join(sessionsDir(), fileWithId("fixed-id-1")!)
      const before = readFileSync(source, "utf8")
      const known = sessionFiles()
      const r = await runXagent(["--fork", "fixed-id-1", "-p", "FORKED ON"], box)
      expect(r.stderr).toBe("")
      expect(r.code).toBe(0)
      const made = sessionFiles().filter((f) => !known.includes(f))
      expect(made).toHaveLength(1)
      const fork = readFileSync(join(sessionsDir(), made[0]!), "utf8")
      expect(fork).toContain("IDFIRST")
      expect(fork).toContain("FORKED ON")
      expect(readFileSync(source, "utf8")).toBe(before)
      // by path, into a chosen id
      expect((await runXagent(["--fork", source, "--session-id", "forked-2", "-p", "again"], box)).code).toBe(0)
      expect(readFileSync(join(sessionsDir(), fileWithId("forked-2")!), "utf8")).toContain("IDSECOND")
      const clash = await runXagent(["--fork", source, "--session-id", "forked-2", "-p", "x"], box)
      expect(clash.code).toBe(2)
      expect(clash.stderr).toContain("A session with the id 'forked-2' already exists")
      const both = await runXagent(["--fork", "fixed-id-1", "--no-session", "-p", "x"], box)
      expect(both.stderr).toBe("xagent: --fork and --no-session both pick a session: use only one of them\n")
      const none = await runXagent(["--fork", "nosuchid", "-p", "x"], box)
      expect(none.code).toBe(2)
      expect(none.stderr).toContain('No session matching "nosuchid"')
    },
    SLOW,
  )

  test(
    "--session-dir keeps the sessions in that folder: written there, continued from there",
    async () => {
      const known = sessionFiles()
      expect((await runXagent(["--session-dir", "my-sessions", "-p", "DIRFIRST"], box)).code).toBe(0)
      expect(sessionFiles()).toEqual(known)
      const dir = join(box.cwd, "my-sessions")
      const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"))
      expect(files).toHaveLength(1)
      expect((await runXagent(["--session-dir", dir, "-c", "-p", "DIRSECOND"], box)).code).toBe(0)
      expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl"))).toEqual(files)
      expect(readFileSync(join(dir, files[0]!), "utf8")).toContain("DIRSECOND")
    },
    SLOW,
  )

  test(
    "--session-dir and --session-id through the daemon's session host: the host writes where the flags say",
    async () => {
      expect((await runXagent(["daemon", "start"], box)).code).toBe(0)
      try {
        const dir = join(box.cwd, "daemon-sessions")
        // A --session-id run joins the daemon (the session may be live in one of its hosts).
        expect(
          (await runXagent(["--session-dir", dir, "--session-id", "via-daemon", "-p", "DAEMONMARK"], box)).code,
        ).toBe(0)
        // the broker gave it a session host (the spare it starts with, or a new one)
        expect(readFileSync(join(box.xagentHome, "logs", "daemon.log"), "utf8")).toMatch(
          /host \d+ (started|\(the spare\) taken) in /,
        )
        const files = readdirSync(dir)
        expect(files.filter((f) => f.endsWith("_via-daemon.jsonl"))).toHaveLength(1)
      } finally {
        await runXagent(["daemon", "stop"], box)
      }
    },
    SLOW,
  )
})

describe("models: --models, --api-key, --list-models", () => {
  test(
    "--models scopes the models; with no --model the first in scope is the run's",
    async () => {
      const r = await runXagent(["--models", "mockllm/mock-2", "--mode", "json", "hi"], box)
      expect(r.code).toBe(0)
      expect(assistantModel(r.stdout)).toBe("mockllm/mock-2")
      const dflt = await runXagent(["--models", "*mock*", "--mode", "json", "hi"], box)
      // the saved default is in scope: it stays the model, as in Pi
      expect(assistantModel(dflt.stdout)).toBe("mockllm/mock-1")
    },
    SLOW,
  )

  test(
    "--api-key is the key of the run's model: a provider with no key works with it, and nothing is saved",
    async () => {
      const { dir: agentDir, box: env } = agentDirCopy("keyless-agent")
      const models = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"))
      delete models.providers.mockllm.apiKey
      writeFileSync(join(agentDir, "models.json"), JSON.stringify(models))
      const without = await runXagent(["-p", "hi"], env)
      expect(without.code).toBe(1)
      const withKey = await runXagent(["--api-key", "sk-run-only", "--model", "mockllm/mock-1", "-p", "hi"], env)
      expect(withKey.stderr).toBe("")
      expect(withKey.code).toBe(0)
      expect(withKey.stdout).toBe("ok\n")
      const auth = join(agentDir, "auth.json")
      expect(existsSync(auth) ? readFileSync(auth, "utf8") : "").not.toContain("sk-run-only")
      const noModel = await runXagent(["--api-key", "k", "-p", "hi"], env)
      expect(noModel.code).toBe(2)
      expect(noModel.stderr).toBe(
        "xagent: --api-key is the key of the run's model: name it with --model (or --models)\n",
      )
    },
    SLOW,
  )

  test(
    "--list-models prints Pi's own table of the usable models, with a fuzzy search",
    async () => {
      const r = await runXagent(["--list-models"], box)
      expect(r.code).toBe(0)
      expect(r.stdout.split("\n")[0]).toMatch(/^provider +model +context +max-out +thinking +images/)
      expect(r.stdout).toMatch(/mockllm +mock-1 +128K/)
      expect(r.stdout).toMatch(/mockllm +mock-2/)
      const one = await runXagent(["--list-models", "mock-2"], box)
      expect(one.stdout).toMatch(/mock-2/)
      expect(one.stdout).not.toMatch(/mock-1/)
    },
    SLOW,
  )
})

test(
  "--export writes Pi's HTML of a session file (to the given output), and exits",
  async () => {
    const file = join(
      box.agentDir,
      "sessions",
      sessionFiles().find((f) => f.endsWith("_fixed-id-1.jsonl"))!,
    )
    const out = join(box.cwd, "export.html")
    const r = await runXagent(["--export", file, out], box)
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`Exported to: ${out}\n`)
    const html = readFileSync(out, "utf8")
    expect(html).toStartWith("<!DOCTYPE html>")
    const bad = await runXagent(["--export", join(box.cwd, "nope.jsonl")], box)
    expect(bad.code).toBe(1)
  },
  SLOW,
)

test(
  "--mode json writes Pi's message_end lines (user, assistant), no text; a mode Pi has not is refused clearly",
  async () => {
    const r = await runXagent(["--mode", "json", "say ok"], box)
    expect(r.code).toBe(0)
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.type, l.message.role])).toEqual([
      ["message_end", "user"],
      ["message_end", "assistant"],
    ])
    expect(lines[1].message).toMatchObject({ content: [{ type: "text", text: "ok" }], stopReason: "stop" })
    expect(lines[1].message.usage).toMatchObject({ cost: { total: 0 } })
    expect((await runXagent(["--mode", "yaml", "-p", "hi"], box)).stderr).toContain("--mode 'yaml' is not a mode")
  },
  SLOW,
)

/** Every flag of `pi --help`: the row above that proves it, or how xagent differs (README). */
const PI_FLAGS: Record<string, string> = {
  "--provider": "row",
  "--model": "xagent's own -m (provider/id; stricter: exit 2 for a bare id)",
  "--api-key": "test: --api-key is the key of the run's model",
  "--system-prompt": "row",
  "--append-system-prompt": "row",
  "--mode": "json: the test below; rpc: test/cli/rpc-mode.test.ts",
  "--print": "xagent's own -p",
  "--continue": "xagent's own -c",
  "--resume": "xagent's own -r",
  "--session": "xagent's own --session",
  "--session-id": "test: --session-id creates the folder's session",
  "--fork": "test: --fork copies a session",
  "--session-dir": "test: --session-dir keeps the sessions in that folder (and through the daemon)",
  "--no-session": "row",
  "--name": "row",
  "--models": "test: --models scopes the models",
  "--no-tools": "row",
  "--no-builtin-tools": "row",
  "--tools": "row",
  "--exclude-tools": "row",
  "--thinking": "xagent's own (stricter: exit 2 for a bad level)",
  "--extension": "xagent's own -e",
  "--no-extensions": "row",
  "--no-mcp": "row",
  "--skill": "row",
  "--no-skills": "row",
  "--prompt-template": "row",
  "--no-prompt-templates": "row",
  "--theme": "the window's (test/tui/pi-theme.test.ts, test/cli/run-plan.test.ts); -p draws nothing",
  "--use-theme": "the window's (test/e2e/theme.test.ts); -p draws nothing",
  "--no-themes": "the window's (test/tui/pi-theme.test.ts); -p draws nothing",
  "--no-context-files": "row",
  "--export": "test: --export writes Pi's HTML (Pi's own CLI runs it)",
  "--list-models": "test: --list-models prints Pi's own table",
  "--verbose": "test/runtime/pi-run-options.test.ts (the welcome's quietStartup)",
  "--tui-mode": "as --inline (regular) / --fullscreen (test/cli/run-plan.test.ts)",
  "--approve": "row",
  "--no-approve": "row",
  "--offline": "row",
  "--help": "xagent's own",
  "--version": "xagent's own",
}

test("every flag of the installed pi --help is listed, and each listed as done is in xagent --help", async () => {
  const pi = Bun.spawnSync([process.execPath, join(PI_PKG, "dist/bundle/cli.js"), "--help"], {
    env: { ...box.env, NO_COLOR: "1" },
    cwd: box.cwd,
  })
  const help = pi.stdout.toString()
  const flags = [...help.matchAll(/^ {2}(--[a-z][a-z-]*)/gm)].map((m) => m[1]!)
  expect(flags.length).toBeGreaterThan(30)
  expect(flags.filter((f) => !(f in PI_FLAGS))).toEqual([])
  const xagent = (await runXagent(["--help"], box)).stdout
  const done = Object.entries(PI_FLAGS).filter(([, how]) => !how.startsWith("not yet"))
  expect(done.map(([f]) => f).filter((f) => !xagent.includes(f))).toEqual([])
  for (const [flag, how] of done)
    if (how === "row")
      expect(
        ROWS.some(([name]) => name.includes(flag)) || flag === "--name" || flag === "--no-session"
          ? flag
          : `${flag}: no row`,
      ).toBe(flag)
})
