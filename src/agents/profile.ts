// One agent profile file: `name`, `description`, `color`, and either Pi's settings (`model`,
// `thinking`, `tools`, `skills`; the body is added to the system prompt) or an external ACP agent
// (`acp`: its program, `args`, `env`). Checked against a TypeBox schema; every mistake is reported
// with its file and line, and a file with any mistake yields no profile at all: a half-read profile
// could run an agent with other tools or another model than its author wrote.
import { Type, type Static, type TSchema } from "typebox"
import { Compile, type Validator } from "typebox/compile"
import { FrontmatterError, parseFrontmatter, type FrontEntry } from "./frontmatter"

/** Where a profile comes from, weakest first: a later source's profile of the same name wins. */
export const PROFILE_SOURCES = ["built-in", "user", "project"] as const
export type ProfileSource = (typeof PROFILE_SOURCES)[number]

export const PROFILE_NAME = /^[a-z0-9-]+$/
/** Terminal colour names a window can draw in any theme, or a `#rrggbb`. */
export const PROFILE_COLORS = [
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "gray",
  "orange",
  "purple",
  "pink",
]
const THINKING = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const

// No control characters in what may reach a command line or a terminal title.
const Plain = (extra: object = {}) => Type.String({ minLength: 1, pattern: "^[^\\u0000-\\u001f\\u007f]+$", ...extra })
const Word = Type.String({ minLength: 1, pattern: "^[^\\s\\u0000-\\u001f\\u007f]+$" })

const Common = {
  name: Type.String({ pattern: PROFILE_NAME.source, maxLength: 64 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  color: Type.Optional(
    Type.Union([...PROFILE_COLORS.map((c) => Type.Literal(c)), Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })]),
  ),
}

export const PiProfileKeys = Type.Object(
  {
    ...Common,
    /** `provider/id` or a pattern Pi's `--model` takes. */
    model: Type.Optional(Word),
    thinking: Type.Optional(Type.Union(THINKING.map((t) => Type.Literal(t)))),
    /** Tool names as Pi's `--tools` takes them. */
    tools: Type.Optional(Type.Array(Word)),
    /** Skill names or paths. */
    skills: Type.Optional(Type.Array(Plain())),
  },
  { additionalProperties: false },
)

