// The session this window drives: opening or attaching it once the client is there, and every
// action the person takes on it. Actions typed before the session is ready wait for it rather
// than being dropped.
import { useRenderer } from "@opentui/solid"
import { batch, createEffect, createSignal, on, onMount } from "solid-js"
import type { CommandInfo, Method, Params, Result, SkillInfo } from "../../protocol"
import { fileMentions } from "../../common/attachment"
import { skillMentions } from "../../common/required-skills"
import type { TuiOptions } from "../run-options"
import { useComposerInput } from "./composer-input"
import { takeQueued } from "../util/kept-queue"
import { readSessionPreview } from "../util/session-preview"
import { lendableTerminal, reclaimTerminal } from "../util/terminal-lend"
import { sessionLabel } from "./background-replies"
import { useClient } from "./client"
import { createSimpleContext } from "./helper"
import { useRoute } from "./route"
import { useSync } from "./sync"
import { startMark } from "../../util/start-trace"

// Distributes over a union of shapes (packages.run), which a plain Omit would flatten.
type SessionParams<M extends Method> =
  Params<M> extends infer P ? (P extends unknown ? Omit<P, "sessionId"> : never) : never

/**
 * Requests that may put another Pi session in this live session (every window on it follows): a
 * prompt may run an extension's command that does. They name the window, and the host stamps the
 * move with it (SessionInfo.movedBy).
 */
const MAY_MOVE = new Set<Method>(["session.prompt", "session.new", "session.switch", "session.fork"])
const JOINED = "That session is open in another window: joined it there (your session stays as it was)"

