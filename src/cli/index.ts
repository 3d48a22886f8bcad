// The commander program: the root command (window or --print) and the subcommands. Parsing and
// checks stay cheap; the window, the session host and Pi load only once a command needs them.
import { Command, CommanderError } from "commander"
import { THINKING_LEVELS } from "../util/thinking"
import { collectNames } from "./bundled-switch"
import { asksRootHelp, mayNameSubcommand, registerCommands, SUBCOMMANDS } from "./commands"
import { takeExtensionFlags } from "./extension-flags"
import { expandPiAliases } from "./pi-aliases"
import { isPiCommand } from "./pi-command-names"
import { err, out, readPipedStdin } from "./io"
import { initialPrompts } from "./initial-message"
import { planRun, type RootFlags } from "./run-plan"
import { HELP_HINT, oneLine, UsageError } from "./usage-error"
import { VERSION } from "./version"

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value]

export function buildProgram(run: (flags: RootFlags, words: string[]) => Promise<number>): Command {
  const program = new Command("xagent")
  program
    .description("A terminal coding agent: a window over a persistent Pi session, in the current folder.")
    .usage("[options] [@files...] [messages...]")
    .argument(
      "[messages...]",
      "messages, each sent once the one before is answered; @file puts a file (text or image) into the first",
    )
    .option("-c, --continue", "continue the most recent session in this folder")
    .option("-r, --resume", "pick a saved session to resume (opens the session page)")
    .option("--session <path|id>", "open a session file, or a saved session by id (or id prefix)")
    .option("-m, --model <provider/id>", "model to use, e.g. anthropic/claude-sonnet-4-5")
    .option(
      "--agent <name|command>",
      "run the session on an external ACP agent instead of Pi: a name from 'xagent agents', or its command line",
    )
    .option("--provider <name>", "the provider of --model when it names only the model id (Pi's flag)")
    .option("--thinking <level>", `thinking level: ${THINKING_LEVELS.join("|")}`)
    .option(
      "-e, --extension <path>",
      "load a Pi extension: a file or a package source such as npm:pkg (repeatable)",
      collect,
    )
    .option(
      "-p, --print [prompt]",
      "no window: stream the reply to stdout, tool activity to stderr (piped stdin goes before the prompt)",
    )
    .option(
      "-w, --worktree [name]",
      "start in a managed git worktree of this repository: the named one, or a new one on branch xagent/<name>",
    )
    .option("--no-daemon", "keep the session in this process instead of the background daemon")
    .option("--rc", "remote control: continue this session from a phone (shows the pairing link and QR code)")
    .option(
      "--rc-listen <address>",
      "where remote control listens: host[:port] over HTTPS (default 127.0.0.1), or http://127.0.0.1:port",
    )
    .option("--rc-url <url>", "the https:// address of a tunnel you run in front of remote control: the link names it")
    // Pi's own flags, with Pi's meaning (`pi --help`)
    .option("--no-session", "keep the session in memory only: no session file is written")
    .option("-n, --name <name>", "the session's display name")
    .option("--system-prompt <text>", "the system prompt in place of Pi's coding-assistant prompt (text or a file)")
    .option(
      "--append-system-prompt <text>",
      "append text or a file's contents to the system prompt (repeatable)",
      collect,
    )
    .option(
      "-t, --tools <tools>",
      "comma-separated allowlist of tool names or patterns (*); +name/-name edit the defaults",
    )
    .option("--exclude-tools <tools>", "comma-separated denylist of tool names or patterns (also -xt)")
    .option("--no-tools", "start with no tools (also -nt)")
    .option("--no-builtin-tools", "start without the built-in tools, keeping extension tools (also -nbt)")
    .option("--no-extensions", "no extension discovery: only -e extensions load (also -ne)")
    .option("--skill <path>", "load a skill file or folder (repeatable)", collect)
    .option("--no-skills", "no skills discovery or loading (also -ns)")
    .option("--prompt-template <path>", "load a prompt template file or folder (repeatable)", collect)
    .option("--no-prompt-templates", "no prompt template discovery or loading (also -np)")
    .option("--no-context-files", "do not load AGENTS.md and CLAUDE.md (also -nc)")
    .option("--no-mcp", "no MCP: the servers of Pi's mcp.json files (and an editor's) do not connect")
    .option("--theme <path>", "load a Pi theme file or folder (repeatable)", collect)
    .option("--use-theme <name[/name]>", "the window's theme for this run, not saved (light/dark: by the terminal)")
    .option("--no-themes", "no theme discovery: only the built-in themes and --theme paths")
    .option("--offline", "no network at startup (as PI_OFFLINE=1)")
    .option("--api-key <key>", "API key for the run's model (--model or --models), kept in memory only")
    .option("--session-id <id>", "the folder's session with this id, created with that id when there is none")
    .option("--fork <path|id>", "fork a session (a file, an id or a prefix) into a new session in this folder")
    .option("--session-dir <dir>", "folder where sessions are stored and looked up (as PI_CODING_AGENT_SESSION_DIR)")
    .option("--models <patterns>", "comma-separated model patterns for cycling (Ctrl+P); globs and fuzzy ids")
    .option("-a, --approve", "trust the project's local files (.pi settings and resources) for this run")
    .option("--no-approve", "ignore the project's local files for this run (also -na)")
    .option("--verbose", "show the welcome even when Pi's quietStartup setting hides it")
    .option("--export <file>", "write a session file as HTML and exit (`--export <file> [output]`, Pi's own export)")
    .option("--list-models [search]", "list the models that can be used (fuzzy search optional), and exit")
    .option(
      "--inline",
      "draw below the shell prompt (the default): the conversation goes into the terminal's own scrollback",
    )
    .option("--fullscreen", "draw on the whole screen (the alternate screen); the conversation scrolls in the window")
    .option(
      "--mode <mode>",
      "Pi's output mode: text (default), json (as -p, Pi's message_end lines on stdout) or rpc (Pi's RPC protocol on stdin/stdout)",
    )
    .option("--tui-mode <mode>", "Pi's name for the two: regular (as --inline) or fullscreen")
    .option(
      "--no-bundled <name>",
      "switch off a bundled extension (extensions/<name>, e.g. ask-user) for this session (repeatable)",
      collectNames,
    )
    .option(
      "--dangerously-skip-sandbox",
      "run the agent's commands and file tools without the workspace sandbox, for this session only",
    )
    .version(VERSION, "-v, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    // Commander adds no `help` command to a program that has its own action.
    .helpCommand("help [command]", "show help for a command")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  xagent                              open the window in this folder",
        '  xagent "fix the failing test"       open it and send a first message',
        "  xagent -c                           continue where you left off",
        "  xagent -w feat                      work in the worktree 'feat' (branch xagent/feat)",
        '  git diff | xagent -p "review this"  answer on stdout, no window',
      ].join("\n"),
    )
    .exitOverride()
    // Through io's writes: a reader that went away (`| head`) ends the write instead of failing it.
    .configureOutput({ outputError: () => {}, writeOut: (s) => void out(s), writeErr: (s) => void err(s) })
    .action(async (words: string[], flags: RootFlags) => {
      process.exitCode = await run(flags, words)
    })
  return program
}

