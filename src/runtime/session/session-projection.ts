// A live session's conversation as windows see it: the snapshot of its current branch, and the
// projector that carries it on from Pi's events (a new one with each snapshot, going on from its
// item ids).
import type { SessionInfo, SessionSnapshot, SessionStats, UiState } from "../../protocol/index"
import { ItemIds, projectBranch } from "../../common/message-projection"
import type { AgentSession } from "../pi-types"
import { EventProjector, type ProjectorContext } from "./event-projection"

export interface ProjectionSources {
  /** The session now (read at each use: the runtime swaps it on /new, /fork, /session). */
  session(): AgentSession
  info(): SessionInfo
  stats(): SessionStats
}

export function projectSession(
  id: string,
  ui: UiState,
  from: ProjectionSources,
): { snapshot: SessionSnapshot; projector: EventProjector } {
  const s = from.session()
  const context: ProjectorContext = {
    info: () => from.info(),
    stats: () => from.stats(),
    now: () => Date.now(),
    compactionTime: () => {
      const leaf = from.session().sessionManager.getLeafEntry()
      return leaf?.type === "compaction" ? Date.parse(leaf.timestamp) : Date.now()
    },
    drawsEntry: (customType) => !!from.session().extensionRunner?.getEntryRenderer(customType),
  }
  const ids = new ItemIds()
  const items = projectBranch(s.sessionManager.getBranch(), ids, context.drawsEntry)
  const projector = new EventProjector(ids, context, s.isStreaming)
  const snapshot: SessionSnapshot = {
    sessionId: id,
    info: from.info(),
    items,
    running: s.isStreaming,
    queue: { steering: [...s.getSteeringMessages()], followUp: [...s.getFollowUpMessages()] },
    stats: from.stats(),
    ui: structuredClone(ui),
  }
  if (s.isStreaming) snapshot.runStartedAt = Date.now()
  return { snapshot, projector }
}
