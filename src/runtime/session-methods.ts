// Requests addressed to one live session. Effects reach windows as events; results carry only
// what the caller asked for. Every failure is a ProtocolError with a message a person can act on.
import { writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, resolve } from "node:path"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type CommandInfo, type Params, type Result, type UiResponse } from "../protocol"
import { complete } from "./autocomplete"
import { transcriptMarkdown } from "./export-markdown"
import type { LiveSession } from "./live-session"
import { errorText } from "../util/error-text"
import { runShortcut } from "./extension-shortcuts"
import { sessionBash } from "./session-bash"
import { modelInfo, realModel, resolveModel } from "./models"
import type { RunToken } from "./project-events"
import { projectTree } from "./project-tree"
import { resolveSessionRef } from "./session-files"
import { repairTornTail } from "./torn-tail"
import { listSettings, setSetting } from "./settings-table"
import { setHostThemes } from "./host-theme"
import { registryPrices, replyUsage, summarize, todayUsage, type ReplyUsage } from "./usage"

export interface HostContext {
  agentDir: string
  modelRuntime: ModelRuntime
  /** The live session (other than `except`) that has this file open, if any. */
  liveByFile(path: string, except?: string): LiveSession | undefined
}

type SessionMethod =
  | "session.prompt"
  | "session.bash"
  | "session.bashOutside"
  | "session.setPermissions"
  | "session.setApproval"
  | "session.setMcpServers"
  | "session.fileChange"
  | "session.abort"
  | "session.shortcut"
  | "session.complete"
  | "session.dequeue"
  | "session.commands"
  | "session.models"
  | "session.setModel"
  | "session.setThinking"
  | "session.cycleModel"
  | "session.reload"
  | "settings.list"
  | "settings.set"
  | "session.theme"
  | "session.compact"
  | "session.new"
  | "session.switch"
  | "session.forkPoints"
  | "session.fork"
  | "session.tree"
  | "session.navigate"
  | "session.setName"
  | "session.export"
  | "session.lastReply"
  | "session.usage"
  | "session.uiRespond"
  | "session.componentInput"
  | "session.componentResize"

type Handlers = { [M in SessionMethod]: (live: LiveSession, p: Params<M>, host: HostContext) => Promise<Result<M>> }

