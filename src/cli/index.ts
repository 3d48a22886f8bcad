// The commander program: the root command (window or --print) and the subcommands. Parsing and
// checks stay cheap; the window, the session host and Pi load only once a command needs them.
import { Command, CommanderError } from "commander"
import { THINKING_LEVELS } from "../util/thinking"
import { collectNames } from "./bundled-switch"
import { mayNameSubcommand, registerCommands, SUBCOMMANDS } from "./commands"
import { takeExtensionFlags } from "./extension-flags"
import { err, out, readPipedStdin } from "./io"
import { planRun, withStdin, type RootFlags } from "./run-plan"
import { HELP_HINT, oneLine, UsageError } from "./usage-error"
import { VERSION } from "./version"

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value]

export function buildProgram(run: (flags: RootFlags, words: string[]) => Promise<number>): Command {
  const program = new Command("xagent")
  program
    .description("A terminal coding agent: a window over a persistent Pi session, in the current folder.")
    .usage("[options] [prompt]")
    .argument("[prompt...]", "first message, sent as soon as the session is ready")
    .option("-c, --continue", "continue the most recent session in this folder")
    .option("-r, --resume", "pick a saved session to resume (opens the session page)")
    .option("--session <path|id>", "open a session file, or a saved session by id (or id prefix)")
    .option("-m, --model <provider/id>", "model to use, e.g. anthropic/claude-sonnet-4-5")
    .option("--thinking <level>", `thinking level: ${THINKING_LEVELS.join("|")}`)
    .option(
      "-e, --extension <path>",
      "load a Pi extension: a file or a package source such as npm:pkg (repeatable)",
      collect,
    )
    .option(
      "-p, --print [prompt]",
      "no window: stream the reply to stdout, tool activity to stderr (piped stdin is appended)",
    )
    .option("--no-daemon", "keep the session in this process instead of the background daemon")
    .option("--inline", "draw below the shell prompt: the conversation goes into the terminal's own scrollback")
    .option("--fullscreen", "draw on the whole screen (the alternate screen); the conversation scrolls in the window")
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
  if (plan.mode === "print") {
    const prompt = withStdin(plan.prompt, await readPipedStdin())
    if (!prompt) throw new UsageError('--print needs a prompt: xagent -p "your question", or pipe text into it')
    const { runPrint } = await import("./print-command")
    return runPrint({ ...plan, prompt })
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError('the window needs a terminal: use xagent -p "prompt" to run without one')
  const { runWindow } = await import("./window-command")
  return runWindow(plan)
}

/** Runs the CLI and returns the exit code: 0 done, 1 failed, 2 called wrongly. */
export async function runCli(argv: string[]): Promise<number> {
  let extensionFlags: RootFlags["extensionFlags"]
  const program = buildProgram((flags, words) => runRoot({ ...flags, extensionFlags }, words))
  try {
    if (!SUBCOMMANDS.includes(argv[0] ?? "")) ({ argv, flags: extensionFlags } = takeExtensionFlags(argv, program))
    if (mayNameSubcommand(argv)) await registerCommands(program)
    // Commander prints the whole help for `help <unknown>` and fails with an internal message.
    const asked = argv[0] === "help" ? argv[1] : undefined
    if (asked && !program.commands.some((c) => c.name() === asked))
      throw new UsageError(`unknown command '${asked}'; ${HELP_HINT}`)
    await program.parseAsync(argv, { from: "user" })
    return typeof process.exitCode === "number" ? process.exitCode : 0
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0
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
