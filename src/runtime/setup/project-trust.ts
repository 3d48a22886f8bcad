// Project trust as Pi 1.6 resolves it (its main.ts and core/project-trust.ts, which Pi does not
// export): a folder's protected resources (.pi/settings.json, mcp.json, extensions, skills,
// prompts, themes, SYSTEM.md, APPEND_SYSTEM.md, .agents/skills) load only once trusted. In order:
// `--approve`/`--no-approve`; the `project_trust` handlers of the user's and the `-e` extensions
// (first yes/no wins); a decision saved in <agent dir>/trust.json for the folder or a parent;
// then `defaultProjectTrust`: "always", "never", or "ask", which asks the person where one can
// answer and declines where none can (print, json, rpc, an editor). docs/adr-project-trust.md.
import { realpathSync } from "node:fs"
import { dirname, resolve } from "node:path"
import {
  hasTrustRequiringProjectResources,
  ProjectTrustStore,
  SettingsManager,
  type ExtensionFactory,
  type ExtensionUIContext,
  type LoadExtensionsResult,
  type ProjectTrustContext,
  type ProjectTrustEventResult,
  type ProjectTrustUpdate,
} from "@earendil-works/pi-coding-agent"

export type TrustUi = Pick<ExtensionUIContext, "select" | "confirm" | "input" | "notify">

export interface TrustChoice {
  label: string
  trusted: boolean
  /** What goes into trust.json (nothing for a choice of this session only). */
  updates: ProjectTrustUpdate[]
}

const canonical = (p: string) => {
  try {
    return realpathSync(resolve(p))
  } catch {
    return resolve(p)
  }
}

/** Pi's choices (trust-manager.ts getProjectTrustOptions), with its labels. */
export function trustChoices(cwd: string, opts: { sessionOnly: boolean }): TrustChoice[] {
  const here = canonical(cwd)
  const parent = dirname(here) === here ? undefined : dirname(here)
  const out: TrustChoice[] = [{ label: "Trust", trusted: true, updates: [{ path: here, decision: true }] }]
  if (parent)
    out.push({
      label: `Trust parent folder (${parent})`,
      trusted: true,
      updates: [
        { path: parent, decision: true },
        { path: here, decision: null },
      ],
    })
  if (opts.sessionOnly) out.push({ label: "Trust (this session only)", trusted: true, updates: [] })
  out.push({ label: "Do not trust", trusted: false, updates: [{ path: here, decision: false }] })
  if (opts.sessionOnly) out.push({ label: "Do not trust (this session only)", trusted: false, updates: [] })
  return out
}

export const trustQuestion = (cwd: string) =>
  `Trust project folder?\n${cwd}\n\nThis allows xagent to load .pi settings and resources, install missing project packages, and execute project extensions.`

/** The one line a session of an untrusted project shows. */
export const UNTRUSTED_NOTICE =
  "This project is not trusted: its .pi extensions, settings, MCP servers, skills, prompts and themes were not loaded. /trust saves a decision for new sessions; --approve trusts it for one run."

export interface ProjectTrustOptions {
  agentDir: string
  /** `--approve` (true) or `--no-approve` (false): decides for the run, before anything else. */
  override?: boolean
  mode: ProjectTrustContext["mode"]
  /** The person's dialogs; undefined where nobody can answer (the built-in question then declines). */
  ui?: TrustUi
  /** Where a handler's notify goes when there is no person to ask. */
  notify(message: string, level: "info" | "warning" | "error"): void
}

/** One live session's trust: each folder is decided once, and kept for /new, /fork, /resume there. */
export class ProjectTrust {
  private readonly byCwd = new Map<string, boolean>()
  private readonly store: ProjectTrustStore
  /** Handlers that threw (Pi's warnings), for the factory's diagnostics. */
  readonly errors: string[] = []

  constructor(private readonly o: ProjectTrustOptions) {
    this.store = new ProjectTrustStore(o.agentDir)
  }

  /**
   * Whether the folder's settings may load now, and when its decision is still to be made, the
   * resource loader's hook that makes it once the user's and `-e` extensions are loaded.
   */
  forCwd(cwd: string): {
    projectTrusted: boolean
    reload?: { resolveProjectTrust(i: { extensionsResult: LoadExtensionsResult }): Promise<boolean> }
  } {
    const cached = this.byCwd.get(cwd)
    const protectedHere = hasTrustRequiringProjectResources(cwd)
    if (this.o.override === undefined && cached === undefined && protectedHere)
      return {
        projectTrusted: false,
        reload: { resolveProjectTrust: ({ extensionsResult }) => this.resolve(cwd, extensionsResult) },
      }
    const trusted = cached ?? this.o.override ?? this.store.get(cwd) ?? !protectedHere
    return { projectTrusted: trusted }
  }

