// Timestamped lines on stderr; a daemon started in the background has stderr on logs/daemon.log,
// shared with its session hosts. That file rotates by size while the daemon runs (a flood of
// refused requests wrote 23 MB in 2 s): copied to daemon.log.1 (the older .1 to .2) and truncated
// in place, so every process holding it open (the hosts too) goes on writing to daemon.log.
import { copyFileSync, fstatSync, ftruncateSync, renameSync, statSync } from "node:fs"
import type { Logger } from "./connection"

/** The file is looked at again after this many bytes of our own lines. */
const CHECK_EVERY = 16 * 1024

export function stderrLogger(opts: { file?: string; maxBytes?: number } = {}): Logger {
  let sinceCheck = 0
  const rotate = () => {
    sinceCheck = 0
    const { file, maxBytes } = opts
    if (!file || !maxBytes) return
    try {
      const fd = fstatSync(2)
      // only when stderr is that file (not a terminal, a pipe or another file)
      const on = statSync(file)
      if (fd.ino !== on.ino || fd.dev !== on.dev || fd.size < maxBytes) return
      try {
        renameSync(`${file}.1`, `${file}.2`)
      } catch {}
      copyFileSync(file, `${file}.1`)
      ftruncateSync(2, 0)
    } catch {
      // a log that cannot rotate still logs
    }
  }
  const line = (level: string, msg: string) => {
    const text = `${new Date().toISOString()} ${level} ${msg}\n`
    process.stderr.write(text)
    sinceCheck += text.length
    if (sinceCheck >= Math.min(CHECK_EVERY, opts.maxBytes ?? CHECK_EVERY)) rotate()
  }
  return {
    info: (m) => line("info", m),
    warn: (m) => line("warn", m),
    error: (m) => line("error", m),
  }
}
