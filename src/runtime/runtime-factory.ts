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
    const extensions = services.resourceLoader.getExtensions()
    const flagWarnings = applyExtensionFlags(extensions, i.flags ?? {})
    // Pi lets an extension's tool replace the built-in of its name (tool-override's audited read,
    // ssh's remote bash); xagent's custom tools would replace the extension's in turn. The person
    // loaded that extension to run its tool: it runs as in Pi, outside xagent's sandbox, which
    // wraps only xagent's own tools (the extension's code runs unconfined in the host anyway).
    const overridden = new Set(extensions.extensions.flatMap((e) => [...e.tools.keys()]))
    const own = i.tools(cwd, {
      shellPath: services.settingsManager.getShellPath(),
      commandPrefix: services.settingsManager.getShellCommandPrefix(),
    })
    const replaced = own
      .filter((t) => overridden.has(t.name))
      .map((t) => ({
        type: "warning" as const,
        message: `An extension's ${t.name} tool takes the place of xagent's: its calls run outside the sandbox`,
      }))
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
      customTools: own.filter((t) => !overridden.has(t.name)),
    })
    const loadErrors = extensions.errors.map((e) => ({
      type: "error" as const,
      message: `Failed to load extension "${e.path}": ${e.error}`,
    }))
    const flagNotes = flagWarnings.map((message) => ({ type: "warning" as const, message }))
    return { ...created, services, diagnostics: [...services.diagnostics, ...loadErrors, ...flagNotes, ...replaced] }
  }
}
