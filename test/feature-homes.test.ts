// One home per bundled feature: the src files outside extensions/<name>/ that name a feature are
// its slot registrations only (src/tui/features.ts), and, while a feature is still being moved onto
// the slots, the files listed here with what holds them. The lists only shrink: a listed file that
// no longer names the feature fails too, so a move that frees one is written down.
import { expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve } from "node:path"

const ROOT = resolve(import.meta.dir, "..")
const REGISTRATION = "src/tui/features.ts"

interface Home {
  /** How src names the feature: its identifiers, files and command. */
  names: RegExp
  /** Files outside its folder that may name it, beside the registration: why each still does. */
  outside: Record<string, string>
}

const ACP = "an editor over ACP maps it (src/acp may import no extension)"
const HELP = "the /help list of keys names Shift+Tab and the plan card's Alt-keys"
const WIRE = "ask_user's request kind and its answers on the wire (windows, ACP and --mode rpc answer it)"

const HOMES: Record<string, Home> = {
  goal: { names: /\bgoal/i, outside: {} },
  todo: {
    names: /\btodo/i,
    outside: {
      "src/common/todo.ts": "todo_write's details: read by plan mode's panel and by ACP too",
      "src/common/permission.ts": "todo_write needs no approval in a gated session",
      "src/acp/command-answers.ts": ACP,
      "src/acp/tool-call-updates.ts": ACP,
      "src/acp/tool-rows.ts": ACP,
      "src/acp/turn-map.ts": ACP,
      "src/runtime/agent/agent-updates.ts": "an external ACP agent's plan is drawn as the todo card (its shape)",
      "src/agents/subagent-builtins.ts":
        "the general subagent profile offers todo_write (the child keeps a list of its own)",
    },
  },
  "computer-use": {
    names: /computer/i,
    outside: {
      "src/common/computer-use.ts": "its tools' and status segment's names, shared with the window's rows",
    },
  },
  plan: {
    names:
      /\bplan[ -]mode|\/plan\b|\bPLAN_|plan-?card|plan-?view|plan-?panel|submit_plan|protocol\/plan|extensions\/plan|\bplanning/i,
    outside: {
      "src/common/plan.ts": "its tool's name: an editor over ACP sees submit_plan as a mode switch",
      "src/common/bundled.ts": "the read-only scope plan mode asks for",
      "src/protocol/transcript.ts": "the read-only scope plan mode asks for",
      "src/runtime/extensions/bundled-host.ts": "the read-only scope plan mode asks for",
      "src/common/permission.ts": "submit_plan needs no approval; plan mode's approvals",
      "src/runtime/patches/extension-sends.ts":
        "a command's run started by pi.sendMessage (/plan implement's) keeps its prompt open",
      "src/runtime/patches/xagent-identity.ts": "rewrites the prompt plan mode forces for its run",
      "src/runtime/sandbox/policy.ts": "the read-only scope plan mode asks for",
      "src/runtime/sandbox/session-sandbox.ts": "the read-only scope plan mode asks for",
      "src/runtime/session/session-wiring.ts": "orders its hook after the bundled extensions for plan mode",
      "src/acp/acp-session.ts": ACP,
      "src/acp/agent.ts": ACP,
      "src/acp/command-answers.ts": ACP,
      "src/acp/dialogs.ts": ACP,
      "src/acp/prompt-turn.ts": ACP,
      "src/acp/session-config.ts": ACP,
      "src/acp/tool-rows.ts": ACP,
      "src/acp/turn-map.ts": ACP,
      "src/tui/keys/help-list.ts": HELP,
      "src/tui/keys/own-keys.ts": HELP,
      "src/tui/routes/session/ui-requests.tsx": "a gated tool call's dialog names plan mode's approvals",
      "src/tui/util/permission-lines.ts": "says the session is read-only in plan mode",
      "src/agents/subagent-builtins.ts": "the built-in subagent profile named plan, not plan mode",
    },
  },
  "ask-user": {
    names: /ask[_-]?user|askuser|question-dock|ask-dock/i,
    outside: {
      "src/protocol/ask-user.ts": WIRE,
      "src/protocol/index.ts": "exports protocol/ask-user.ts",
      "src/protocol/schemas.ts": WIRE,
      "src/protocol/ui.ts": WIRE,
      "src/common/bundled.ts": "a bundled extension's dialogs include ask_user's kind",
      "src/common/permission.ts": "ask_user needs no approval in a gated session",
      "src/runtime/extensions/bundled-host.ts": "a bundled extension's dialogs include ask_user's kind",
      "src/runtime/extensions/ui-bridge.ts": "the host checks an answer against its request's kind",
      "src/runtime/methods/prompt-methods.ts": "the host checks an answer against its request's kind",
      "src/runtime/hosting/rpc-entry.ts": "--mode rpc has no window to answer the dock",
      "src/cli/index.ts": "--no-bundled's help names it as the example",
      "src/acp/ask-form.ts": ACP,
      "src/acp/dialogs.ts": ACP,
      "src/common/ask-form-fields.ts": "ask_user's questions as an ACP form's fields, both directions",
      "src/runtime/agent/agent-elicitation.ts": "an ACP agent's forms are asked as ask_user questions in the dock",
      "src/agents/subagent-builtins.ts": "the built-in subagent profiles that may ask the person (their tool lists)",
    },
  },
}

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = join(dir, name)
    if (statSync(join(ROOT, rel)).isDirectory()) return files(rel)
    return /\.tsx?$/.test(name) ? [relative(ROOT, join(ROOT, rel))] : []
  })
}

const SRC = files("src").map((f) => ({ file: f, text: readFileSync(join(ROOT, f), "utf8") }))

/** The src files that name the feature, outside its registration. */
function naming(home: Home): string[] {
  return SRC.filter((f) => f.file !== REGISTRATION && home.names.test(f.text))
    .map((f) => f.file)
    .sort()
}

test.each(Object.keys(HOMES))("%s: the src files that name it are its registration and the listed ones", (name) => {
  const home = HOMES[name]!
  expect(naming(home)).toEqual(Object.keys(home.outside).sort())
})

test("every bundled feature with a window part is registered, and the registration names each", () => {
  const registration = readFileSync(join(ROOT, REGISTRATION), "utf8")
  const withWindow = readdirSync(join(ROOT, "extensions")).filter((n) => {
    try {
      return statSync(join(ROOT, "extensions", n, "window")).isDirectory()
    } catch {
      return false
    }
  })
  expect(withWindow.length).toBeGreaterThan(0)
  for (const n of withWindow) expect(registration).toContain(`extensions/${n}/window`)
})