export const AcpProfileKeys = Type.Object(
  {
    ...Common,
    /** The program (a name looked up on PATH, or a path): never a shell line. */
    acp: Plain({ maxLength: 4096 }),
    args: Type.Optional(Type.Array(Type.String({ pattern: "^[^\\u0000]*$" }))),
    env: Type.Optional(
      Type.Record(Type.String({ pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }), Type.String(), { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
)

export type PiProfileKeys = Static<typeof PiProfileKeys>
export type AcpProfileKeys = Static<typeof AcpProfileKeys>

interface ProfileBase {
  name: string
  description: string
  color?: string
  source: ProfileSource
  /** Absolute path of the file; none for a built-in. */
  file?: string
}

export interface PiProfile extends ProfileBase {
  kind: "pi"
  model?: string
  thinking?: (typeof THINKING)[number]
  tools?: string[]
  skills?: string[]
  /** The body: added to the system prompt. */
  prompt: string
}

export interface AcpProfile extends ProfileBase {
  kind: "acp"
  command: string
  args: string[]
  env: Record<string, string>
}

export type AgentProfile = PiProfile | AcpProfile

export interface ProfileError {
  line: number
  message: string
}

export type ParsedProfile =
  | { ok: true; profile: AgentProfile }
  /** `name`: what the file calls itself when that could be read, else its file name's stem. */
  | { ok: false; name: string; errors: ProfileError[] }

const PI_ONLY = ["model", "thinking", "tools", "skills"]
const ACP_ONLY = ["acp", "args", "env"]
const KNOWN = ["name", "description", "color", ...PI_ONLY, ...ACP_ONLY]
const LISTS = ["tools", "skills", "args"]

/** What each key must hold, said when it does not. */
const WANT: Record<string, string> = {
  name: "lowercase letters, digits and '-' (as in code-reviewer), at most 64",
  description: "one string, at most 1000 characters",
  color: `one of ${PROFILE_COLORS.join(", ")}, or #rrggbb`,
  model: "one model, as 'provider/id' (no spaces)",
  thinking: `one of ${THINKING.join(", ")}`,
  tools: "a list of tool names (no spaces)",
  skills: "a list of skill names or paths",
  acp: "the agent's program: a name on PATH or a path (its arguments go in 'args')",
  args: "a list of strings",
  env: "a map of NAME: value lines (NAME of letters, digits and '_')",
}

const validators = new Map<string, Validator>()
/** One key's own check, so that every wrong key is named (a whole object's errors stop at the first). */
function keyValidator(kind: "pi" | "acp", key: string): Validator {
  const id = `${kind}.${key}`
  let v = validators.get(id)
  if (!v) {
    const props = (kind === "acp" ? AcpProfileKeys : PiProfileKeys).properties as Record<string, TSchema>
    validators.set(id, (v = Compile(props[key]!)))
  }
  return v
}
let whole: { pi: Validator; acp: Validator } | undefined

/** Reads one profile file's text. `file` is its absolute path; its stem is the name when none is set. */
export function parseProfile(text: string, file: string, source: ProfileSource): ParsedProfile {
  const stem = file.replace(/^.*\//, "").replace(/\.md$/, "")
  let front
  try {
    front = parseFrontmatter(text)
  } catch (e) {
    if (e instanceof FrontmatterError) return { ok: false, name: stem, errors: [{ line: e.line, message: e.message }] }
    throw e
  }
  const byKey = new Map(front.entries.map((e) => [e.key, e]))
  const named = byKey.get("name")?.value
  const name = typeof named === "string" && named !== "" ? named : stem
  const errors: ProfileError[] = []

  for (const e of front.entries)
    if (!KNOWN.includes(e.key))
      errors.push({ line: e.line, message: `unknown key '${e.key}' (known: ${KNOWN.join(", ")})` })
  const acp = byKey.get("acp")
  const pi = front.entries.filter((e) => PI_ONLY.includes(e.key))
  if (acp)
    for (const e of pi)
      errors.push({
        line: e.line,
        message: `'${e.key}' is a Pi setting, but 'acp' (line ${acp.line}) makes this an external agent: a profile is one or the other`,
      })
  else
    for (const e of front.entries.filter((e) => e.key === "args" || e.key === "env"))
      errors.push({ line: e.line, message: `'${e.key}' belongs to an external agent, and this profile has no 'acp'` })
  const body = front.body.trim()
  if (acp && body) {
    const offset = front.body.split("\n").findIndex((l) => l.trim() !== "")
    errors.push({
      line: front.bodyLine + offset,
      message: "an external agent takes no system prompt: the body of an 'acp' profile must be empty",
    })
  }

  // Each kind's own keys only: a key of the other kind is reported above, once.
  const own = acp ? ["name", "description", "color", ...ACP_ONLY] : ["name", "description", "color", ...PI_ONLY]
  const keys: Record<string, unknown> = { name: byKey.has("name") ? named : stem }
  for (const e of front.entries) if (own.includes(e.key) && e.key !== "name") keys[e.key] = shaped(e)
  if (!byKey.has("name") && !PROFILE_NAME.test(stem))
    errors.push({ line: 1, message: `no 'name', and the file's name is not one: ${WANT.name}` })
  else {
    const kind = acp ? "acp" : "pi"
    for (const [key, v] of Object.entries(keys))
      if (!keyValidator(kind, key).Check(v))
        errors.push({ line: byKey.get(key)?.line ?? 1, message: `'${key}' must be ${WANT[key]}` })
    // The whole object too: what the keys one by one cannot see (a required key missing).
    whole ??= { pi: Compile(PiProfileKeys as TSchema), acp: Compile(AcpProfileKeys as TSchema) }
    if (!errors.length && !whole[kind].Check(keys))
      errors.push({ line: 1, message: "the frontmatter does not fit a profile" })
  }
  if (errors.length) return { ok: false, name, errors: errors.sort((a, b) => a.line - b.line) }

  const base = {
    name,
    description: (keys.description as string | undefined)?.trim() ?? "",
    ...(keys.color ? { color: keys.color as string } : {}),
    source,
    file,
  }
  if (acp)
    return {
      ok: true,
      profile: {
        ...base,
        kind: "acp",
        command: keys.acp as string,
        args: (keys.args as string[] | undefined) ?? [],
        env: (keys.env as Record<string, string> | undefined) ?? {},
      },
    }
  const k = keys as Partial<PiProfileKeys>
  return {
    ok: true,
    profile: {
      ...base,
      kind: "pi",
      ...(k.model ? { model: k.model } : {}),
      ...(k.thinking ? { thinking: k.thinking } : {}),
      ...(k.tools ? { tools: k.tools } : {}),
      ...(k.skills ? { skills: k.skills } : {}),
      prompt: body,
    },
  }
}

/** A list key also takes one comma-separated string (`tools: read, grep`), as Claude Code's files write it. */
function shaped(e: FrontEntry): unknown {
  if (LISTS.includes(e.key) && typeof e.value === "string" && e.key !== "args")
    return e.value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
  return e.value
}
