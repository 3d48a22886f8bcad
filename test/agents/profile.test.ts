// One profile file: what a good one gives, and each kind of mistake named with its line.
import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseProfile, type ParsedProfile } from "../../src/agents/profile"

const FILE = "/p/.xagent/agents/reviewer.md"
const parse = (text: string, file = FILE) => parseProfile(text, file, "project")
const errorsOf = (r: ParsedProfile) => (r.ok ? [] : r.errors.map((e) => `${e.line}: ${e.message}`))

describe("a good profile", () => {
  test("Pi settings, with the body as the system-prompt addition", () => {
    const r = parse(
      [
        "---",
        "name: reviewer",
        "description: Reviews diffs # a comment",
        "color: purple",
        "model: anthropic/claude-sonnet-4",
        "thinking: high",
        "tools: [read, 'grep', \"find\"]",
        "skills:",
        "  - review",
        "  - ./skills/style.md",
        "---",
        "",
        "You review code.",
        "Be brief.",
        "",
      ].join("\n"),
    )
    expect(r).toEqual({
      ok: true,
      profile: {
        name: "reviewer",
        description: "Reviews diffs",
        color: "purple",
        source: "project",
        file: FILE,
        kind: "pi",
        model: "anthropic/claude-sonnet-4",
        thinking: "high",
        tools: ["read", "grep", "find"],
        skills: ["review", "./skills/style.md"],
        prompt: "You review code.\nBe brief.",
      },
    })
  })

  test("an external ACP agent: program, args and env", () => {
    const r = parse(
      [
        "---",
        "name: claude-dev",
        "description: >",
        "  Claude Code,",
        "  in this repository",
        "color: '#ff8800'",
        "acp: claude-agent-acp",
        "args:",
        "  - --verbose",
        "env:",
        '  IS_SANDBOX: "1"',
        "  LOG_LEVEL: debug",
        "---",
      ].join("\n"),
    )
    expect(r.ok && r.profile).toEqual({
      name: "claude-dev",
      description: "Claude Code, in this repository",
      color: "#ff8800",
      source: "project",
      file: FILE,
      kind: "acp",
      command: "claude-agent-acp",
      args: ["--verbose"],
      env: { IS_SANDBOX: "1", LOG_LEVEL: "debug" },
    })
  })

  test("no name: the file's name is the profile's; Claude Code's comma-separated tools are read", () => {
    const r = parse("---\ndescription: d\ntools: Read, Grep, Glob\n---\nbody\n")
    expect(r.ok && r.profile.name).toBe("reviewer")
    expect(r.ok && r.profile.kind === "pi" && r.profile.tools).toEqual(["Read", "Grep", "Glob"])
  })

  test("a '|' block keeps its lines; CRLF line ends, a byte-order mark and comment lines are read as YAML reads them", () => {
    const r = parse(
      "\uFEFF---\r\n# who\r\nname: multi\r\ndescription: |\r\n  first line\r\n\r\n    indented\r\nskills:\r\n  # none yet\r\n  - one # the first\r\n---\r\nbody\r\n",
    )
    expect(r.ok && r.profile).toMatchObject({
      name: "multi",
      description: "first line\n\n  indented",
      skills: ["one"],
      prompt: "body",
    })
  })

  test("values stay strings: nothing YAML would turn into a number or a boolean", () => {
    const r = parse('---\nname: n1\ndescription: 1.50\nacp: "on"\nargs: [yes, 007]\n---\n')
    expect(r.ok && r.profile.description).toBe("1.50")
    expect(r.ok && r.profile.kind === "acp" && [r.profile.command, ...r.profile.args]).toEqual(["on", "yes", "007"])
  })
})

