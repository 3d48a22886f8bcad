// Timestamped lines on stderr; a daemon started in the background has stderr on logs/daemon.log.
import type { Logger } from "./connection"

export function stderrLogger(): Logger {
  const line = (level: string, msg: string) => process.stderr.write(`${new Date().toISOString()} ${level} ${msg}\n`)
  return {
    info: (m) => line("info", m),
    warn: (m) => line("warn", m),
    error: (m) => line("error", m),
  }
}
