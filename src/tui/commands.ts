// The window's own slash commands. Each names the action it runs; the actions themselves (which
// open dialogs and pages) live with the session page. Aliases share one entry, and /help lists
// canonical names only.
import type { CommandInfo, Method, SessionInfo } from "../protocol"
import type { PaletteEntry } from "./component/palette/palette-entry"

export type ExportFormat = "html" | "markdown" | "jsonl"

/**
 * `/export`'s arguments: Pi's `/export [path]` (HTML, or JSONL for a `.jsonl` path; xagent's
 * Markdown for `.md`, where Pi would write HTML under that name), or xagent's `/export html|md [path]`.
 * A path may be quoted; unquoted, the rest of the line is the path (spaces and all).
 */
export function exportArgs(args: string): { format: ExportFormat; path?: string } {
  const text = args.trim()
  const named = /^(html|md|markdown)(?:\s+([\s\S]*))?$/i.exec(text)
  const format = named?.[1]?.toLowerCase()
  const rest = (named ? (named[2] ?? "") : text).trim()
  const quoted = /^(["'])(.*)\1$/.exec(rest)
  const path = quoted ? quoted[2]! : rest
  if (format) return { format: format === "html" ? "html" : "markdown", ...(path ? { path } : {}) }
  if (!path) return { format: "html" }
  const lower = path.toLowerCase()
  const byName = lower.endsWith(".jsonl") ? "jsonl" : /\.(md|markdown)$/.test(lower) ? "markdown" : "html"
  return { format: byName, path }
}

/** What `/copy` takes: the last reply, one of its code blocks (1-based; the last without a number), everything, or the /btw answer. */
export type CopyTarget = { kind: "reply" } | { kind: "code"; n?: number } | { kind: "all" } | { kind: "side" }

export interface CommandActions {
  help(): void
  newSession(): void
  openSessions(): void
  openTree(): void
  openWorktrees(): void
  openPackages(): void
  openDoctor(): void
  /** /rc: `off` ends it; otherwise starts it (on `args`: a listen address and a tunnel's URL, if given) and shows its page. */
  remoteControl(args: string): void
  openFollowUp(): void
  openContext(tab: "runs" | "usage" | "growth"): void
  fork(): void
  pickModel(query: string): void
  setThinking(level: string): void
  compact(instructions: string): void
  rename(name: string): void
  /** A side question: a tool-free answer in a dock, the conversation left as it is. */
  btw(question: string): void
  copy(target: CopyTarget): void
  usage(): void
  exportSession(format: ExportFormat, path?: string): void
  login(provider: string): void
  settings(): void
  hotkeys(): void
  /** No name: the list to pick from; a name: switch to it and save it (Pi's `theme` setting). */
  theme(name: string): void
  reload(): void
  /** The workspace's git diff (with untracked files) and this session's edit and write calls. */
  diff(): void | Promise<void>
  /** Ask the model to write (or improve) AGENTS.md; `extra`: what the person adds to the ask. */
  init(extra: string): void
  /** Ctrl+P / Shift+Ctrl+P */
  cycleModel(direction: "forward" | "backward"): void
  /** `sandboxed` or `full` for this session; empty: what the sandbox allows, and a picker. */
  permissions(mode: string): void
  quit(): void
  /** A command failed before it ran (bad arguments). */
  refuse(message: string): void
}

export interface CommandSpec {
  name: string
  aliases?: string[]
  args?: string
  description: string
  /**
   * The session's requests it cannot work without: on a session that serves only some (an
   * external ACP agent's, `SessionInfo.engine`), it is greyed with the reason and never sent.
   */
  needs?: Method[]
  run(actions: CommandActions, args: string): void
}

export const COMMANDS: CommandSpec[] = [
  { name: "help", description: "Commands and keys", run: (a) => a.help() },
  {
    name: "new",
    needs: ["session.new"],
    aliases: ["clear"],
    description: "Start a new session",
    run: (a) => a.newSession(),
  },
  {
    name: "session",
    aliases: ["resume"],
    description: "Open a saved session",
    run: (a) => a.openSessions(),
  },
  {
    name: "tree",
    needs: ["session.tree", "session.navigate"],
    description: "Move to another point in this session's branches",
    run: (a) => a.openTree(),
  },
  {
    name: "worktree",
    aliases: ["worktrees"],
    description: "Managed git worktrees: make, switch, hand off, remove, restore",
    run: (a) => a.openWorktrees(),
  },
  {
    name: "packages",
    needs: ["packages.list"],
    aliases: ["plugins"],
    description: "Pi packages and what each brings: install, remove, update, turn resources on or off",
    run: (a) => a.openPackages(),
  },
  {
    name: "doctor",
    needs: ["session.doctor"],
    description: "Check that xagent can work here: model and key, sandbox, git, daemon, Pi's files, terminal",
    run: (a) => a.openDoctor(),
  },
  {
    name: "remote-control",
    aliases: ["rc"],
    args: "[off | listen-address [public-url]]",
    description: "Continue this session from a phone or another device: pairing link and QR code, devices",
    run: (a, args) => a.remoteControl(args),
  },
  {
    name: "follow-up",
    needs: ["session.dequeue"],
    description: "The messages queued behind the reply: edit one, send the next now, or remove one",
    run: (a) => a.openFollowUp(),
  },
  {
    name: "context",
    needs: ["session.context"],
    args: "[usage|growth]",
    description: "What each run was set up with and what fills the context window; growth: each request's size",
    run: (a, args) => {
      const tab = args.trim()
      if (tab === "") return a.openContext("runs")
      if (tab === "usage" || tab === "growth") return a.openContext(tab)
      a.refuse(`Unknown /context "${args}": use /context, /context usage or /context growth`)
    },
  },
  {
    name: "fork",
    needs: ["session.forkPoints", "session.fork"],
    description: "Start a new session from an earlier message",
    run: (a) => a.fork(),
  },
  {
    name: "model",
    needs: ["session.models"],
    args: "[name]",
    description: "Choose the model",
    run: (a, args) => a.pickModel(args),
  },
  {
    name: "thinking",
    needs: ["session.setThinking"],
    args: "[level]",
    description: "Set the thinking level (off, minimal, low, medium, high, xhigh, max)",
    run: (a, args) => a.setThinking(args),
  },
  {
    name: "compact",
    needs: ["session.compact"],
    args: "[instructions]",
    description: "Summarise the conversation to free context",
    run: (a, args) => a.compact(args),
  },
  {
    name: "name",
    needs: ["session.setName"],
    args: "[name]",
    description: "Name this session",
    run: (a, args) => a.rename(args),
  },
  {
    name: "btw",
    needs: ["session.btw"],
    aliases: ["side"],
    args: "<question>",
    description: "A side question: answered without tools, beside the conversation, which it leaves as it is",
    run: (a, args) => a.btw(args),
  },
  {
    name: "copy",
    args: "[code [n]|all]",
    description: "Copy the last reply, one of its code blocks, or the whole conversation",
    run: (a, args) => {
      const [what = "", n, ...rest] = args.split(/\s+/).filter(Boolean)
      if (what === "" && n === undefined) return a.copy({ kind: "reply" })
      if (what === "all" && n === undefined) return a.copy({ kind: "all" })
      if (what === "btw" && n === undefined) return a.copy({ kind: "side" })
      if (what === "code" && rest.length === 0) {
        if (n === undefined) return a.copy({ kind: "code" })
        if (/^[1-9]\d*$/.test(n)) return a.copy({ kind: "code", n: Number(n) })
        return a.refuse(`/copy code takes a block number (1 for the first), not "${n}"`)
      }
      a.refuse(`Unknown /copy "${args}": use /copy, /copy code [n], /copy all or /copy btw`)
    },
  },
  {
    name: "usage",
    needs: ["session.usage"],
    aliases: ["cost"],
    description: "Tokens and cost by model, for this session and today",
    run: (a) => a.usage(),
  },
  {
    name: "export",
    needs: ["session.export"],
    args: "[path|html [path]|md [path]]",
    description: "Export the session: HTML, Markdown for a .md path, JSONL for a .jsonl one",
    run: (a, args) => {
      const { format, path } = exportArgs(args)
      a.exportSession(format, path)
    },
  },
  {
    name: "login",
    needs: ["auth.login"],
    args: "[provider]",
    description: "Sign in: a subscription (browser) or an API key",
    run: (a, args) => a.login(args),
  },
  {
    name: "settings",
    needs: ["settings.list", "settings.set"],
    description: "Pi's settings: Enter changes one",
    run: (a) => a.settings(),
  },
  { name: "hotkeys", description: "Every key the window binds", run: (a) => a.hotkeys() },
  {
    name: "theme",
    args: "[name]",
    description: "Choose the colour theme (Pi's themes; saved as Pi's theme setting)",
    run: (a, args) => a.theme(args.trim()),
  },
  {
    name: "reload",
    needs: ["session.reload"],
    description: "Reload extensions, skills, prompt templates and settings",
    run: (a) => a.reload(),
  },
  {
    name: "diff",
    needs: ["session.diff"],
    description: "What changed: the workspace's git diff, and the agent's edits and writes this session",
    run: (a) => a.diff(),
  },
  {
    name: "init",
    needs: ["session.prompt"],
    args: "[focus]",
    description: "Have the agent study the repository and write (or improve) AGENTS.md",
    run: (a, args) => a.init(args),
  },
  {
    name: "permissions",
    needs: ["session.setPermissions"],
    args: "[sandboxed|full]",
    description: "What the sandbox allows; sandbox the agent's commands (sandboxed) or not (full) in this session",
    run: (a, args) => a.permissions(args),
  },
  { name: "quit", aliases: ["exit"], description: "Leave xagent", run: (a) => a.quit() },
]

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name) ?? COMMANDS.find((c) => c.aliases?.includes(name))
}

