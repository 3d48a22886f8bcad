// Turns parsed flags into what to run: which session, which mode, which model. All checks that
// need no session host happen here, so a bad call fails fast with exit 2 and starts nothing.
import { existsSync } from "node:fs"
import type { Params } from "../protocol"
import { isNamedExtension } from "../util/extension-source"
import { parseModelRef } from "../util/model-ref"
import { resolveFrom } from "../util/paths"
import { notASessionMessage } from "../util/session-file-check"
import { looksLikeSessionPath } from "../util/session-ref"
import { isThinkingLevel, THINKING_LEVELS } from "../util/thinking"
import { screenSetting, type ScreenSetting } from "../util/window-settings"
import { parseListen, parsePublicUrl } from "../util/remote-address"
import { switchedOff } from "./bundled-switch"
import { piOptions, type PiFlags } from "./pi-options"
import { UsageError } from "./usage-error"
import { isPiCommand } from "./pi-command-names"
import type { ThemeFlags } from "../tui/util/theme-files"

export interface RootFlags extends PiFlags {
  continue?: boolean
  resume?: boolean
  model?: string
  /** `--agent <name|command>`: an external ACP agent runs the session (resolved by agent-choice.ts). */
  agent?: string
  /** Pi's `--provider p --model id`: the same as `--model p/id`. */
  provider?: string
  thinking?: string
  extension?: string[]
  print?: string | boolean
  daemon?: boolean
  /** `--no-bundled <name>`: the names, or commander's `true` when none is given. */
  bundled?: string[] | boolean
  /** `--dangerously-skip-sandbox`: full access for the sessions this run opens (never saved). */
  dangerouslySkipSandbox?: boolean
  inline?: boolean
  fullscreen?: boolean
  /** `-w [name]`: a managed worktree's name, or true for a new one with a generated name. */
  worktree?: string | boolean
  /** Pi's `--mode text|json|rpc`: json is -p with JSON lines on stdout (print-json.ts). */
  mode?: string
  /** Pi's `--tui-mode regular|fullscreen`: --inline or --fullscreen. */
  tuiMode?: string
  /** Pi's `--theme <path>` (repeatable), `--use-theme <name[/name]>`, `--no-themes` (themes: false). */
  theme?: string[]
  useTheme?: string
  themes?: boolean
  /** Long options xagent does not know, for the session's extensions (see extension-flags.ts). */
  extensionFlags?: Params<"session.open">["flags"]
  /** Pi's `--fork <path|id>`: a copy of that session as a new one here. */
  fork?: string
  /** Pi's `--export <file> [output]`: the session file as HTML (the output is the first message). */
  export?: string
  /** Pi's `--list-models [search]`. */
  listModels?: string | boolean
  /** `--rc`: remote control of the session from its start; `--rc-listen <address>`, `--rc-url <url>` imply it. */
  rc?: boolean
  rcListen?: string
  rcUrl?: string
}

/** Runs of Pi's own code that need no session: they print and exit (pi-commands.ts). */
export type PiCommand = { kind: "export"; file: string; output?: string } | { kind: "listModels"; search?: string }

/** How the window draws when neither a flag nor the setting says (docs/adr-inline-mode.md). */
export const DEFAULT_SCREEN: ScreenSetting = "inline"

export type SessionChoice = Params<"session.open">["mode"] | { kind: "pick" }

