// The slot for bundled extensions: each session gets every extensions/<name>/index.ts (or those of
// the folder given instead, see util/bundled-dir.ts) that its window did not switch off, as Pi
// extension factories (`extensionFactories`), called with Pi's ExtensionAPI and the session's
// BundledHost. See docs/adr-bundled-extensions.md.
import type { ExtensionAPI, ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { BundledHost } from "../../common/bundled"
import { bundledEntry, bundledNames } from "../../util/bundled-dir"
import { errorText } from "../../util/error-text"

export type BundledFactory = (pi: ExtensionAPI, host: BundledHost) => void | Promise<void>

export interface BundledExtension {
  name: string
  factory: BundledFactory
}

export interface BundledChoice {
  use: BundledExtension[]
  /** Names switched off that no folder holds, and extensions that could not be imported (the others load regardless). */
  warnings: string[]
}

export interface BundledSlot {
  /** The extensions for one session, without those named in `off` (which are never imported). */
  choose(off: readonly string[]): Promise<BundledChoice>
}

/** Imports each extension when a session first uses it, once per host. */
export function createBundledSlot(dir: string): BundledSlot {
  const imported = new Map<string, Promise<BundledExtension | string>>()
  return {
    async choose(off) {
      const names = bundledNames(dir)
      const warnings = [...new Set(off)]
        .filter((name) => !names.includes(name))
        .map(
          (name) =>
            `No bundled extension is named "${name}", so switching it off does nothing; bundled: ${names.join(", ") || "none"}`,
        )
      const use: BundledExtension[] = []
      for (const name of names.filter((n) => !off.includes(n))) {
        let loading = imported.get(name)
        if (!loading) imported.set(name, (loading = importBundled(dir, name)))
        const got = await loading
        if (typeof got === "string") warnings.push(got)
        else use.push(got)
      }
      return { use, warnings }
    },
  }
}

async function importBundled(dir: string, name: string): Promise<BundledExtension | string> {
  const entry = bundledEntry(dir, name)
  try {
    const mod = (await import(entry)) as { default?: unknown }
    if (typeof mod.default === "function") return { name, factory: mod.default as BundledFactory }
    return `Bundled extension "${name}" was not loaded: ${entry} has no default export function`
  } catch (err) {
    return `Bundled extension "${name}" was not loaded: ${errorText(err)}`
  }
}

/** Pi's factories for one session; a throw names the extension (Pi alone would say "<inline:N>"). */
export function bundledFactories(
  use: readonly BundledExtension[],
  hostOf: (name: string) => BundledHost,
): ExtensionFactory[] {
  return use.map(({ name, factory }) => async (pi: ExtensionAPI) => {
    try {
      await factory(pi, hostOf(name))
    } catch (err) {
      throw new Error(`bundled extension "${name}": ${errorText(err)}`)
    }
  })
}
