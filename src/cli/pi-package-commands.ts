// Pi's own commands: `xagent install|remove|uninstall|update|list` with Pi's package manager (run
// by src/runtime/packages/package-entry.ts in a child process, so this one never loads Pi), and
// `xagent config|auth|mcp` by Pi's CLI itself in a child process, on the same agent dir and project
// .pi/ as pi. Commander gives each its --help; the words are never a message to the model.
import { fileURLToPath } from "node:url"
import type { Command } from "commander"
import { PACKAGE_REQUEST_ENV, type PackageRequest } from "../protocol/package-command"
import { runOnTerminal, runSanitized } from "./child-output"
import { piCliPath } from "./pi-commands"
import { updateTarget, type UpdateFlags } from "./pi-update-target"

const PACKAGE_ENTRY = fileURLToPath(new URL("../runtime/packages/package-entry.ts", import.meta.url))

interface TrustFlags {
  local?: boolean
  approve?: boolean
}

const APPROVE = "trust the project's local files for this command"
const NO_APPROVE = "ignore the project's local files for this command (also -na)"
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value]

async function runPackage(req: PackageRequest): Promise<void> {
  process.exitCode = await runSanitized([process.execPath, PACKAGE_ENTRY], {
    cwd: process.cwd(),
    env: { ...process.env, [PACKAGE_REQUEST_ENV]: JSON.stringify(req) },
    // Pi's trust question, for a project with .pi/ files and no decision yet, needs the terminal.
    stdin: process.stdin.isTTY ? "inherit" : "ignore",
  })
}

/** Pi's CLI with the words from the command's name on, exactly as typed (Pi parses them again). */
async function runPi(argv: string[], name: string, onTerminal: boolean): Promise<void> {
  const words = argv.slice(Math.max(0, argv.indexOf(name)))
  const cmd = [process.execPath, piCliPath(), ...words]
  const opts = { cwd: process.cwd(), env: process.env }
  const tty = !!process.stdin.isTTY && !!process.stdout.isTTY
  process.exitCode =
    onTerminal && tty
      ? await runOnTerminal(cmd, opts)
      : await runSanitized(cmd, { ...opts, stdin: process.stdin.isTTY ? "inherit" : "ignore" })
}

/** Adds the commands to `program`; `argv` is the command line, for the ones Pi's CLI runs. */
export function registerPiCommands(program: Command, argv: string[]): void {
  const trust = (c: Command) => c.option("-a, --approve", APPROVE).option("--no-approve", NO_APPROVE)
  // The root command has -a/--no-approve too, and commander gives them to it wherever they stand.
  const opts = <T>(c: Command) => c.optsWithGlobals() as T

  for (const [name, verb] of [
    ["install", "Install a Pi package and add it to settings"],
    ["remove", "Remove a Pi package and its source from settings"],
  ] as const) {
    const c = program
      .command(name)
      .description(`${verb} (Pi's ${name}; the agent dir's settings.json, or .pi/settings.json with -l)`)
      .argument("<source>", "npm:@scope/pkg[@version], git:host/user/repo[@ref], an https:// or ssh:// git URL, a path")
      .option("-l, --local", `${name === "install" ? "install" : "remove"} project-locally (.pi/settings.json)`)
    if (name === "remove") c.alias("uninstall")
    trust(c).action(async (source: string, _o: unknown, cmd: Command) => {
      const f = opts<TrustFlags>(cmd)
      await runPackage({ command: name, source, local: !!f.local, approve: f.approve })
    })
  }

  trust(
    program
      .command("update")
      .description("Update installed Pi packages or model catalogs (xagent itself: the way it was installed)")
      .argument("[source]", "one package to update (self or pi: xagent itself, which it does not do)")
      .option("--self", "update pi itself (the default with no target; xagent leaves it to its installer)")
      .option("--extensions", "update installed packages only")
      .option("--models", "refresh model catalogs only")
      .option("--all", "update pi and installed packages")
      .option("--extension <source>", "update one package only"),
  ).action(async (source: string | undefined, _o: unknown, cmd: Command) => {
    const f = opts<UpdateFlags & TrustFlags>(cmd)
    await runPackage({ command: "update", ...updateTarget(source, f), approve: f.approve })
  })

  trust(program.command("list").description("List installed Pi packages from user and project settings")).action(
    async (_o: unknown, cmd: Command) => {
      await runPackage({ command: "list", approve: opts<TrustFlags>(cmd).approve })
    },
  )

  trust(
    program
      .command("config")
      .description("Pi's page to enable or disable package resources (Tab switches user and project)")
      .option("-l, --local", "edit the project's overrides (.pi/settings.json)"),
  ).action(() => runPi(argv, "config", true))

  registerAuth(program, argv)
  registerMcp(program, argv)
}