export interface RunPlan {
  mode: "window" | "print" | "rpc"
  /** `--export`, `--list-models`: Pi's command instead of a session. */
  command?: PiCommand
  cwd: string
  session: SessionChoice
  /** session.open parameters other than the mode. */
  open: Omit<Params<"session.open">, "mode">
  /** Pi's messages: each is a prompt of its own, sent after the one before it is answered. */
  messages: string[]
  /** `@file` arguments, absolute: their contents go into the first message (initial-message.ts). */
  files: string[]
  /** False with --no-daemon: the session lives in this process. */
  daemon: boolean
  /** --inline / --fullscreen, else the setting, else DEFAULT_SCREEN. */
  screen: ScreenSetting
  /** What -p writes to stdout: the reply's text, or Pi's JSON lines (`--mode json`). */
  output: "text" | "json"
  /** The window's theme flags (the window reads Pi's theme files itself). */
  themes?: ThemeFlags
  /** `--rc` / `--rc-listen`: the window turns remote control on once its session is open. */
  remoteControl?: { listen?: string; publicUrl?: string }
}

export function planRun(flags: RootFlags, words: string[], cwd: string, env = process.env): RunPlan {
  // `-p` takes an optional value, so `-p hi there` gives it `hi`: it is the first message, as in
  // Pi, where -p takes none. Words starting with @ are files, the others messages, wherever they stand.
  const args = [...(typeof flags.print === "string" ? [flags.print] : []), ...words]
  const files = args.filter((a) => a.startsWith("@") && a.length > 1).map((a) => resolveFrom(cwd, a.slice(1)))
  const messages = args.filter((a) => !(a.startsWith("@") && a.length > 1))
  const command = piCommand(flags, messages)
  // `xagent -p list`, `xagent -c -- install x`: Pi's command words stand first or not at all; a
  // model must never get `install` as an instruction.
  if (!command && isPiCommand(messages[0]?.trim()))
    throw new UsageError(
      `'${messages[0]!.trim()}' is a command, not a message: run 'xagent ${messages[0]!.trim()} …' with the command first (see 'xagent ${messages[0]!.trim()} --help')`,
    )
  const chosen = [
    flags.continue && "--continue",
    flags.resume && "--resume",
    typeof flags.session === "string" && "--session",
  ].filter((f): f is string => Boolean(f))
  if (chosen.length > 1) throw new UsageError(`${chosen.join(" and ")} both pick a session: use only one of them`)

  if (flags.mode !== undefined && !["text", "json", "rpc"].includes(flags.mode))
    throw new UsageError(`--mode '${flags.mode}' is not a mode: use text, json or rpc`)
  if (flags.mode === "rpc" && files.length) throw new UsageError("@file arguments are not taken with --mode rpc")
  sessionFlagConflicts(flags, chosen)
  // As in Pi, --mode json needs no -p: it is a run without a window (and rpc one on stdin/stdout).
  const print = (flags.print !== undefined && flags.print !== false) || flags.mode === "json" || flags.mode === "rpc"
  if (print && flags.resume)
    throw new UsageError(
      "--resume opens the session page, which --print has no window for: use --continue or --session",
    )

  if (flags.agent !== undefined) agentConflicts(flags, chosen)
  const open: RunPlan["open"] = { cwd }
  if (flags.provider !== undefined) {
    if (flags.model === undefined) throw new UsageError("--provider names the provider of --model: give --model too")
    if (!flags.provider.trim() || flags.provider.includes("/"))
      throw new UsageError(`--provider '${flags.provider}' is not a provider name, such as anthropic`)
    flags = { ...flags, model: flags.model.includes("/") ? flags.model : `${flags.provider.trim()}/${flags.model}` }
  }
  if (flags.model !== undefined) {
    if (!parseModelRef(flags.model))
      throw new UsageError(`--model '${flags.model}' is not provider/id: write it like anthropic/claude-sonnet-4-5`)
    open.model = flags.model
  }
  if (flags.thinking !== undefined) {
    if (!isThinkingLevel(flags.thinking))
      throw new UsageError(`--thinking '${flags.thinking}' is not a level: use one of ${THINKING_LEVELS.join(", ")}`)
    open.thinking = flags.thinking
  }
  if (flags.extension?.length) open.extensions = flags.extension.map((e) => extensionPath(e, cwd))
  const off = switchedOff(flags.bundled, env)
  if (off.length) open.noBundled = off
  if (flags.dangerouslySkipSandbox) open.permissions = "full"
  if (flags.extensionFlags && Object.keys(flags.extensionFlags).length) open.flags = flags.extensionFlags
  const pi = piOptions(flags, cwd)
  if (pi) open.pi = pi
  // Pi reads PI_OFFLINE wherever it runs: the session host gets this process's environment.
  if (flags.offline) env.PI_OFFLINE = "1"

  if (open.pi?.apiKey && !open.model && !open.pi.models)
    throw new UsageError("--api-key is the key of the run's model: name it with --model (or --models)")

  const remoteControl =
    flags.rc || flags.rcListen !== undefined || flags.rcUrl !== undefined ? remoteChoice(flags, print) : undefined

  const session = sessionChoice(flags, cwd)
  if (!print && (messages.length || files.length) && flags.resume)
    throw new UsageError("--resume picks a session first, so it takes no prompt: type it in the window instead")

  return {
    mode: flags.mode === "rpc" ? "rpc" : print ? "print" : "window",
    command,
    cwd,
    session,
    open,
    messages,
    files,
    daemon: flags.daemon !== false,
    screen: print ? DEFAULT_SCREEN : screenChoice(flags, env),
    output: flags.mode === "json" ? "json" : "text",
    themes: themeFlags(flags, cwd),
    ...(remoteControl ? { remoteControl } : {}),
  }
}

