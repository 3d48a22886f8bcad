// The factory Pi's AgentSessionRuntime calls for the first session and again on /new, /fork and
// /session: cwd-bound services over the host's shared auth and models, the person's resources,
// and what xagent adds (its bundled extensions, see bundled-slot.ts).
import type { Api, Model } from "@earendil-works/pi-ai"
import {
  createAgentSessionFromServices,
  createAgentSessionServices,
  type CreateAgentSessionRuntimeFactory,
  type ExtensionFactory,
  type ModelRuntime,
  type ToolDefinition,
} from "@earendil-works/pi-coding-agent"
import type { Params, ThinkingLevel } from "../protocol"
import { applyExtensionFlags, type FlagValues } from "./extension-flags"
import type { ShellSettings } from "./sandbox/pi-tools"

export interface FactoryInputs {
  modelRuntime: ModelRuntime
  extensionFactories: ExtensionFactory[]
  extensionPaths: string[]
  /** Tools that take the place of Pi's own of the same name (the sandboxed bash, write, edit). */
  tools(cwd: string, shell: ShellSettings): ToolDefinition[]
  /** A model/thinking for this one session (open, /new); undefined lets Pi restore or default. */
  takeNext(): { model?: Model<Api>; thinking?: ThinkingLevel }
  /** Extension flags from the command line (`--plan`, `--preset fast`), for every conversation. */
  flags?: FlagValues
  /** Pi's own run options from the command line (`--tools`, `--system-prompt`…), for every conversation. */
  pi?: PiOptions
}

export type PiOptions = NonNullable<Params<"session.open">["pi"]>

/** The tools xagent puts in the place of Pi's built-in ones (see sandbox/pi-tools.ts). */
const REPLACED_BUILTINS = ["read", "bash", "edit", "write"]

export function runtimeFactory(i: FactoryInputs): CreateAgentSessionRuntimeFactory {
  const pi = i.pi ?? {}
  // xagent's own read/bash/edit/write are custom tools to Pi: `--no-builtin-tools` must leave them out too.
  const excludeTools = pi.noTools === "builtin" ? [...(pi.excludeTools ?? []), ...REPLACED_BUILTINS] : pi.excludeTools
  return async ({ cwd, agentDir, sessionManager, sessionStartEvent }) => {
    const services = await createAgentSessionServices({
      cwd,
      agentDir,
      modelRuntime: i.modelRuntime,
      resourceLoaderOptions: {
        extensionFactories: i.extensionFactories,
        additionalExtensionPaths: i.extensionPaths,
        additionalSkillPaths: pi.skills,
        additionalPromptTemplatePaths: pi.promptTemplates,
        noExtensions: pi.noExtensions,
        noSkills: pi.noSkills,
        noPromptTemplates: pi.noPromptTemplates,
        noContextFiles: pi.noContextFiles,
        systemPrompt: pi.systemPrompt,
        appendSystemPrompt: pi.appendSystemPrompt,
      },
    })
    const extensionTools = new Set(
      services.resourceLoader.getExtensions().extensions.flatMap((e) => [...e.tools.keys()]),
    )
    const flagWarnings = applyExtensionFlags(services.resourceLoader.getExtensions(), i.flags ?? {})
    const { model, thinking } = i.takeNext()
    const created = await createAgentSessionFromServices({
      services,
      sessionManager,
      sessionStartEvent,
      model,
      thinkingLevel: thinking,
      tools: pi.tools,
      excludeTools,
      noTools: pi.noTools,
      customTools: i
        .tools(cwd, {
          shellPath: services.settingsManager.getShellPath(),
          commandPrefix: services.settingsManager.getShellCommandPrefix(),
        })
        // Pi's SDK tools outrank extensions' tools of the same name; in pi an extension's bash or
        // read (bash-spawn-hook, built-in-tool-renderer, tool-override) replaces the built-in one.
        .filter((t) => !extensionTools.has(t.name)),
    })
    const loadErrors = services.resourceLoader
      .getExtensions()
      .errors.map((e) => ({ type: "error" as const, message: `Failed to load extension "${e.path}": ${e.error}` }))
    const flagNotes = flagWarnings.map((message) => ({ type: "warning" as const, message }))
    return { ...created, services, diagnostics: [...services.diagnostics, ...loadErrors, ...flagNotes] }
  }
}
