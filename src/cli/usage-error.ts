// A mistake in how xagent was called: said on one line, exit code 2, nothing started.
import { terminalText } from "../common/terminal-text"

export class UsageError extends Error {
  readonly exitCode = 2
}

export const HELP_HINT = "run 'xagent --help' for usage"

/**
 * One line, whatever the message held: the first non-empty line, trimmed, without controls (a
 * message may name a session id, a folder or a file, which anyone may have written).
 */
export function oneLine(message: string): string {
  return (
    terminalText(message)
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? terminalText(message).trim()
  )
}