/** `--rc` runs in the daemon, for a window: not with -p, --mode or --no-daemon. */
function remoteChoice(flags: RootFlags, print: boolean): { listen?: string; publicUrl?: string } {
  if (print)
    throw new UsageError("--rc is for a window: a phone continues the session the window shows (not with -p or --mode)")
  if (flags.daemon === false)
    throw new UsageError("--rc needs the daemon, which serves the phone's page: leave out --no-daemon")
  const out: { listen?: string; publicUrl?: string } = {}
  if (flags.rcUrl !== undefined) {
    const url = parsePublicUrl(flags.rcUrl)
    if ("error" in url) throw new UsageError(`--rc-url: ${url.error}`)
    out.publicUrl = url.origin
  }
  if (flags.rcListen === undefined) return out
  if (!flags.rcListen.trim()) throw new UsageError("--rc-listen needs an address, such as 0.0.0.0:8443")
  const listen = parseListen(flags.rcListen)
  if ("error" in listen) throw new UsageError(`--rc-listen: ${listen.error}`)
  return { ...out, listen: flags.rcListen.trim() }
}

function themeFlags(flags: RootFlags, cwd: string): ThemeFlags | undefined {
  if (flags.useTheme !== undefined && !flags.useTheme.trim()) throw new UsageError("--use-theme needs a theme name")
  const themes: ThemeFlags = {}
  if (flags.theme?.length) themes.paths = flags.theme.map((p) => resolveFrom(cwd, p))
  if (flags.useTheme) themes.useTheme = flags.useTheme.trim()
  if (flags.themes === false) themes.noThemes = true
  return Object.keys(themes).length ? themes : undefined
}

