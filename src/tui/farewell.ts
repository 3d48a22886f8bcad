// What the window says on the normal terminal once it has closed: how to get back. As Codex's
// `codex resume <id>` and Pi's "To resume this session", in one line each: the session's
// `--session` command when it has been saved, and `xagent attach` for each reply still running
// in a session host (this window's session, and those it left running in the background).
import type { Client } from "../client/client"
import { terminalText } from "../common/terminal-text"
import { shortIds } from "../util/short-id"
import type { BackgroundReply } from "./context/background-replies"

/**
 * The listing that makes ids short may be slow on a huge session folder (it counts each file's
 * messages): past this, full ids. A window ended by a signal is expected gone within moments, so
 * it waits far less.
 */
export const LIST_CEILING_MS = 3000
export const SIGNALLED_LIST_CEILING_MS = 300

export interface FarewellState {
  /** Pi's id of the window's session (absent before it opened). */
  piSessionId?: string
  /** The window's reply is running, and goes on after it (the daemon hosts it). */
  runningOn: boolean
  background: BackgroundReply[]
  /** `--session-dir`, which the command must name again. */
  sessionDir?: string
}

/** Ids and paths as one plain word or a quoted string a shell takes back: no escapes. */
function word(text: string): string {
  const plain = terminalText(text).replace(/\s+/g, " ")
  return /^[\w@%+=:,./-]+$/.test(plain) ? plain : `'${plain.replace(/'/g, "'\\''")}'`
}

export async function farewellLines(
  client: Client,
  s: FarewellState,
  ceilingMs = LIST_CEILING_MS,
): Promise<string | undefined> {
  const ids = [s.piSessionId, ...s.background.map((b) => b.piSessionId)].filter((x): x is string => !!x)
  if (ids.length === 0) return undefined
  const listing = await Promise.race([
    client.request("sessions.list", { all: true }).then(
      (r) => r.sessions,
      () => undefined,
    ),
    new Promise<undefined>((r) => setTimeout(r, ceilingMs).unref?.()),
  ])
  // The same prefixes `xagent sessions` and `attach` show: unique among every saved session.
  const short = shortIds([...(listing ?? []).map((x) => x.id), ...ids])
  const id = (full: string) => word(listing ? (short.get(full) ?? full) : full)
  const lines: string[] = []
  const mine = s.piSessionId ? listing?.find((x) => x.id === s.piSessionId) : undefined
  // Only a session with something in it: an empty one has no file to come back to.
  if (s.piSessionId && (listing ? mine && mine.messageCount > 0 : s.runningOn)) {
    const dir = s.sessionDir ? ` --session-dir ${word(s.sessionDir)}` : ""
    lines.push(`Resume this session with: xagent${dir} --session ${id(s.piSessionId)}`)
  }
  // `attach` picks among live sessions, which the listing of saved ones does not hold (a new one
  // is saved with its first reply): a prefix unique there can match two live sessions (Pi's ids
  // start with the time, so two made within a minute share 8 characters). The whole id is sure.
  if (s.runningOn && s.piSessionId) lines.push(`Its reply is still running: xagent attach ${word(s.piSessionId)}`)
  for (const b of s.background)
    if (b.piSessionId) lines.push(`A reply is still running in “${b.title}”: xagent attach ${word(b.piSessionId)}`)
  return lines.length ? lines.join("\n") : undefined
}
