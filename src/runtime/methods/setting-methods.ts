// Session methods on how the session runs: its model and thinking level, Pi's settings, the
// theme, a reload, the sandbox's permissions, and an editor's approval mode, MCP servers and diffs.
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type Result } from "../../protocol/index"
import { setHostThemes } from "../extensions/host-theme"
import { failed } from "./method-common"
import { modelInfo, realModel, resolveModel } from "../setup/models"
import type { Handlers } from "./session-methods"
import { listSettings, setSetting } from "../setup/settings-table"

export const SETTING_METHODS = {
  "session.models": async (live, _p, host) => {
    const s = live.session
    const models = host.modelRuntime.getModels().map((m) => modelInfo(m, host.modelRuntime))
    const result: Result<"session.models"> = { models, levels: s.getAvailableThinkingLevels() }
    const current = realModel(s.model)
    if (current) result.current = { provider: current.provider, id: current.id }
    // Pi scopes its session to enabledModels when it starts; here `--models`, else the setting.
    const scope = s.scopedModels.length
      ? s.scopedModels.map((x) => x.model)
      : scopedModels(s.settingsManager.getEnabledModels(), host.modelRuntime)
    if (scope.length) result.scoped = scope.map((m) => ({ provider: m.provider, id: m.id }))
    return result
  },
  "session.setModel": async (live, p, host) => {
    const model = resolveModel(host.modelRuntime, `${p.provider}/${p.id}`)
    if (!host.modelRuntime.hasConfiguredAuth(model.provider))
      throw new ProtocolError(
        "failed",
        `No credentials for ${model.provider}: sign in with /login or set its API key first`,
      )
    await live.session.setModel(model)
    return {}
  },
  "session.setThinking": async (live, p) => {
    const s = live.session
    const levels = s.getAvailableThinkingLevels()
    // Pi clamps a level the model lacks (to "off" for a model without reasoning) without a word.
    if (!levels.includes(p.level)) {
      const model = realModel(s.model)
      const name = model ? `${model.provider}/${model.id}` : "This model"
      throw new ProtocolError(
        "bad_request",
        levels.length <= 1
          ? `${name} has no thinking levels`
          : `${name} cannot think at "${p.level}": use ${levels.join(", ")}`,
      )
    }
    s.setThinkingLevel(p.level)
    return {}
  },
  "session.cycleModel": async (live, p, host) => {
    const s = live.session
    if (s.scopedModels.length === 0) {
      const scoped = scopedModels(s.settingsManager.getEnabledModels(), host.modelRuntime)
      if (scoped.length) s.setScopedModels(scoped.map((model) => ({ model })))
    }
    const r = await failed(() => s.cycleModel(p.direction ?? "forward"), "Could not change the model")
    if (!r) return { scoped: s.scopedModels.length > 0 }
    return { model: { provider: r.model.provider, id: r.model.id }, thinkingLevel: r.thinkingLevel, scoped: r.isScoped }
  },
  // An external agent's settings; a Pi session's model and thinking have their own requests.
  "session.setAgentOption": async () => {
    throw new ProtocolError(
      "bad_request",
      "This session runs on Pi, not an external agent: use /model and /thinking (session.setModel, session.setThinking)",
    )
  },
  "session.reload": async (live) => {
    const s = live.session
    if (s.isStreaming) throw new ProtocolError("failed", "Wait for the reply to finish (or stop it) before reloading")
    if (s.isCompacting) throw new ProtocolError("failed", "Wait for the compaction to finish before reloading")
    // As Pi's reload: the old extensions' components go; the reloaded ones set theirs again.
    live.components.reset({ announce: true })
    await failed(() => s.reload(), "Reload failed")
    live.emitInfo()
    return {}
  },
  "settings.list": async (live) => ({ settings: listSettings(live.session) }),
  "settings.set": async (live, p) => {
    await failed(() => setSetting(live.session, p.key, p.value), "Could not save the setting")
    // Some settings change how windows draw the session (hideThinkingBlock).
    live.emitInfo()
    return {}
  },
  "session.theme": async (live, p) => {
    setHostThemes(p.current, p.themes, p.save ?? live.session.settingsManager.getThemeSetting())
    live.components.rerender()
    if (p.save && live.session.settingsManager.getThemeSetting() !== p.save)
      await failed(() => live.session.settingsManager.setTheme(p.save!), "Could not save the theme")
    return {}
  },
  "session.setPermissions": async (live, p) => {
    await failed(() => live.setPermissions(p.mode), "Could not change the permissions")
    return {}
  },
  "session.setApproval": async (live, p) => {
    live.gate.set(p.approval)
    return {}
  },
  "session.setMcpServers": async (live, p) => {
    await failed(() => live.editorMcp.set(p.servers), "Could not add the MCP servers")
    return {}
  },
  "session.setEditorFiles": async (live, p) => {
    live.editorFiles.set(p.read)
    return {}
  },
  "session.editorFile": async (live, p) => {
    live.editorFiles.answer(p.requestId, p.text)
    return {}
  },
  "session.fileChange": async (live, p) => {
    const change = live.fileChanges.take(p.toolCallId)
    return change ? { change } : {}
  },
} satisfies Partial<Handlers>

/**
 * Pi's `enabledModels` patterns ("provider/id", a bare id, `*` globs) over the usable models, in
 * pattern order. Pi's own resolver is not exported; this covers the forms its docs show.
 */
export function scopedModels(patterns: string[] | undefined, runtime: ModelRuntime) {
  const available = runtime.getAvailableSnapshot()
  const out: (typeof available)[number][] = []
  for (const raw of patterns ?? []) {
    const pattern = raw.replace(/:(off|minimal|low|medium|high|xhigh|max)$/, "").toLowerCase()
    const re = new RegExp(
      `^${pattern
        .split("*")
        .map((x) => x.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    )
    for (const m of available) {
      const full = `${m.provider}/${m.id}`.toLowerCase()
      if ((re.test(full) || re.test(m.id.toLowerCase())) && !out.includes(m)) out.push(m)
    }
  }
  return out
}
