// Extension flags (`pi.registerFlag`): the command line's unknown `--name [value]` pairs reach the
// host, which alone knows the flags once the session's extensions have loaded. A flag no
// extension registers fails the open as a bad call, as `pi` exits on it, instead of being dropped.
import type { LoadExtensionsResult } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type Params } from "../../protocol/index"

export type FlagValues = NonNullable<Params<"session.open">["flags"]>

/**
 * Sets the values the extensions read with `pi.getFlag()`; returns warnings for values that a
 * flag could not use. Throws a bad_request ProtocolError for flags no extension registers.
 */
export function applyExtensionFlags(loaded: LoadExtensionsResult, values: FlagValues): string[] {
  const registered = new Map<string, "boolean" | "string">()
  for (const ext of loaded.extensions) for (const [name, flag] of ext.flags) registered.set(name, flag.type)
  const known = [...registered.keys()].map((n) => `--${n}`)
  const unknown = Object.keys(values).filter((name) => !registered.has(name))
  if (unknown.length)
    throw new ProtocolError(
      "bad_request",
      `unknown option${unknown.length === 1 ? "" : "s"} ${unknown.map((n) => `'--${n}'`).join(", ")}: ` +
        (known.length
          ? `neither xagent nor a loaded extension takes it (extension flags: ${known.join(", ")})`
          : "neither xagent nor a loaded extension takes it (load the extension that registers it with -e)"),
    )
  const warnings: string[] = []
  for (const [name, value] of Object.entries(values)) {
    if (registered.get(name) === "boolean") {
      loaded.runtime.flagValues.set(name, value !== false && value !== "false")
      // Pi takes the word after an unknown flag as its value; for an on/off flag that word is lost.
      if (typeof value === "string" && value !== "true" && value !== "false")
        warnings.push(
          `--${name} is an on/off flag, so the word after it ('${value}') was not used: put it before the flag, or after --`,
        )
    } else if (typeof value === "string") loaded.runtime.flagValues.set(name, value)
    else
      throw new ProtocolError("bad_request", `option '--${name}' argument missing (the extension flag takes a value)`)
  }
  return warnings
}

export interface ListedFlag {
  name: string
  type: "boolean" | "string"
  description?: string
  extensionPath: string
}

/**
 * The flags the extensions of `cwd` register (its project's and the agent dir's, plus `paths`), as
 * `pi --help` lists them; loading errors are left to the session, which reports them.
 */
export async function listExtensionFlags(opts: {
  cwd: string
  paths: string[]
  noExtensions: boolean
}): Promise<ListedFlag[]> {
  const { DefaultResourceLoader, getAgentDir } = await import("@earendil-works/pi-coding-agent")
  const loader = new DefaultResourceLoader({
    cwd: opts.cwd,
    agentDir: getAgentDir(),
    additionalExtensionPaths: opts.paths,
    noExtensions: opts.noExtensions,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
  })
  await loader.reload()
  return loader.getExtensions().extensions.flatMap((ext) =>
    [...ext.flags.values()].map((f) => ({
      name: f.name,
      type: f.type,
      ...(f.description ? { description: f.description } : {}),
      extensionPath: f.extensionPath,
    })),
  )
}
