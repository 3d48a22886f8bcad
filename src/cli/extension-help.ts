// `xagent --help` with extensions loaded lists their flags, as `pi --help` does ("Extension CLI
// Flags:"). The extensions are the ones the session would load (-e paths, the project's and the
// agent dir's, unless --no-extensions); a runtime process loads them (flag-help-process.ts).
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { isNamedExtension } from "../util/extension-source"
import { resolveFrom } from "../util/paths"
import { piAgentDir } from "../util/pi-keybindings"

const ENTRY = fileURLToPath(new URL("../daemon/flag-help-process.ts", import.meta.url))

interface ListedFlag {
  name: string
  type: "boolean" | "string"
  description?: string
  extensionPath: string
}

/** The -e paths and --no-extensions of a command line (Pi's aliases already expanded). */
export function extensionArgs(argv: string[], cwd: string): { paths: string[]; noExtensions: boolean } {
  const paths: string[] = []
  let noExtensions = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === "--") break
    if (a === "--no-extensions") noExtensions = true
    else if ((a === "-e" || a === "--extension") && argv[i + 1] !== undefined) paths.push(argv[++i]!)
    else if (a.startsWith("--extension=")) paths.push(a.slice("--extension=".length))
  }
  return { paths: paths.map((p) => (isNamedExtension(p) ? p.trim() : resolveFrom(cwd, p))), noExtensions }
}

/** The help's section for the extensions' flags; "" when none registers one (or they cannot load). */
export function extensionFlagsHelp(argv: string[], cwd: string): string {
  const { paths, noExtensions } = extensionArgs(argv, cwd)
  if (!paths.length && (noExtensions || !mayHaveExtensions(cwd))) return ""
  const run = spawnSync(process.execPath, [ENTRY, JSON.stringify({ cwd, paths, noExtensions })], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
  const last = run.stdout?.trim().split("\n").pop()
  let flags: ListedFlag[] = []
  try {
    flags = last ? (JSON.parse(last) as ListedFlag[]) : []
  } catch {
    return ""
  }
  if (!Array.isArray(flags) || !flags.length) return ""
  const rows = flags.map((f) => {
    const value = f.type === "string" ? " <value>" : ""
    return `  --${f.name}${value}`.padEnd(30) + (f.description ?? `Registered by ${f.extensionPath}`)
  })
  return ["", "Extension CLI Flags:", ...rows].join("\n")
}

/**
 * Whether Pi would find extensions here without -e: the project's or the agent dir's extensions
 * folder, or settings that name extensions or packages. Without any, --help needs no runtime process.
 */
function mayHaveExtensions(cwd: string): boolean {
  const dirs = [join(cwd, ".pi"), piAgentDir()]
  return dirs.some((d) => existsSync(join(d, "extensions")) || settingsNameExtensions(join(d, "settings.json")))
}

function settingsNameExtensions(path: string): boolean {
  try {
    const s = JSON.parse(readFileSync(path, "utf8")) as { extensions?: unknown[]; packages?: unknown[] }
    return !!(s.extensions?.length || s.packages?.length)
  } catch {
    return false
  }
}
