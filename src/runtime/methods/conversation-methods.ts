// Session methods on the conversation: compaction, a new session, switching, forking, the tree
// and moving in it, the name, export, the last reply, a side question (/btw) and usage.
import { writeFileSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import { ProtocolError } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import { expandHome } from "../../util/paths"
import { transcriptMarkdown } from "../files/export-markdown"
import type { LiveSession } from "../session/live-session"
import { editorText, failed, takeQueue } from "./method-common"
import { projectTree } from "../files/entry-tree"
import { resolveSessionRef, workspaceOverride } from "../files/session-files"
import type { Handlers } from "./session-methods"
import { repairTornTail } from "../files/torn-tail"
import { workspaceDiff } from "../session/workspace-diff"
import { answerSideQuestion } from "../session/side-question"
import { registryPrices, replyUsage, summarize, todayUsage, type ReplyUsage } from "../files/usage"

export const CONVERSATION_METHODS = {
  "session.compact": async (live, p) => {
    if (live.session.isCompacting) throw new ProtocolError("failed", "Compaction is already running")
    // A failure Pi announces (compaction_end) is a notice every window sees; the request that
    // asked for it answers with the reason instead of failing, or the window that sent it would
    // tell it a second time.
    let told: string | undefined
    const off = live.session.subscribe((e) => {
      if (e.type === "compaction_end" && !e.result) told = e.errorMessage ?? "Compaction cancelled"
    })
    try {
      await live.session.compact(p.instructions)
      return {}
    } catch (err) {
      if (told) return { failed: told }
      throw new ProtocolError("failed", `Compaction failed: ${errorText(err)}`)
    } finally {
      off()
    }
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
    const cwdOverride = workspaceOverride(path, live.cwd, host.agentDir)
    const r = await failed(
      () => live.replace(() => live.rt.switchSession(path, { cwdOverride })),
      "Could not switch session",
    )
    if (r.cancelled) throw new ProtocolError("failed", "An extension cancelled the switch")
    if (repaired) live.notice("warning", repaired)
    return editorText(queued)
  },
  // A Pi session has no external agent whose own sessions could be listed or opened.
  "session.agentSessions": async () => ({ sessions: [] }),
  "session.openAgentSession": async () => {
    throw new ProtocolError("failed", "This session runs on Pi: it has no external agent whose sessions to open")
  },
  "session.forkPoints": async (live) => ({ points: live.session.getUserMessagesForForking() }),
  "session.fork": async (live, p) => {
    entry(live, p.entryId)
    const queued = takeQueue(live)
    if (live.session.isStreaming) await live.abort()
    const r = await failed(() => live.replace(() => live.rt.fork(p.entryId)), "Could not fork")
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
    const ext = p.format === "markdown" ? "md" : p.format
    // `~/x.md` as a shell would read it: the person typed it in the window, not in a shell.
    const given = p.path ? expandHome(p.path) : p.path
    const path = given
      ? isAbsolute(given)
        ? given
        : resolve(cwd, given)
      : resolve(cwd, `xagent-session-${s.sessionId.slice(0, 8)}.${ext}`)
    if (p.format === "html") return { path: await failed(() => s.exportToHtml(path), "HTML export failed") }
    // Pi's own JSONL: the session header and the current branch, a file `pi --session` opens.
    if (p.format === "jsonl") return { path: await failed(async () => s.exportToJsonl(path), "JSONL export failed") }
    const snap = live.snapshot()
    await failed(async () => writeFileSync(path, transcriptMarkdown(snap.info, snap.items)), "Markdown export failed")
    return { path }
  },
  // The folder's git changes (`/diff`), whoever made them: the agent's edits, its bash, the person.
  "session.diff": async (live) => workspaceDiff(live.cwd),
  "session.earlier": async (live, p) => {
    const page = live.earlierItems(p.before)
    if (!page) throw new ProtocolError("not_found", `no item ${p.before} in this session's view`)
    return page
  },
  "session.userImages": async (live, p) => {
    for (const e of live.session.sessionManager.getEntries()) {
      if (e.type !== "message" || e.message.role !== "user" || e.message.timestamp !== p.timestamp) continue
      const c = e.message.content
      if (typeof c === "string") break
      return { images: c.flatMap((b) => (b.type === "image" ? [{ data: b.data, mimeType: b.mimeType }] : [])) }
    }
    return { images: [] }
  },
  "session.lastReply": async (live) => {
    const text = live.session.getLastAssistantText()
    return text === undefined ? {} : { text }
  },
  "session.btw": async (live, p) => {
    await answerSideQuestion(live.session, p.id, p.question, (e) => live.emit(e))
    return {}
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
} satisfies Partial<Handlers>

function entry(live: LiveSession, id: string) {
  if (!live.session.sessionManager.getEntry(id))
    throw new ProtocolError("not_found", `No entry ${id} in this session (see session.tree or session.forkPoints)`)
}