/** --inline / --fullscreen, else the setting, else the default (the root command and attach). */
export function screenChoice(
  flags: Pick<RootFlags, "inline" | "fullscreen" | "tuiMode">,
  env = process.env,
): ScreenSetting {
  if (flags.tuiMode !== undefined) {
    if (flags.tuiMode !== "regular" && flags.tuiMode !== "fullscreen")
      throw new UsageError(`--tui-mode '${flags.tuiMode}' is not a mode: use regular or fullscreen`)
    if (flags.inline || flags.fullscreen)
      throw new UsageError("--tui-mode and --inline/--fullscreen both pick the screen: use one")
    return flags.tuiMode === "regular" ? "inline" : "fullscreen"
  }
  if (flags.inline && flags.fullscreen) throw new UsageError("--inline and --fullscreen both pick the screen: use one")
  if (flags.inline) return "inline"
  if (flags.fullscreen) return "fullscreen"
  try {
    return screenSetting(env) ?? DEFAULT_SCREEN
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
}

/** An external agent's session is a new one, run by the agent's own model and settings. */
function agentConflicts(flags: RootFlags, chosen: string[]) {
  const with_ = [
    ...chosen,
    ...(flags.fork !== undefined ? ["--fork"] : []),
    ...(flags.sessionId !== undefined ? ["--session-id"] : []),
    ...(flags.model !== undefined ? ["--model"] : []),
    ...(flags.thinking !== undefined ? ["--thinking"] : []),
    ...(flags.mode === "rpc" ? ["--mode rpc"] : []),
  ]
  if (with_.length)
    throw new UsageError(
      `--agent runs a new session on the agent's own model and settings: ${with_.join(", ")} ${with_.length > 1 ? "are" : "is"} for Pi's sessions`,
    )
}

/** Pi's: --fork and --session-id each pick the session too (a fork may take a new id). */
function sessionFlagConflicts(flags: RootFlags, chosen: string[]) {
  if (flags.fork !== undefined) {
    if (!flags.fork.trim())
      throw new UsageError("--fork needs a session file or id: run 'xagent sessions' to list them")
    const with_ = [...chosen, ...(flags.session === false ? ["--no-session"] : [])]
    if (with_.length) throw new UsageError(`--fork and ${with_.join(", ")} both pick a session: use only one of them`)
  }
  if (flags.sessionId !== undefined && chosen.length)
    throw new UsageError(`--session-id and ${chosen.join(", ")} both pick a session: use only one of them`)
}

function piCommand(flags: RootFlags, messages: string[]): PiCommand | undefined {
  if (flags.export !== undefined) return { kind: "export", file: flags.export, output: messages[0] }
  if (flags.listModels !== undefined && flags.listModels !== false)
    return { kind: "listModels", search: typeof flags.listModels === "string" ? flags.listModels : undefined }
  return undefined
}

function sessionChoice(flags: RootFlags, cwd: string): SessionChoice {
  if (flags.fork !== undefined) return { kind: "fork", ref: forkRef(flags.fork.trim(), cwd) }
  if (flags.continue) return { kind: "continue" }
  if (flags.resume) return { kind: "pick" }
  if (typeof flags.session !== "string") return { kind: "new" }
  const ref = flags.session.trim()
  if (!ref) throw new UsageError("--session needs a session file or id: run 'xagent -r' to pick one")
  const path = resolveFrom(cwd, ref)
  // A bare name that is a file here is that file, not an id: `--session notes.txt` must be judged.
  if (!looksLikeSessionPath(ref) && !existsSync(path)) return { kind: "session", ref }
  if (!existsSync(path))
    throw new UsageError(`--session: no session file at ${path}: check the path, or run 'xagent -r' to pick one`)
  const refused = notASessionMessage(path)
  if (refused) throw new UsageError(`--session: ${refused}`)
  return { kind: "session", ref: path }
}

/** A path is made absolute (and must be a session file); an id or prefix goes to the host as it is. */
function forkRef(ref: string, cwd: string): string {
  if (!looksLikeSessionPath(ref)) return ref
  const path = resolveFrom(cwd, ref)
  if (!existsSync(path)) throw new UsageError(`--fork: no session file at ${path}: check the path`)
  const refused = notASessionMessage(path)
  if (refused) throw new UsageError(`--fork: ${refused}`)
  return path
}

// Pi also takes package sources (npm:, git:, URLs) and its built-ins by name (builtin:mcp); only
// local paths can be checked here.
function extensionPath(value: string, cwd: string): string {
  if (isNamedExtension(value)) return value.trim()
  const path = resolveFrom(cwd, value)
  if (!existsSync(path)) throw new UsageError(`--extension: no file at ${path}: check the path`)
  return path
}