async function runRoot(flags: RootFlags, words: string[]): Promise<number> {
  const plan = planRun(flags, words, process.cwd())
  if (flags.agent !== undefined) {
    const { agentChoice } = await import("./agent-choice")
    plan.open.agent = await agentChoice(flags.agent, plan.cwd)
  }
  if (plan.command) {
    const { runPiCommand } = await import("./pi-commands")
    return runPiCommand(plan.command, plan.cwd, {
      extensions: plan.open.extensions,
      noExtensions: plan.open.pi?.noExtensions,
    })
  }
  // As in Pi, a run with no terminal prints its reply (stdin piped, or stdout going to a file).
  if (plan.mode === "window" && (!process.stdin.isTTY || !process.stdout.isTTY)) {
    if (plan.session.kind === "pick")
      throw new UsageError('the session page needs a terminal: use --continue or --session with xagent -p "prompt"')
    plan.mode = "print"
  }
  if (flags.worktree !== undefined && flags.worktree !== false) {
    const { enterForRun } = await import("./worktree-session")
    const name = typeof flags.worktree === "string" ? flags.worktree : undefined
    plan.cwd = plan.open.cwd = await enterForRun(plan.cwd, name, plan.mode === "window" && !!process.stdin.isTTY)
  }
  if (plan.mode === "rpc") {
    const { runRpc } = await import("./rpc-command")
    return runRpc(plan)
  }
  // Read before the session opens, as Pi does (a Pi run with stdin piped is a print run).
  const stdin = plan.mode === "print" ? await readPipedStdin() : undefined
  const prompts = initialPrompts(plan.messages, plan.files, stdin)
  if (plan.mode === "print") {
    if (!prompts.first) throw new UsageError('--print needs a prompt: xagent -p "your question", or pipe text into it')
    const { runPrint } = await import("./print-command")
    return runPrint(plan, prompts)
  }
  const { runWindow } = await import("./window-command")
  return runWindow(plan, prompts)
}

