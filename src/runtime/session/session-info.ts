// What windows are told about a live session, read from Pi each time: its SessionInfo (model,
// sandbox, bundled extensions' state, the settings that change how a window draws it) and its SessionStats.
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { SessionInfo, SessionStats } from "../../protocol/index"
import type { ExtensionInfo } from "../extensions/bundled-host"
import { extensionShortcuts } from "../extensions/extension-shortcuts"
import { authHint, modelRef, realModel } from "../setup/models"
import { unsavedEntries } from "../patches/session-writes"
import type { AgentSession } from "../pi-types"
import type { SessionSandbox } from "../sandbox/session-sandbox"

export interface InfoSources {
  /** What the bundled extensions put in the session's info (BundledHost.setState). */
  extInfo: ExtensionInfo
  sandbox: SessionSandbox
  modelRuntime: ModelRuntime
  /** An extension gave the composer an autocomplete provider. */
  autocomplete: boolean
  /** `--verbose`: the welcome shows whatever Pi's quietStartup says. */
  verbose: boolean
  /** The window whose request made the last replacement of Pi's session. */
  movedBy?: string
}

export function sessionInfo(s: AgentSession, from: InfoSources): SessionInfo {
  const info: SessionInfo = {
    piSessionId: s.sessionId,
    cwd: s.sessionManager.getCwd(),
    thinkingLevel: s.thinkingLevel,
  }
  if (from.movedBy) info.movedBy = from.movedBy
  const extensions = from.extInfo.snapshot()
  if (extensions) info.extensions = extensions
  if (s.sessionName) info.name = s.sessionName
  if (s.sessionFile) info.file = s.sessionFile
  const model = realModel(s.model)
  if (model) info.model = modelRef(model)
  const hint = authHint(s.model, from.modelRuntime)
  if (hint) info.authHint = hint
  info.sandbox = from.sandbox.info(info.cwd)
  if (s.settingsManager.getHideThinkingBlock()) info.hideThinking = true
  if (s.settingsManager.getQuietStartup() === true && !from.verbose) info.quietStartup = true
  if (s.settingsManager.getBranchSummarySkipPrompt()) info.skipBranchSummaryPrompt = true
  if (from.autocomplete) info.autocomplete = true
  const themePaths = s.resourceLoader.getThemes().themes.flatMap((t) => (t.sourcePath ? [t.sourcePath] : []))
  if (themePaths.length) info.themePaths = themePaths
  const unsaved = unsavedEntries(s.sessionManager)
  if (unsaved) info.unsaved = unsaved
  const shortcuts = extensionShortcuts(s)
  if (shortcuts.size)
    info.shortcuts = [...shortcuts].map(([key, s]) => (s.description ? { key, description: s.description } : { key }))
  return info
}

export function sessionStats(s: AgentSession): SessionStats {
  const st = s.getSessionStats()
  const t = st.tokens
  const out: SessionStats = {
    tokens: { input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite, total: t.total },
    cost: st.cost,
  }
  const cu = st.contextUsage ?? s.getContextUsage()
  if (cu) out.context = { tokens: cu.tokens, contextWindow: cu.contextWindow, percent: cu.percent }
  return out
}
