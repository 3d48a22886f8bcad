// Replies this window left running in their own session hosts (/new or the session page with
// "Keep it running in the background"). The window keeps the subscription it had (no snapshot
// is sent again) and reads only what says the run ended, to tell the person once; then it lets
// the session go, and the daemon ends it as any session nobody watches once it is idle.
import type { EventEnvelope, TurnStopReason } from "../../protocol"
import { terminalText } from "../../common/terminal-text"
import type { Notify } from "./session-store"

export interface BackgroundReply {
  sessionId: string
  /** Pi's id of the session, for the `xagent attach` said at exit. */
  piSessionId?: string
  /** The session's name or first message, one line, safe for the terminal. */
  title: string
}

/** A session's name or first message as one short line a terminal shows as text. */
export function sessionLabel(name: string | undefined, firstMessage: string | undefined): string {
  const text = terminalText(name || firstMessage || "untitled")
    .replace(/\s+/g, " ")
    .trim()
  return text.length <= 48 ? text : `${text.slice(0, 47)}…`
}

function endedText(title: string, reason: TurnStopReason | undefined): Notify {
  const where = `the background session “${title}”`
  if (reason === "error")
    return { level: "warning", message: `The reply in ${where} ended with an error · /resume opens it` }
  if (reason === "cancelled") return { level: "info", message: `The reply in ${where} was stopped · /resume opens it` }
  return { level: "info", message: `The reply in ${where} finished · /resume opens it` }
}

export function createBackgroundReplies(notify: (n: Notify) => void) {
  const held = new Map<string, { reply: BackgroundReply; stop: () => void }>()

  return {
    /** The sessions whose reply still runs in the background, oldest first. */
    running: (): BackgroundReply[] => [...held.values()].map((h) => h.reply),
    /**
     * Watches `reply`'s session through a subscription the window already holds: `redirect`
     * points that subscription at the handler returned and gives back its unsubscribe.
     */
    hold(reply: BackgroundReply, redirect: (onEvent: (env: EventEnvelope) => void) => () => void) {
      let reason: TurnStopReason | undefined
      let done = false
      const finish = (said?: Notify) => {
        if (done) return
        done = true
        held.get(reply.sessionId)?.stop()
        held.delete(reply.sessionId)
        if (said) notify(said)
      }
      let asked = false
      const stop = redirect((env) => {
        const e = env.event
        if (e.type === "turn_end") reason = e.stopReason
        // A question or an extension's dialog holds the reply until someone answers: said once.
        else if (e.type === "ui_request" && !asked) {
          asked = true
          notify({
            level: "warning",
            message: `The background session “${reply.title}” waits for an answer · /resume opens it`,
          })
        } else if (e.type === "run" && !e.running) finish(endedText(reply.title, reason))
        else if (e.type === "closed")
          finish({
            level: "warning",
            message: `The background session “${reply.title}” ended: ${terminalText(e.reason)}`,
          })
      })
      if (done) return stop()
      held.set(reply.sessionId, { reply, stop })
    },
    /** The window opens this session again: its watcher goes quietly (the window draws it now). */
    take(sessionId: string) {
      const h = held.get(sessionId)
      held.delete(sessionId)
      h?.stop()
    },
  }
}
