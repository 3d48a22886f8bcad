// The factory Pi's AgentSessionRuntime calls for the first session and again on /new, /fork and
// /session: cwd-bound services over the host's shared auth and models, the person's resources,
// and what xagent adds (its bundled extensions, see bundled-slot.ts).
import type { Api, Model } from "@earendil-works/pi-ai"
import {
  createAgentSessionFromServices,
  createAgentSessionServices,
  resolveModelScopeWithDiagnostics,
  SettingsManager,
  type CreateAgentSessionRuntimeFactory,
  type InlineExtension,
  type ModelRuntime,
  type ToolDefinition,
} from "@earendil-works/pi-coding-agent"
import type { Params, ThinkingLevel } from "../../protocol/index"
import { applyExtensionFlags, type FlagValues } from "../extensions/extension-flags"
import { preparePiThemes } from "../extensions/host-theme"
import { installBuiltinSource, piBuiltinStandIn } from "../patches/builtin-source"
import type { ProjectTrust } from "../setup/project-trust"
import type { ShellSettings } from "../sandbox/pi-tools"

export interface FactoryInputs {
  modelRuntime: ModelRuntime
  extensionFactories: InlineExtension[]
  extensionPaths: string[]
  /** Tools that take the place of Pi's own of the same name (the sandboxed bash, write, edit). */
  tools(cwd: string, shell: ShellSettings): ToolDefinition[]
  /** A model/thinking for this one session (open, /new); undefined lets Pi restore or default. */
  takeNext(): { model?: Model<Api>; thinking?: ThinkingLevel }
  /** Extension flags from the command line (`--plan`, `--preset fast`), for every conversation. */
  flags?: FlagValues
  /** Pi's own run options from the command line (`--tools`, `--system-prompt`…), for every conversation. */
  pi?: PiOptions
  /** The session's project trust (project-trust.ts): decided before the folder's resources load. */
  trust: ProjectTrust
  /** The folder's protected resources were left out of the runtime just built. */
  onUntrusted?(cwd: string): void
}

export type PiOptions = NonNullable<Params<"session.open">["pi"]>

/** The tools xagent puts in the place of Pi's built-in ones (see sandbox/pi-tools.ts). */
const REPLACED_BUILTINS = ["read", "bash", "edit", "write"]

