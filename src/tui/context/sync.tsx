// Feeds the session store from the client's event stream. Events are queued and applied in
// batches: streamed text at most once per ~16 ms, anything else at once. A dropped link is the
// client's to mend (the socket client resubscribes after the last seq it saw); a lost one closes
// the window (app.tsx).
import { onCleanup } from "solid-js"
import type { EventEnvelope } from "../../protocol"
import { useClient } from "./client"
import { createBackgroundReplies, type BackgroundReply } from "./background-replies"
import { createEventQueue } from "./event-queue"
import { createSimpleContext } from "./helper"
import { useComposerInput } from "./composer-input"
import { createSessionStore, type Notify, type ThemeEvent } from "./session-store"
import { createSideAnswer } from "./side-answer"

/** What the window's queue holds back: streamed text (an empty delta only opens a block). */
export const streamedText = (env: EventEnvelope) => env.event.type === "text_delta" && env.event.delta !== ""

export const { use: useSync, provider: SyncProvider } = createSimpleContext({
  name: "Sync",
  init: (props: { flushInterval?: number }) => {
    const client = useClient()
    const composer = useComposerInput()
    const notifyListeners = new Set<(n: Notify) => void>()
    const terminalListeners = new Set<(sequence: string) => void>()
    const themeListeners = new Set<(e: ThemeEvent) => void>()
    const side = createSideAnswer()
    const store = createSessionStore({
      onNotify: (n) => notifyListeners.forEach((fn) => fn(n)),
      onEditor: (fill) => (fill.how === "set" ? composer.set(fill.text) : composer.paste(fill.text)),
      onTerminal: (seq) => terminalListeners.forEach((fn) => fn(seq)),
      onTheme: (e) => themeListeners.forEach((fn) => fn(e)),
      onSide: side.apply,
    })
    const queue = createEventQueue<EventEnvelope>(
      (events) => store.apply(events),
      props.flushInterval ?? 16,
      streamedText,
    )
    const notify = (n: Notify) => notifyListeners.forEach((fn) => fn(n))
    const background = createBackgroundReplies(notify)
    /** The drawn session's subscription; `sink` moves to a watcher when the window leaves it running. */
    let current: { sink: (env: EventEnvelope) => void; stop: () => void } | undefined

    const subscribe = (sessionId: string, after: number) => {
      current?.stop()
      current = undefined
      // One subscription per session and client: a watcher of this one gives it up first.
      background.take(sessionId)
      const c = client.client()
      if (!c) return
      const sub = { sink: (env: EventEnvelope) => queue.push(env), stop: () => {} }
      sub.stop = c.subscribe(sessionId, after, (env) => sub.sink(env))
      current = sub
    }

    onCleanup(() => {
      current?.stop()
      queue.dispose()
    })

    return {
      data: store.state,
      /** Draws `sessionId` from now on (journal replay or snapshot first, then live events). */
      attach(sessionId: string) {
        queue.flush()
        side.dismiss()
        store.reset(sessionId)
        subscribe(sessionId, 0)
      },
      /** A session file's history, drawn until the host's snapshot (session-preview.ts). */
      preview: store.preview,
      /** A `session.earlier` page, put in above the items held. */
      prependEarlier: store.prependEarlier,
      detach() {
        current?.stop()
        current = undefined
      },
      /**
       * Stops drawing the session and leaves its running reply to its host: the window keeps
       * watching it only to say when the reply ends. Draws no session until the next `attach`.
       */
      leaveRunning(reply: Omit<BackgroundReply, "sessionId">) {
        queue.flush()
        const sub = current
        const sessionId = store.state.sessionId
        current = undefined
        if (sub && sessionId && store.state.running)
          background.hold({ ...reply, sessionId }, (onEvent) => ((sub.sink = onEvent), sub.stop))
        else sub?.stop()
        store.reset()
      },
      /** Replies left running in the background that have not ended yet. */
      backgroundReplies: () => background.running(),
      /** Local notices (failed requests, warnings) go the same way as the host's ui_notify. */
      notify,
      onNotify(fn: (n: Notify) => void) {
        notifyListeners.add(fn)
        return () => notifyListeners.delete(fn)
      },
      /** Extensions' desktop notifications for the terminal (common/terminal-notify.ts). */
      onTerminal(fn: (sequence: string) => void) {
        terminalListeners.add(fn)
        return () => void terminalListeners.delete(fn)
      },
      /** Extensions choosing a theme (ctx.ui.setTheme). */
      onTheme(fn: (e: ThemeEvent) => void) {
        themeListeners.add(fn)
        return () => void themeListeners.delete(fn)
      },
      /** This window's side question (/btw) and its answer, drawn in a dock above the composer. */
      side,
      idle: () => queue.idle(),
    }
  },
})
