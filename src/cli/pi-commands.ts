// Pi's `--export` and `--list-models` need no session: Pi's own CLI runs them in a child process
// (the same Pi the session hosts run, the same agent dir and environment), so the HTML and the
// table are Pi's exactly. This process never loads Pi: it only finds Pi's entry file.
import { dirname, join } from "node:path"
import type { PiCommand } from "./run-plan"

/** Pi's command-line entry (its package's `bin`), found beside its main module. */
export function piCliPath(): string {
  const main = Bun.resolveSync("@earendil-works/pi-coding-agent", import.meta.dir)
  return join(dirname(main), "bundle", "cli.js")
}

export function piCommandArgs(command: PiCommand, extensions: string[] = [], noExtensions = false): string[] {
  if (command.kind === "export") return ["--export", command.file, ...(command.output ? [command.output] : [])]
  const resources = [...extensions.flatMap((e) => ["-e", e]), ...(noExtensions ? ["--no-extensions"] : [])]
  return ["--list-models", ...(command.search ? [command.search] : []), ...resources]
}

export async function runPiCommand(
  command: PiCommand,
  cwd: string,
  opts: { extensions?: string[]; noExtensions?: boolean } = {},
): Promise<number> {
  const proc = Bun.spawn(
    [process.execPath, piCliPath(), ...piCommandArgs(command, opts.extensions, opts.noExtensions)],
    {
      cwd,
      env: process.env,
      stdin: "ignore",
      stdout: "inherit",
      stderr: "inherit",
    },
  )
  return proc.exited
}