describe("a malformed profile names the line of each mistake", () => {
  test("no frontmatter, or an unclosed one", () => {
    expect(errorsOf(parse("# Reviewer\n\nname: x\n"))).toEqual([
      "1: no frontmatter: the file must start with a '---' line",
    ])
    expect(errorsOf(parse("---\nname: x\ndescription: y\n"))).toEqual(["1: the frontmatter has no closing '---' line"])
  })

  test("a line that is not 'key: value', a broken quote, a key set twice", () => {
    expect(errorsOf(parse("---\nname: x\nthis is prose\n---\n"))).toEqual([
      `3: expected 'key: value', got "this is prose"`,
    ])
    expect(errorsOf(parse('---\nname: x\ndescription: "open\n---\n'))).toEqual([`3: unclosed or broken "…" string`])
    expect(errorsOf(parse("---\nname: x\nname: y\n---\n"))).toEqual(["3: 'name' is set twice"])
    expect(errorsOf(parse("---\nname: x\ntools: [a, [b]]\n---\n"))).toEqual([
      "3: nested lists and maps are not read; write one value per item",
    ])
  })

  test("an unknown key", () => {
    expect(errorsOf(parse("---\nname: x\n\nmodel: a/b\nmodle: a/c\n---\n"))).toEqual([
      "5: unknown key 'modle' (known: name, description, color, model, thinking, tools, skills, acp, args, env)",
    ])
  })

  test("both acp and Pi settings; args or env without acp; a body under acp", () => {
    expect(errorsOf(parse("---\nname: x\nmodel: a/b\nacp: agent\ntools: [read]\n---\n"))).toEqual([
      "3: 'model' is a Pi setting, but 'acp' (line 4) makes this an external agent: a profile is one or the other",
      "5: 'tools' is a Pi setting, but 'acp' (line 4) makes this an external agent: a profile is one or the other",
    ])
    expect(errorsOf(parse("---\nname: x\nenv:\n  A: b\n---\n"))).toEqual([
      "3: 'env' belongs to an external agent, and this profile has no 'acp'",
    ])
    expect(errorsOf(parse("---\nname: x\nacp: agent\n---\n\n\nYou are helpful.\n"))).toEqual([
      "7: an external agent takes no system prompt: the body of an 'acp' profile must be empty",
    ])
  })

  test("a name that is not [a-z0-9-]+, set or taken from the file's name", () => {
    expect(errorsOf(parse("---\ndescription: d\nname: Code_Reviewer\n---\n"))).toEqual([
      "3: 'name' must be lowercase letters, digits and '-' (as in code-reviewer), at most 64",
    ])
    expect(errorsOf(parse('---\nname: ""\n---\n'))).toEqual([
      "2: 'name' must be lowercase letters, digits and '-' (as in code-reviewer), at most 64",
    ])
    expect(errorsOf(parse("---\ndescription: d\n---\n", "/p/.xagent/agents/My Agent.md"))).toEqual([
      "1: no 'name', and the file's name is not one: lowercase letters, digits and '-' (as in code-reviewer), at most 64",
    ])
  })

  test("values of the wrong kind: each key says what it takes", () => {
    const r = parse("---\nname: x\nthinking: very\ncolor: chartreuse\ntools:\n  READ: yes\nmodel: two words\n---\n")
    expect(errorsOf(r)).toEqual([
      "3: 'thinking' must be one of off, minimal, low, medium, high, xhigh, max",
      "4: 'color' must be one of red, green, yellow, blue, magenta, cyan, white, gray, orange, purple, pink, or #rrggbb",
      "5: 'tools' must be a list of tool names (no spaces)",
      "7: 'model' must be one model, as 'provider/id' (no spaces)",
    ])
    expect(errorsOf(parse("---\nname: x\nacp: a\nenv:\n  1BAD: v\nargs: one two\n---\n"))).toEqual([
      "4: 'env' must be a map of NAME: value lines (NAME of letters, digits and '_')",
      "6: 'args' must be a list of strings",
    ])
  })

  test("a malformed file still tells the name it claims, so a lookup of it can fail", () => {
    const r = parse("---\nname: claude\nacp: x\nmodel: y\n---\n")
    expect(r.ok ? undefined : r.name).toBe("claude")
  })
})

test("the README's example profiles are good profiles", () => {
  const readme = readFileSync(join(import.meta.dir, "..", "..", "README.md"), "utf8")
  const section = readme.slice(readme.indexOf("### Agent profiles"), readme.indexOf("### Editors"))
  const examples = [...section.matchAll(/```markdown\n([\s\S]*?)```/g)].map((m) => m[1]!)
  expect(examples).toHaveLength(2)
  for (const text of examples) expect(errorsOf(parse(text))).toEqual([])
  expect(examples.map((t) => parse(t)).map((r) => r.ok && r.profile.kind)).toEqual(["pi", "acp"])
})