/** Runs a built-in command; false when `name` is not one. */
export function runCommand(actions: CommandActions, name: string, args: string): boolean {
  const spec = findCommand(name)
  if (!spec) return false
  spec.run(actions, args.trim())
  return true
}

/**
 * Names Pi's own window keeps for its built-in commands: an extension's command of one of these
 * names is left out there, so xagent's alias of that name keeps it too.
 */
const PI_BUILTIN_NAMES = new Set(["resume"])

/**
 * What the `/` palette offers: built-ins first, then the session's own commands. A session command
 * named like one of xagent's aliases that Pi does not have (`/clear`, `/exit`) takes the name, as it
 * would in Pi, where no built-in holds it; xagent's command keeps its canonical name.
 */
/** Why `spec` cannot run on a session of `engine`; undefined when it can (always, on a Pi session). */
export function commandUnavailable(spec: CommandSpec, engine: SessionInfo["engine"]): string | undefined {
  if (!engine || !spec.needs?.some((m) => !engine.offers.includes(m))) return undefined
  return `not on ${engine.agent}: ACP gives xagent no way to ask that agent for it`
}

export function paletteEntries(
  session: readonly CommandInfo[],
  /** The features' page commands (`/subagents`): built-ins of the window, after its own. */
  features: readonly { name: string; description: string }[] = [],
  /** An external ACP agent's session: the built-ins it cannot serve are greyed, listed last. */
  engine?: SessionInfo["engine"],
): PaletteEntry[] {
  const sessionNames = new Set(session.map((c) => c.name))
  const yields = (alias: string) => sessionNames.has(alias) && !PI_BUILTIN_NAMES.has(alias)
  const all: PaletteEntry[] = COMMANDS.map((c): PaletteEntry => {
    const aliases = c.aliases?.filter((a) => !yields(a))
    const unavailable = commandUnavailable(c, engine)
    return {
      name: c.name,
      ...(aliases?.length ? { aliases } : {}),
      description: c.args ? `${c.args} · ${c.description}` : c.description,
      source: "builtin",
      ...(unavailable ? { unavailable } : {}),
    }
  })
  const greyed = all.filter((c) => c.unavailable)
  const builtins = all
    .filter((c) => !c.unavailable)
    .concat(
      // A feature's page command is the window's, not Pi's: a package's command of that name (a
      // package's own /agents) takes it, as it would in Pi, and the page stays in the palette no more.
      features
        .filter((f) => !yields(f.name))
        .map((f) => ({ name: f.name, description: f.description, source: "builtin" as const })),
    )
  const taken = new Set([...builtins, ...greyed].flatMap((c) => [c.name, ...(c.aliases ?? [])]))
  return [...builtins, ...session.filter((c) => !taken.has(c.name)).map(sessionEntry), ...greyed]
}

/**
 * A session command as the palette lists it. An extension's command also answers to
 * `<owner>:<name>` (an alias, so typing the owner finds its commands); one whose name another
 * owner shares is listed by that owned form only, and says so to the bare name's readers.
 */
function sessionEntry(c: CommandInfo): PaletteEntry {
  const { shared, ...entry } = c
  if (!c.owner) return entry
  if (shared) return { ...entry, shared: c.name.slice(c.owner.length + 1) }
  // An owner named as its command (reload-runtime.ts's /reload-runtime) would only repeat the name.
  const owner = c.owner === c.name ? undefined : c.owner
  return {
    ...entry,
    aliases: [`${c.owner}:${c.name}`],
    description: owner && c.description ? `${owner} · ${c.description}` : (owner ?? c.description),
  }
}