export function runtimeFactory(i: FactoryInputs): CreateAgentSessionRuntimeFactory {
  installBuiltinSource()
  const pi = i.pi ?? {}
  // xagent's own read/bash/edit/write are custom tools to Pi: `--no-builtin-tools` must leave them out too.
  const excludeTools = pi.noTools === "builtin" ? [...(pi.excludeTools ?? []), ...REPLACED_BUILTINS] : pi.excludeTools
  return async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
    const trust = i.trust.forCwd(cwd)
    const services = await createAgentSessionServices({
      cwd,
      agentDir,
      modelRuntime: i.modelRuntime,
      settingsManager: SettingsManager.create(cwd, agentDir, { projectTrusted: trust.projectTrusted }),
      resourceLoaderReloadOptions: trust.reload,
      resourceLoaderOptions: {
        extensionFactories: i.extensionFactories,
        additionalExtensionPaths: i.extensionPaths,
        additionalSkillPaths: pi.skills,
        additionalPromptTemplatePaths: pi.promptTemplates,
        noExtensions: pi.noExtensions,
        disabledBuiltinExtensions: pi.noMcp ? ["mcp"] : undefined,
        noSkills: pi.noSkills,
        noPromptTemplates: pi.noPromptTemplates,
        noContextFiles: pi.noContextFiles,
        systemPrompt: pi.systemPrompt,
        appendSystemPrompt: pi.appendSystemPrompt,
      },
    })
    if (i.trust.skipped(cwd, services.settingsManager.isProjectTrusted())) i.onUntrusted?.(cwd)
    // Pi's themes of this session's resources, and Pi's theme for its setting until a window speaks.
    preparePiThemes(services.resourceLoader.getThemes().themes, services.settingsManager.getThemeSetting())
    const trustErrors = i.trust.errors.splice(0).map((message) => ({ type: "warning" as const, message }))
    const extensions = services.resourceLoader.getExtensions()
    const flagWarnings = applyExtensionFlags(extensions, i.flags ?? {})
    // Pi lets an extension's tool replace the built-in of its name (tool-override's audited read,
    // ssh's remote bash); xagent's custom tools would replace the extension's in turn. The person
    // loaded that extension to run its tool: it runs as in Pi, outside xagent's sandbox, which
    // wraps only xagent's own tools (the extension's code runs unconfined in the host anyway).
    const overridden = new Set(extensions.extensions.flatMap((e) => [...e.tools.keys()]))
    // Pi's own tools, run sandboxed: to extensions they stay Pi's built-ins (patches/builtin-source.ts).
    const own = i
      .tools(cwd, {
        shellPath: services.settingsManager.getShellPath(),
        commandPrefix: services.settingsManager.getShellCommandPrefix(),
      })
      .map((t) => (REPLACED_BUILTINS.includes(t.name) ? piBuiltinStandIn(t) : t))
    const replaced = own
      .filter((t) => overridden.has(t.name))
      .map((t) => ({
        type: "warning" as const,
        message: `An extension's ${t.name} tool takes the place of xagent's: its calls run outside the sandbox`,
      }))
    const next = i.takeNext()
    const scope = await modelScope(pi, services, sessionManager.buildSessionContext().messages.length > 0, next)
    const { model, thinking } = scope
    // `--api-key`: for the run's model's provider, in memory only, as Pi's setRuntimeApiKey keeps it
    if (pi.apiKey && model) await i.modelRuntime.setRuntimeApiKey(model.provider, pi.apiKey)
    const created = await createAgentSessionFromServices({
      services,
      sessionManager,
      sessionStartEvent,
      model,
      thinkingLevel: thinking,
      scopedModels: scope.scopedModels,
      tools: pi.tools,
      excludeTools,
      noTools: pi.noTools,
      customTools: own.filter((t) => !overridden.has(t.name)),
    })
    const loadErrors = extensions.errors.map((e) => ({
      type: "error" as const,
      message: `Failed to load extension "${e.path}": ${e.error}`,
    }))
    // As pi's CLI words them: a built-in extension another one took the place of (`/mcp`), a
    // package that could not be installed.
    const loadWarnings = (extensions.warnings ?? []).map(({ path, warning }) => ({
      type: "warning" as const,
      message: `Extension package "${path}": ${warning}`,
    }))
    const flagNotes = [...flagWarnings, ...scope.warnings].map((message) => ({ type: "warning" as const, message }))
    return {
      ...created,
      services,
      diagnostics: [...trustErrors, ...services.diagnostics, ...loadErrors, ...loadWarnings, ...flagNotes, ...replaced],
    }
  }
}

type Services = Awaited<ReturnType<typeof createAgentSessionServices>>

/**
 * `--models`: Pi's scoped models for cycling, and as in Pi the model of a new conversation when
 * none is named: the saved default if it is in scope, else the first (with a pattern's thinking).
 */
async function modelScope(
  pi: PiOptions,
  services: Services,
  resumed: boolean,
  next: { model?: Model<Api>; thinking?: ThinkingLevel },
) {
  if (!pi.models?.length) return { ...next, scopedModels: undefined, warnings: [] as string[] }
  const { scopedModels, diagnostics } = await resolveModelScopeWithDiagnostics(pi.models, services.modelRuntime)
  const warnings = diagnostics.map((d) => d.message)
  let { model, thinking } = next
  if (!model && scopedModels.length && !resumed) {
    const sm = services.settingsManager
    const saved = scopedModels.find(
      (s) => s.model.provider === sm.getDefaultProvider() && s.model.id === sm.getDefaultModel(),
    )
    const chosen = saved ?? scopedModels[0]!
    model = chosen.model
    thinking ??= chosen.thinkingLevel
  }
  return { model, thinking, scopedModels, warnings }
}