function registerAuth(program: Command, argv: string[]): void {
  const auth = program
    .command("auth")
    .description("Sign in to or out of model providers, print their credentials, check them (Pi's auth)")
  const credential = (c: Command) =>
    c.option("--provider <provider>", "a provider's credentials").option("--model <model>", "a model's credentials")
  auth
    .command("login")
    .description("sign in with an account in the browser, or save an API key")
    .argument("<provider>")
    .option("--api-key", "save an API key instead of signing in with an account")
    .option("--no-browser", "do not open a browser; use another sign-in method, e.g. device code")
    .action(() => runPi(argv, "auth", true))
  auth
    .command("logout")
    .description("remove the stored credentials; environment variables and models.json stay")
    .argument("<provider>")
    .action(() => runPi(argv, "auth", false))
  credential(auth.command("print-api-key").description("print the resolved API key")).action(() =>
    runPi(argv, "auth", false),
  )
  credential(auth.command("print-bearer-token").description("print a resolved OAuth bearer token"))
    .option("--min-expiry <duration>", "minimum remaining token lifetime, e.g. 30m or 1h")
    .action(() => runPi(argv, "auth", false))
  credential(auth.command("check").description("print ready, not_ready or invalid; exit with 0, 1 or 2"))
    .option("--json", "print the result as JSON")
    .option("--credentials", "print the credential, or include it in the JSON")
    .option("--no-refresh", "do not refresh expired OAuth credentials")
    .action(() => runPi(argv, "auth", false))
}

function registerMcp(program: Command, argv: string[]): void {
  const mcp = program
    .command("mcp")
    .description("Configure and check MCP servers (Pi's mcp.json files) and sign in to them")
  const local = (c: Command) => c.option("-l, --local", "use .pi/mcp.json in this project instead of the global file")
  local(
    mcp
      .command("add")
      .description("add or replace a server in mcp.json: `add <server> [options] -- <command> [args...]`")
      .argument("<server>")
      .argument("[command...]", "a stdio server's command and arguments, after --"),
  )
    .option("--url <url>", "a Streamable HTTP server's URL (instead of a command)")
    .option("--env <KEY=VALUE>", "environment variable for a stdio server (repeatable)", collect)
    .option("--cwd <dir>", "working directory for a stdio server")
    .option("--header <KEY=VALUE>", "HTTP header (repeatable)", collect)
    .option("--bearer-token-env-var <NAME>", 'send "Authorization: Bearer ${NAME}"')
    .option("--oauth-client-id <id>", "pre-registered OAuth client id")
    .option("--oauth-client-secret <secret>", "OAuth client secret (may be ${NAME} or !command)")
    .option("--oauth-callback-port <port>", "fixed OAuth callback port")
    .option("--oauth-client-name <name>", "client name sent when registering with the OAuth server")
    .option("--oauth-client-registration <mode>", "auto (default), cimd, or dcr")
    .option("--exposure <mode>", "codemode (default), deferred, direct, or hidden")
    .option("--description <text>", "what the server offers, shown in the system prompt")
    .action(() => runPi(argv, "mcp", false))
  local(mcp.command("remove").description("remove a server from mcp.json").argument("<server>")).action(() =>
    runPi(argv, "mcp", false),
  )
  mcp
    .command("list")
    .description("show each server's state, tools and errors (exits 1 on a failure)")
    .option("--json", "print the list as JSON")
    .action(() => runPi(argv, "mcp", false))
  local(mcp.command("login").description("sign in through the browser").argument("<server>"))
    .option("--timeout <seconds>", "time limit for the whole sign-in (default: 300)")
    .action(() => runPi(argv, "mcp", true))
  local(mcp.command("logout").description("delete the stored OAuth credentials").argument("<server>")).action(() =>
    runPi(argv, "mcp", false),
  )
}
