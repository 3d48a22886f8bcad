// Pi extensions register their own flags (`pi.registerFlag`: `--plan`, `--preset fast`), known
// only once the session host has loaded them. So the root command takes every long option it
// does not know out of the command line by Pi's rule (`--name=value`, `--name value` when the next
// word is not an option or @file, else `--name` alone) and sends them along with session.open;
// the host checks them against the registered flags. A near miss of one of xagent's own options
// stays for commander, whose error suggests the right spelling.
import type { Command } from "commander"
import type { Params } from "../protocol"

export type FlagValues = NonNullable<Params<"session.open">["flags"]>

export function takeExtensionFlags(argv: string[], program: Command): { argv: string[]; flags: FlagValues } {
  // Commander keeps its help option apart from the others.
  const own = new Map<string, boolean>([
    ["--help", false],
    ["-h", false],
  ])
  for (const o of program.options) {
    const takesValue = o.required || o.optional
    if (o.long) own.set(o.long, takesValue)
    if (o.short) own.set(o.short, takesValue)
    // `--no-daemon` is commander's negation of `daemon`, which is no option of its own
    if (o.negate && o.long) own.set(o.long, takesValue)
  }
  const kept: string[] = []
  const flags: FlagValues = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === "--") {
      kept.push(...argv.slice(i))
      break
    }
    const name = arg.startsWith("--") ? arg.slice(2).split("=")[0]! : undefined
    if (!arg.startsWith("-") || !name || own.has(`--${name}`) || nearMiss(name, own)) {
      kept.push(arg)
      // An own option's value is a word of its own, never a flag to take.
      const flag = arg.includes("=") ? undefined : own.get(arg)
      if (flag && i + 1 < argv.length && !argv[i + 1]!.startsWith("-")) kept.push(argv[++i]!)
      continue
    }
    const eq = arg.indexOf("=")
    if (eq !== -1) flags[name] = arg.slice(eq + 1)
    else {
      const next = argv[i + 1]
      if (next !== undefined && !next.startsWith("-") && !next.startsWith("@")) {
        flags[name] = next
        i++
      } else flags[name] = true
    }
  }
  return { argv: kept, flags }
}

/** Within two edits of an option of xagent's own (`--modle`): a typo, not an extension's flag. */
function nearMiss(name: string, own: Map<string, boolean>): boolean {
  if (name.length < 4) return false
  for (const o of own.keys()) if (o.startsWith("--") && editDistance(name, o.slice(2)) <= 2) return true
  return false
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]!
}