export const { use: useSession, provider: SessionProvider } = createSimpleContext({
  name: "Session",
  init: (props: {
    target: TuiOptions["target"]
    initialPrompt?: string
    /** Resolves once the first frame is drawn: the file preview's read waits for it. */
    firstFrame?: Promise<void>
    initialImages?: TuiOptions["initialImages"]
    initialMessages?: string[]
  }) => {
    const client = useClient()
    const sync = useSync()
    const route = useRoute()
    const renderer = useRenderer()
    const composer = useComposerInput()
    const [id, setId] = createSignal<string>()
    const [commands, setCommands] = createSignal<CommandInfo[]>([])
    // The session's loaded skills, which `$` lists in the composer; they come with the command list.
    const [skills, setSkills] = createSignal<SkillInfo[]>([])
    // Until the session's command list has come (or no session will), a `/word` cannot be told
    // from an extension's command: the composer holds what is sent until then.
    const [commandsKnown, setCommandsKnown] = createSignal(false)
    const [failure, setFailure] = createSignal<string>()
    let waiting: { resolve: (id: string) => void; reject: (e: Error) => void }[] = []
    // Names this window to the host: the first window to press a key owns an extension component's
    // keys, and the moves its requests make are told from other windows' by it.
    const windowId = `w-${Math.random().toString(36).slice(2, 10)}`

    const report = (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e)
      sync.notify({ level: "error", message })
    }

    const whenReady = (): Promise<string> => {
      const now = id()
      if (now) return Promise.resolve(now)
      const failed = failure()
      if (failed) return Promise.reject(new Error(`No session is open (${failed})`))
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
    }

    const fail = (reason: string) => {
      batch(() => {
        setFailure(reason)
        setCommandsKnown(true)
      })
      const pending = waiting
      waiting = []
      for (const w of pending) w.reject(new Error(`No session is open (${reason})`))
    }

    /** Sends a request on this session; a failure is reported and comes back as undefined. */
    async function act<M extends Method>(method: M, params: SessionParams<M>): Promise<Result<M> | undefined> {
      const window = MAY_MOVE.has(method) ? { window: windowId } : {}
      try {
        const sessionId = await whenReady()
        return await client.request(method, { ...params, ...window, sessionId } as Params<M>)
      } catch (e) {
        report(e)
        return undefined
      }
    }

    function start(sessionId: string, warnings: string[] = []) {
      setId(sessionId)
      sync.attach(sessionId)
      route.navigate({ name: "session" })
      for (const w of warnings) sync.notify({ level: "warning", message: w })
      const ready = waiting
      waiting = []
      for (const w of ready) w.resolve(sessionId)
    }

    async function open(params: Params<"session.open">) {
      // Another try from the sessions page: requests wait for this one rather than fail at once.
      setFailure(undefined)
      try {
        const r = await client.request("session.open", params)
        start(r.sessionId, r.warnings)
      } catch (e) {
        fail(e instanceof Error ? e.message : String(e))
        report(e)
      }
    }

    /** The window stops drawing this session; its reply, if one runs, goes on in its host. */
    function leaveBeside() {
      const info = sync.data.info
      const first = sync.data.items.find((i) => i.kind === "user")
      sync.leaveRunning({
        piSessionId: info?.piSessionId,
        title: sessionLabel(info?.name, first?.kind === "user" ? first.text : undefined),
      })
      setId(undefined)
      setCommandsKnown(false)
    }

    /** Draws `next` and closes `left`, whose queued messages come back into the composer. */
    async function leaveFor(left: string, next: string) {
      const queued = await client.request("session.dequeue", { sessionId: left }).catch(() => undefined)
      start(next)
      composer.restore([...(queued?.steering ?? []), ...(queued?.followUp ?? [])].join("\n\n") || undefined)
      await client.request("session.close", { sessionId: left }).catch(report)
    }

    /** Pi's messages from the command line: the first, then each other queued as a follow-up. */
    async function sendInitial() {
      const { initialPrompt: text, initialImages: images } = props
      if (text || images?.length)
        await act("session.prompt", images?.length ? { text: text ?? "", images } : { text: text! })
      for (const message of props.initialMessages ?? [])
        await act("session.prompt", { text: message, behavior: "followUp" })
    }

    onMount(() => {
      const t = props.target
      // A session file's history is on screen long before its host has loaded Pi; the host's
      // snapshot replaces it. Nothing is sent until then: requests wait for the session (whenReady).
      if (t.kind === "open" && t.params.mode.kind === "session") {
        const file = t.params.mode.ref
        void (props.firstFrame ?? Promise.resolve()).then(() => {
          const preview = readSessionPreview(file)
          startMark("window", "preview read")
          if (preview) sync.preview(preview)
          startMark("window", "preview drawn")
        })
      }
      client.ready.then(
        (c) => {
          for (const message of c.notices ?? []) sync.notify({ level: "warning", message })
          if (t.kind === "open") return open(t.params)
          if (t.kind === "attach") return start(t.sessionId)
          route.navigate({ name: "sessions", initial: true })
        },
        (e: Error) => fail(e.message),
      )
      void sendInitial()
    })

    const refreshCommands = () =>
      void act("session.commands", {}).then((r) =>
        batch(() => {
          if (r) {
            setCommands(r.commands)
            setSkills(r.skills ?? [])
          }
          setCommandsKnown(true)
        }),
      )
    // The list is asked for as soon as the session is live, not when its first snapshot lands.
    createEffect(on(id, (now) => now && refreshCommands()))
    // An external ACP agent sends its commands when it likes (after its session opens, and again).
    createEffect(
      on(
        () => sync.data.info?.commandsRevision,
        (rev, before) => rev !== undefined && rev !== before && refreshCommands(),
        { defer: true },
      ),
    )
    // Extension commands, prompt templates and skills change with the Pi session (/new, /resume…).
    createEffect(
      on(
        () => sync.data.info?.piSessionId,
        (pi, before) => {
          if (!pi || !before || before === pi) return
          refreshCommands()
          if (sync.data.info?.movedBy === windowId) return
          const name = sync.data.info?.name
          const where = name ? `“${name}”` : sync.data.items.length ? "another saved session" : "a new session"
          sync.notify({ level: "info", message: `Another window switched to ${where}` })
        },
      ),
    )

    // Messages a window kept when its daemon died with them queued (util/kept-queue.ts) come back
    // into the prompt of the next window on that session, once it has a prompt to take them.
    createEffect(
      on(
        () => sync.data.info?.piSessionId,
        (pi) => {
          if (!pi) return
          const texts = takeQueued(pi)
          if (!texts.length) return
          composer.prepend(texts.join("\n\n"))
          sync.notify({
            level: "info",
            message: `${texts.length === 1 ? "A message" : `${texts.length} messages`} queued when the daemon stopped ${texts.length === 1 ? "is" : "are"} back in the prompt`,
          })
        },
      ),
    )

    return {
      id,
      windowId,
      /** Resolves once the window's first frame is on screen: work that can wait for it does. */
      firstFrame: props.firstFrame ?? Promise.resolve(),
      failure,
      commands,
      skills,
      /** Whether `commands` is the session's list yet (true too once no session will open). */
      commandsKnown,
      /** After /reload: templates, skills and extension commands may have changed. */
      refreshCommands,
      act,
      report,
      whenReady,
      send(text: string, how: "prompt" | "steer" | "followUp", images?: Params<"session.prompt">["images"]) {
        const behavior = how === "prompt" ? undefined : how
        // What the person typed: an `@path` naming a file in the workspace attaches it, a `$name`
        // naming a loaded skill requires it (the host tells which do).
        const extra = {
          ...(fileMentions(text).length ? { attachFiles: true } : {}),
          ...(skillMentions(text).length ? { requireSkills: true } : {}),
          ...(images?.length ? { images } : {}),
        }
        return act("session.prompt", behavior ? { text, behavior, ...extra } : { text, ...extra })
      },
      bash: (command: string, excludeFromContext = false) => {
        const terminal = lendableTerminal(renderer)
        const ran = act("session.bash", {
          command,
          ...(excludeFromContext ? { excludeFromContext } : {}),
          ...(terminal ? { terminal } : {}),
        })
        if (terminal) void ran.finally(() => reclaimTerminal(renderer))
        return ran
      },
      /** Stops the reply; what was queued behind it comes back into the composer. */
      async abort() {
        const r = await act("session.abort", {})
        composer.prepend(r?.editorText)
      },
      async dequeue(): Promise<string | undefined> {
        const r = await act("session.dequeue", {})
        if (!r) return undefined
        const texts = [...r.steering, ...r.followUp]
        return texts.length > 0 ? texts.join("\n\n") : undefined
      },
      /** Opens a saved session: switches the live one, or opens it when none is open yet (`--resume`). */
      async openSaved(path: string) {
        if (id()) {
          const left = id()!
          const r = await act("session.switch", { path })
          // live in another session host: watch that one rather than open the file twice
          if (r?.sessionId && !r.opened) return start(r.sessionId, [JOINED])
          // an agent session's journal, opened in a host of its own: the session left is closed,
          // as Pi's switch leaves the session it replaces (on disk), its queued messages kept
          if (r?.sessionId) return leaveFor(left, r.sessionId)
          route.navigate({ name: "session" })
          // messages that were queued behind a running reply come back to be sent again
          composer.restore(r?.editorText)
          return
        }
        const t = props.target
        if (t.kind !== "pick") return
        // The session page comes at once, with the file's history, so that what is typed while
        // the host opens it reaches the composer rather than this page's search.
        const preview = readSessionPreview(path)
        if (preview) sync.preview(preview)
        route.navigate({ name: "session" })
        await open({ ...t.params, mode: { kind: "session", ref: path } })
      },
      /**
       * Opens one of this agent session's agent's own sessions (the sessions page lists them) as a
       * new session: this one is closed, or with `keep` left to its host with its reply running.
       */
      async openAgentOwn(agentSessionId: string, keep = false) {
        const left = id()
        if (!left) return
        const r = await act("session.openAgentSession", { agentSessionId })
        if (!r) return
        if (!keep) return leaveFor(left, r.sessionId)
        leaveBeside()
        start(r.sessionId, r.warnings)
      },
      /**
       * Leaves this live session to its host, its reply still running, and opens `mode` in a live
       * session of its own (another host): the window draws that one from now on.
       */
      async openBeside(mode: Params<"session.open">["mode"]) {
        const info = sync.data.info
        leaveBeside()
        route.navigate({ name: "session" })
        const t = props.target
        const base: Omit<Params<"session.open">, "mode"> = t.kind === "attach"
          ? { cwd: info?.cwd ?? process.cwd() }
          : withoutSessionPicks(t.params)
        // What /new in place would keep: the model and thinking level the person has now.
        const model = info?.model ? { model: `${info.model.provider}/${info.model.id}` } : {}
        const thinking = info?.thinkingLevel ? { thinking: info.thinkingLevel } : {}
        await open({ ...base, ...model, ...thinking, mode })
      },
      async openNew() {
        if (id()) {
          const r = await act("session.new", {})
          route.navigate({ name: "session" })
          composer.restore(r?.editorText)
          return
        }
        const t = props.target
        if (t.kind !== "pick") return
        route.navigate({ name: "session" })
        await open({ ...t.params, mode: { kind: "new" } })
      },
      cwd(): string | undefined {
        const t = props.target
        return sync.data.info?.cwd ?? (t.kind === "attach" ? undefined : t.params.cwd)
      },
    }
  },
})

/** The opening's flags without what named the first session (`--session-id`, `--name`). */
function withoutSessionPicks(params: Omit<Params<"session.open">, "mode">): Omit<Params<"session.open">, "mode"> {
  const { mode: _mode, ...rest } = params as Params<"session.open">
  if (!rest.pi) return rest
  const { sessionId: _id, name: _name, ...pi } = rest.pi
  return { ...rest, pi }
}
