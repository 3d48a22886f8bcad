// Pi packages from the npm registry, pinned, installed once the way a Pi user installs them
// (`xagent install npm:<name>@<version>`, which runs Pi's own package manager) into a cached agent
// dir that every scenario's sandbox links to. A second run reuses the cache: the suite pays the
// downloads once per machine, not once per test.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeSandbox, XAGENT_BIN } from "../../fixture/mockllm"

/** The corpus: each package at the version it was judged at (see packages.ts for the verdicts). */
export const CORPUS = [
  "pi-aliases@1.0.7",
  "pi-sync-system-theme@0.2.5",
  "pi-system-theme@0.5.0",
  "pi-prompt-template-model@0.12.2",
  "pi-mermaid@0.3.0",
  "pi-markdown-preview@0.16.0",
  "pi-web-access@0.28.0",
  "@aliou/pi-processes@0.12.0",
  "pi-mcp-adapter@2.36.0",
  "pi-subagents@0.67.0",
  "@baochunli/pi-collaborating-agents@0.4.6",
  "@agentuity/pi@2.0.21",
  // Not extensions: Pi's ecosystem around it, on the files and the program pi is (ecosystem.test.ts).
  "@ccusage/pi@18.0.11",
  "@psg2/pi-transcript@2.2.1",
  "pi-acp@0.0.34",
] as const

export type Pinned = (typeof CORPUS)[number]

/** `name@version` → the package name. */
export const nameOf = (p: string) => p.slice(0, p.lastIndexOf("@"))

const CACHE = join(
  tmpdir(),
  `xagent-pi-corpus-${createHash("sha256").update(CORPUS.join("\n")).digest("hex").slice(0, 12)}`,
)

/** The cached npm folder (Pi's `<agent dir>/npm`), or why there is none. */
export type Corpus = { npmDir: string } | { skipped: string }

let once: Promise<Corpus> | undefined

async function registryReachable(): Promise<boolean> {
  try {
    const res = await fetch("https://registry.npmjs.org/pi-aliases/1.0.7", { signal: AbortSignal.timeout(10_000) })
    return res.ok
  } catch {
    return false
  }
}

/** Installs the corpus unless the cache has it; several test files share one install. */
export function corpus(): Promise<Corpus> {
  once ??= install()
  return once
}

async function install(): Promise<Corpus> {
  const npmDir = join(CACHE, "npm")
  if (existsSync(join(CACHE, "complete"))) return { npmDir }
  if (!(await registryReachable()))
    return { skipped: "the npm registry is unreachable, so the corpus cannot be installed" }
  // Installed into a fresh agent dir, then moved in place whole: a run cut short leaves no half cache.
  const box = makeSandbox()
  try {
    const { PI_OFFLINE: _, ...env } = box.env
    for (const p of CORPUS) {
      const r = spawnSync(XAGENT_BIN, ["install", `npm:${p}`], {
        cwd: box.cwd,
        env,
        encoding: "utf8",
        timeout: 600_000,
      })
      if (r.status !== 0) throw new Error(`xagent install npm:${p} failed (${r.status}):\n${r.stdout}\n${r.stderr}`)
    }
    const installed = JSON.parse(readFileSync(join(box.agentDir, "settings.json"), "utf8")).packages as string[]
    if (installed.length !== CORPUS.length) throw new Error(`settings.json lists ${installed.join(", ")}`)
    const staging = mkdtempSync(`${CACHE}-staging-`)
    renameSync(join(box.agentDir, "npm"), join(staging, "npm"))
    writeFileSync(join(staging, "complete"), CORPUS.join("\n") + "\n")
    // Another run on this machine may have put its whole cache in place meanwhile, and its tests
    // may be reading it: that one stays and this copy goes (replacing it pulled files from under
    // them). Only a half cache, which no test uses, is replaced.
    const complete = join(CACHE, "complete")
    try {
      if (!existsSync(complete)) {
        rmSync(CACHE, { recursive: true, force: true })
        mkdirSync(join(CACHE, ".."), { recursive: true })
        renameSync(staging, CACHE)
      }
    } catch (err) {
      if (!existsSync(complete)) throw err
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
    return { npmDir }
  } finally {
    box.cleanup()
  }
}
