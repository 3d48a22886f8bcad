// A mistake in how xagent was called: said on one line, exit code 2, nothing started.

export class UsageError extends Error {
  readonly exitCode = 2
}

export const HELP_HINT = "run 'xagent --help' for usage"

/** One line, whatever the message held: the first non-empty line, trimmed. */
export function oneLine(message: string): string {
  return (
    message
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? message.trim()
  )
}