/**
 * `xagent install …` and Pi's other commands, as pi reads them: the first word names the command,
 * and every option after it is the command's (the root's `--model`, `--api-key`… would take them).
 */
async function runPiCommandLine(argv: string[]): Promise<number> {
  const { registerPiCommands } = await import("./pi-package-commands")
  const program = new Command("xagent")
    .exitOverride()
    .configureOutput({ outputError: () => {}, writeOut: (s) => void out(s), writeErr: (s) => void err(s) })
  program.helpOption("-h, --help", "show this help").helpCommand(false)
  registerPiCommands(program, argv)
  for (const c of program.commands) c.helpOption("-h, --help", "show this help")
  await program.parseAsync(argv, { from: "user" })
  return typeof process.exitCode === "number" ? process.exitCode : 0
}

/** Runs the CLI and returns the exit code: 0 done, 1 failed, 2 called wrongly. */
export async function runCli(argv: string[]): Promise<number> {
  let extensionFlags: RootFlags["extensionFlags"]
  const program = buildProgram((flags, words) => runRoot({ ...flags, extensionFlags }, words))
  try {
    if (!SUBCOMMANDS.includes(argv[0] ?? ""))
      ({ argv, flags: extensionFlags } = takeExtensionFlags(expandPiAliases(argv), program))
    if (isPiCommand(argv[0])) return await runPiCommandLine(expandPiAliases(argv))
    if (mayNameSubcommand(argv)) await registerCommands(program, argv)
    if (asksRootHelp(argv)) {
      const { extensionFlagsHelp } = await import("./extension-help")
      const text = extensionFlagsHelp(argv, process.cwd())
      if (text) program.addHelpText("after", text)
    }
    // Commander prints the whole help for `help <unknown>` and fails with an internal message.
    const asked = argv[0] === "help" ? argv[1] : undefined
    if (asked && !program.commands.some((c) => c.name() === asked))
      throw new UsageError(`unknown command '${asked}'; ${HELP_HINT}`)
    await program.parseAsync(argv, { from: "user" })
    return typeof process.exitCode === "number" ? process.exitCode : 0
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0
      // A command of subcommands named alone (`xagent mcp`): its help is out already, on stderr.
      if (e.code === "commander.help") return 2
      const message = e.message.replace(/^error:\s*/i, "").replace(/\s*\n\s*/g, " ")
      await err(`xagent: ${message}; ${HELP_HINT}\n`)
      return 2
    }
    if (e instanceof UsageError) {
      await err(`xagent: ${oneLine(e.message)}\n`)
      return 2
    }
    await err(`xagent: ${oneLine(e instanceof Error ? e.message : String(e))}\n`)
    return 1
  }
}