  /** The folder has protected resources and they were left out. */
  skipped(cwd: string, trusted: boolean): boolean {
    return !trusted && hasTrustRequiringProjectResources(cwd)
  }

  private async resolve(cwd: string, extensions: LoadExtensionsResult): Promise<boolean> {
    const trusted = await this.decide(cwd, extensions)
    this.byCwd.set(cwd, trusted)
    return trusted
  }

  private async decide(cwd: string, extensions: LoadExtensionsResult): Promise<boolean> {
    const ctx = this.context(cwd)
    const decided = await this.fromHandlers(cwd, extensions, ctx)
    if (decided) {
      const trusted = decided.trusted === "yes"
      if (decided.remember === true) this.store.set(cwd, trusted)
      return trusted
    }
    const saved = this.store.get(cwd)
    if (saved !== null) return saved
    const fallback = SettingsManager.create(cwd, this.o.agentDir, { projectTrusted: false }).getDefaultProjectTrust()
    if (fallback === "always") return true
    if (fallback === "never" || !this.o.ui) return false
    const choices = trustChoices(cwd, { sessionOnly: true })
    const label = await this.o.ui.select(
      trustQuestion(cwd),
      choices.map((c) => c.label),
    )
    const chosen = choices.find((c) => c.label === label)
    if (!chosen) return false
    if (chosen.updates.length) this.store.setMany(chosen.updates)
    return chosen.trusted
  }

  /** Pi's emitProjectTrustEvent: the first handler that says yes or no decides. */
  private async fromHandlers(cwd: string, extensions: LoadExtensionsResult, ctx: ProjectTrustContext) {
    for (const ext of extensions.extensions)
      for (const handler of ext.handlers.get("project_trust") ?? []) {
        try {
          const r = (await handler({ type: "project_trust", cwd }, ctx)) as ProjectTrustEventResult
          if (r.trusted === "undecided") continue
          return r
        } catch (err) {
          this.errors.push(
            `Extension "${ext.path}" project_trust error: ${err instanceof Error ? err.message : String(err)}`,
          )
        }
      }
    return undefined
  }

  /** Pi's limited trust context: no session yet, only the four dialogs. */
  private context(cwd: string): ProjectTrustContext {
    const ui = this.o.ui
    return {
      cwd,
      mode: this.o.mode,
      hasUI: !!ui,
      ui: ui ?? {
        select: async () => undefined,
        confirm: async () => false,
        input: async () => undefined,
        notify: (message, type) => this.o.notify(message, type ?? "info"),
      },
    }
  }
}

const describeSaved = (cwd: string, saved: { path: string; decision: boolean } | null) => {
  if (!saved) return "none"
  const label = saved.decision ? "trusted" : "untrusted"
  return saved.path === canonical(cwd) ? `${label} (${saved.path})` : `${label} (inherited from ${saved.path})`
}

/** Pi's /trust: saves a decision in trust.json for the sessions opened from now on. */
export function trustCommand(agentDir: string): ExtensionFactory {
  return (pi) =>
    pi.registerCommand("trust", {
      description: "Save a project trust decision for the sessions opened in this folder from now on",
      handler: async (_args, ctx) => {
        const store = new ProjectTrustStore(agentDir)
        const choices = trustChoices(ctx.cwd, { sessionOnly: false })
        const title =
          `Project trust\n${ctx.cwd}\n\nSaved decision: ${describeSaved(ctx.cwd, store.getEntry(ctx.cwd))}\n` +
          `Current session: ${ctx.isProjectTrusted() ? "trusted" : "untrusted"}`
        const label = await ctx.ui.select(
          title,
          choices.map((c) => c.label),
        )
        const chosen = choices.find((c) => c.label === label)
        if (!chosen) return
        store.setMany(chosen.updates)
        ctx.ui.notify(
          `Saved trust decision: ${chosen.trusted ? "trusted" : "untrusted"}. It applies to the sessions opened in this folder from now on.`,
          "info",
        )
      },
    })
}