export const SESSION_METHODS: Handlers = {
  "session.prompt": async (live, p) => {
    await prompt(live, p.text, p.behavior, p.images)
    return {}
  },
  "session.bash": async (live, p) => {
    idleShell(live)
    sessionBash(live, p.command, { excludeFromContext: p.excludeFromContext === true, terminal: p.terminal })
    return {}
  },
  "session.bashOutside": async (live, p) => {
    idleShell(live)
    sessionBash(live, p.command, { outside: true })
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
  "session.fileChange": async (live, p) => {
    const change = live.fileChanges.take(p.toolCallId)
    return change ? { change } : {}
  },
  "session.complete": async (live, p) => ({ items: await complete(live.bridge.autocomplete(), p.text, p.cursor) }),
  "session.shortcut": async (live, p) => {
    runShortcut(live.session, p.key, (text) => live.notice("error", text))
    return {}
  },
  "session.abort": async (live) => {
    // Pi would send the queue after a newer message; the window that stopped the reply gets it back.
    const queued = takeQueue(live)
    await live.abort()
    return editorText(queued)
  },
  "session.dequeue": async (live) => live.session.clearQueue(),
  "session.commands": async (live) => ({ commands: commands(live) }),
  "session.models": async (live, _p, host) => {
    const s = live.session
    const models = host.modelRuntime.getModels().map((m) => modelInfo(m, host.modelRuntime))
    const result: Result<"session.models"> = { models, levels: s.getAvailableThinkingLevels() }
    const current = realModel(s.model)
    if (current) result.current = { provider: current.provider, id: current.id }
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
    setHostThemes(p.current, p.themes)
    live.components.rerender()
    if (p.save && live.session.settingsManager.getThemeSetting() !== p.save)
      await failed(() => live.session.settingsManager.setTheme(p.save!), "Could not save the theme")
    return {}
  },
  "session.compact": async (live, p) => {
    if (live.session.isCompacting) throw new ProtocolError("failed", "Compaction is already running")
    await failed(() => live.session.compact(p.instructions), "Compaction failed")
    return {}
  },
  "session.new": async (live) => {
    const queued = takeQueue(live)
    if (live.session.isStreaming) await live.abort()
    const r = await failed(() => live.newSession(), "Could not start a new session")
    if (r.cancelled) throw new ProtocolError("failed", "An extension cancelled the new session")
    return editorText(queued)
  },
  "session.switch": async (live, p, host) => {
    const path = await resolveSessionRef(p.path, live.session.sessionManager.getCwd(), host.agentDir)
    const other = host.liveByFile(path, live.id)
    if (other) throw new ProtocolError("failed", `That session is already open as ${other.id}; attach to it instead`)
    const queued = takeQueue(live)
    if (live.session.isStreaming) await live.abort()
    const repaired = repairTornTail(path)
    const r = await failed(() => live.rt.switchSession(path), "Could not switch session")
    if (r.cancelled) throw new ProtocolError("failed", "An extension cancelled the switch")
    if (repaired) live.notice("warning", repaired)
    return editorText(queued)
  },
  "session.forkPoints": async (live) => ({ points: live.session.getUserMessagesForForking() }),
  "session.fork": async (live, p) => {
    entry(live, p.entryId)
    const queued = takeQueue(live)
    if (live.session.isStreaming) await live.abort()
    const r = await failed(() => live.rt.fork(p.entryId), "Could not fork")
    if (r.cancelled) throw new ProtocolError("failed", "An extension cancelled the fork")
    return editorText(r.selectedText, queued)
  },
  "session.tree": async (live) => ({ nodes: projectTree(live.session.sessionManager) }),
  "session.navigate": async (live, p) => {
    entry(live, p.entryId)
    if (live.running) throw new ProtocolError("failed", "Interrupt the running reply before moving in the tree")
    // Pi may still be finishing the run windows saw end (its post-run continuation).
    await live.session.waitForIdle()
    const options = p.summarize
      ? { summarize: true, ...(p.customInstructions?.trim() ? { customInstructions: p.customInstructions } : {}) }
      : undefined
    const r = await failed(() => live.session.navigateTree(p.entryId, options), "Could not move in the tree")
    if (r.aborted) throw new ProtocolError("failed", "Branch summarization cancelled")
    if (r.cancelled) throw new ProtocolError("failed", "An extension cancelled the move")
    live.resetView()
    return r.editorText === undefined ? {} : { editorText: r.editorText }
  },
  "session.setName": async (live, p) => {
    const name = p.name.trim()
    if (!name) throw new ProtocolError("bad_request", "A session name cannot be blank")
    live.session.setSessionName(name)
    return {}
  },
  "session.export": async (live, p) => {
    const s = live.session
    const cwd = s.sessionManager.getCwd()
    const ext = p.format === "html" ? "html" : "md"
    // `~/x.md` as a shell would read it: the person typed it in the window, not in a shell.
    const given = p.path && /^~(?=$|\/)/.test(p.path) ? homedir() + p.path.slice(1) : p.path
    const path = given
      ? isAbsolute(given)
        ? given
        : resolve(cwd, given)
      : resolve(cwd, `xagent-session-${s.sessionId.slice(0, 8)}.${ext}`)
    if (p.format === "html") return { path: await failed(() => s.exportToHtml(path), "HTML export failed") }
    const snap = live.snapshot()
    await failed(async () => writeFileSync(path, transcriptMarkdown(snap.info, snap.items)), "Markdown export failed")
    return { path }
  },
  "session.lastReply": async (live) => {
    const text = live.session.getLastAssistantText()
    return text === undefined ? {} : { text }
  },
  "session.usage": async (live, _p, host) => {
    const prices = registryPrices(host.modelRuntime)
    const sm = live.session.sessionManager
    const replies = sm.getEntries().flatMap((e): ReplyUsage[] => {
      const r = replyUsage(e)
      return r ? [r] : []
    })
    const today = await todayUsage(host.agentDir, sm.getCwd(), prices)
    const context = live.stats().context
    return { session: summarize(replies, prices), today, ...(context ? { context } : {}) }
  },
  "session.uiRespond": async (live, p) => {
    // The bridge checks the answer against its question (ask_user answers included).
    live.bridge.respond(p.requestId, p.response as UiResponse)
    return {}
  },
  "session.componentInput": async (live, p) => live.components.input(p.componentId, p.window, p.data),
  "session.componentResize": async (live, p) => {
    live.components.resize(p.window, p.width, p.height)
    return {}
  },
}

/**
 * Messages queued behind a running reply (steer, follow-up), taken out before the session is
 * replaced: Pi would drop them with it, and they are the person's words.
 */
function takeQueue(live: LiveSession): string | undefined {
  const { steering, followUp } = live.session.clearQueue()
  const texts = [...steering, ...followUp]
  return texts.length ? texts.join("\n\n") : undefined
}

/** What goes back into the composer: any of these texts, in order. */
function editorText(...texts: (string | undefined)[]): { editorText?: string } {
  const text = texts.filter((t) => t?.trim()).join("\n\n")
  return text ? { editorText: text } : {}
}

export { prompt as promptSession }

async function prompt(
  live: LiveSession,
  text: string,
  behavior?: "steer" | "followUp",
  images?: Params<"session.prompt">["images"],
) {
  const s = live.session
  const space = text.indexOf(" ")
  const name = text.startsWith("/") ? text.slice(1, space === -1 ? undefined : space) : ""
  if (name && s.extensionRunner.getCommand(name)) {
    // Commands may open dialogs and wait on them: accept now, report failures as notices. With no
    // window (--print) nobody waits on a dialog, and the caller needs to know when it is over.
    const done = s.prompt(text).then(
      () => live.settleCommand(),
      (err) => {
        const message = `/${name} failed: ${errorText(err)}`
        live.notice("error", message)
        live.settleCommand(message)
      },
    )
    if (!live.interactive) await done
    return
  }
  if (live.running && !behavior)
    throw new ProtocolError("bad_request", 'A reply is running: send this with behavior "steer" or "followUp"')
  // Pi's agent can still be winding down after the run ended for windows: let it finish.
  if (!live.running && s.isStreaming) await s.waitForIdle()
  const hint = live.running ? undefined : live.info().authHint
  if (hint) throw new ProtocolError("failed", hint)
  await new Promise<void>((resolvePrompt, reject) => {
    let accepted = false
    let run: RunToken | undefined
    s.prompt(text, {
      streamingBehavior: live.running ? behavior : undefined,
      images: images?.length ? images : undefined,
      preflightResult: (disposition) => {
        // "handled": an input hook or command consumed it; no run follows and the promise settles.
        if (disposition === "handled") return
        accepted = true
        run = live.beginRun()
        resolvePrompt()
      },
    }).then(
      () => {
        live.settleRun(run)
        resolvePrompt()
      },
      (err) => {
        live.settleRun(run)
        if (!accepted) reject(new ProtocolError("failed", errorText(err)))
        else live.notice("error", errorText(err))
      },
    )
  })
}

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

function idleShell(live: LiveSession) {
  if (live.session.isBashRunning)
    throw new ProtocolError("failed", "A shell command is already running; interrupt it first")
}

function commands(live: LiveSession): CommandInfo[] {
  const s = live.session
  const out: CommandInfo[] = []
  for (const c of s.extensionRunner.getRegisteredCommands())
    out.push(withDescription({ name: c.invocationName, source: "extension" }, c.description))
  for (const t of s.promptTemplates) out.push(withDescription({ name: t.name, source: "prompt" }, t.description))
  // Pi's enableSkillCommands: off, skills stay in the prompt but get no /skill: commands.
  if (s.settingsManager.getEnableSkillCommands())
    for (const k of s.resourceLoader.getSkills().skills)
      out.push(withDescription({ name: `skill:${k.name}`, source: "skill" }, k.description))
  return out
}

function withDescription(c: CommandInfo, description?: string): CommandInfo {
  if (description) c.description = description
  return c
}

function entry(live: LiveSession, id: string) {
  if (!live.session.sessionManager.getEntry(id))
    throw new ProtocolError("not_found", `No entry ${id} in this session (see session.tree or session.forkPoints)`)
}

async function failed<T>(fn: () => Promise<T> | T, what: string): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof ProtocolError) throw err
    throw new ProtocolError("failed", `${what}: ${errorText(err)}`)
  }
}
