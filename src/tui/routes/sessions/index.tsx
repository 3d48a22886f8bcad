// The saved-sessions page (/session, /resume, --resume): search, then open one. Tab switches
// between this folder and every folder; Ctrl+N starts a new session.
import { createMemo, createResource, createSignal, Show } from "solid-js"
import type { Result, SavedSession } from "../../../protocol"
import { useClient } from "../../context/client"
import { useRoute } from "../../context/route"
import { useSync } from "../../context/sync"
import { useSession } from "../../context/session"
import { useStopGuard } from "../../context/stop-guard"
import { theme } from "../../theme"
import { PageList } from "../../ui/page-list"
import { plural } from "../../../util/plural"
import { formatAge, shortPath } from "../../util/format"
import { filterSessions, sessionTitle } from "./filter"
import { shortIds } from "../../../util/short-id"
import { terminalLine, terminalText } from "../../../common/terminal-text"

function liveNote(s: SavedSession): string {
  if (!s.live) return ""
  const parts = [s.live.running ? "● running" : "● open"]
  if (s.live.pendingQuestions) parts.push(plural(s.live.pendingQuestions, "question"))
  return " · " + parts.join(" · ")
}

/** A row of the page: a saved session, or (`own`: the agent's name) one of the agent's own. */
type Row = SavedSession & { own?: string }

function ownRows(r: Result<"session.agentSessions">): Row[] {
  return r.sessions.map((x) => ({
    own: r.agent ?? "the agent",
    path: "",
    id: x.sessionId,
    name: x.title,
    cwd: x.cwd,
    modified: (x.updatedAt && Date.parse(x.updatedAt)) || 0,
    messageCount: 0,
    firstMessage: "",
  }))
}

export function SessionsPage(props: { initial?: boolean }) {
  const client = useClient()
  const session = useSession()
  const route = useRoute()
  const guard = useStopGuard()
  const sync = useSync()
  const [all, setAll] = createSignal(false)
  const [query, setQuery] = createSignal("")
  const cwd = () => session.cwd()
  const [list] = createResource(
    () => ({ all: all(), cwd: cwd() }),
    async (q) => {
      try {
        const r = await client.request("sessions.list", q.all ? { all: true } : { cwd: q.cwd })
        return r.sessions
      } catch (e) {
        session.report(e)
        return []
      }
    },
  )
  // An agent session's agent's own sessions of this folder, after xagent's (none for Pi's).
  const [own] = createResource(
    () => (all() ? undefined : session.id()),
    async (sessionId) => {
      try {
        return ownRows(await client.request("session.agentSessions", { sessionId }))
      } catch {
        return []
      }
    },
  )
  const shown = createMemo(() => filterSessions([...(list() ?? []), ...(own() ?? [])], query()))
  // Ids as `--session` and `attach` take them: same-named sessions (a fork and its parent) differ.
  const ids = createMemo(() => shortIds((list() ?? []).map((s) => s.id)))
  // A session file's id, name and folder are whatever the file says: drawn without controls.
  const idOf = (id: string) => terminalLine(ids().get(id) ?? id)
  const back = () => (props.initial ? void session.openNew() : route.navigate({ name: "session" }))
  // A reply running in the session this page was opened from goes on beside the chosen one, or stops.
  const choose = (s: Row) => {
    if (s.own)
      return guard.leave({
        what: "open that session",
        stop: () => void session.openAgentOwn(s.id),
        keep: () => void session.openAgentOwn(s.id, true),
      })
    if (sync.data.running && s.path === sync.data.info?.file) return route.navigate({ name: "session" })
    guard.leave({
      what: "open that session",
      stop: () => void session.openSaved(s.path),
      keep: () => void session.openBeside({ kind: "session", ref: s.path }),
    })
  }
  const startNew = () =>
    guard.leave({
      what: "start a new session",
      stop: () => void session.openNew(),
      keep: () => void session.openBeside({ kind: "new" }),
    })

  return (
    <PageList
      title="Sessions"
      subtitle={all() ? "all folders" : terminalLine(shortPath(cwd() ?? ""))}
      items={shown()}
      loading={list.loading}
      empty={query() ? "No session matches" : "No saved sessions here yet"}
      rowHeight={2}
      hints={`Enter open · Tab ${all() ? "this folder" : "all folders"} · Ctrl+N new · Esc ${props.initial ? "new session" : "back"}`}
      onQuery={setQuery}
      onChoose={choose}
      onBack={back}
      onKey={(e) => {
        if (e.name === "tab") {
          setAll((v) => !v)
          return true
        }
        if (e.name === "n" && e.ctrl) {
          startNew()
          return true
        }
        return false
      }}
    >
      {(s, selected) => (
        <>
          <text wrapMode="none" truncate fg={selected() ? theme.accent : theme.text}>
            {(selected() ? "› " : "  ") + terminalText(sessionTitle(s))}
            <Show when={s.name && s.firstMessage}>
              <span style={{ fg: theme.dim }}>{`  ${terminalText(sessionTitle({ ...s, name: undefined }))}`}</span>
            </Show>
          </text>
          <Show
            when={(s as Row).own}
            fallback={
              <text wrapMode="none" truncate fg={theme.dim}>
                {`  ${idOf(s.id)} · ${formatAge(s.modified)} · ${plural(s.messageCount, "message")}` +
                  (s.forkOf ? ` · fork of ${idOf(s.forkOf)}` : "") +
                  (all() ? ` · ${terminalLine(shortPath(s.cwd))}` : "")}
                <Show when={s.live}>
                  <span style={{ fg: s.live?.running ? theme.warning : theme.success }}>{liveNote(s)}</span>
                </Show>
              </text>
            }
          >
            {(agent: () => string) => (
              <text wrapMode="none" truncate fg={theme.dim}>
                {`  ${terminalLine(agent())}'s own session · ${terminalLine(s.id)}` +
                  (s.modified ? ` · ${formatAge(s.modified)}` : "")}
              </text>
            )}
          </Show>
        </>
      )}
    </PageList>
  )
}
