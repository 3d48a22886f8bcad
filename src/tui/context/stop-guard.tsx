// Leaving or replacing the session while a reply runs. Through the daemon a closed window leaves
// its reply running, so quitting asks nothing; a --no-daemon window (a local client) holds the
// session itself and quitting stops the reply: that asks first. Going to another session asks
// too: through the daemon every live session has a host of its own, so the reply may go on there
// while the window moves on (the first choice); a --no-daemon window has no such host.
// Quitting while the session file lacks entries (a full disk, a file that cannot be written) says
// so and what may be done: keep the session in its host (through the daemon), write it to another
// file, or lose them; nothing is dropped without the person having been asked.
import { terminalLine } from "../../common/terminal-text"
import type { SessionInfo } from "../../protocol"
import { DialogConfirm } from "../ui/dialog-confirm"
import { DialogSelect } from "../ui/dialog-select"
import { useClient } from "./client"
import { useDialog } from "./dialog"
import { useExit } from "./exit"
import { useSync } from "./sync"

/** Where the window goes: `stop` in this live session (the reply stops), `keep` beside it. */
export interface Leaving {
  /** What the person asked for, as the end of a question: "start a new session". */
  what: string
  stop: () => void
  keep?: () => void
  /** Why the reply cannot go on in the background, when there is no `keep` (the dialog says it). */
  why?: string
}

const KEEP = "Keep it running in the background"

export function useStopGuard() {
  const client = useClient()
  const dialog = useDialog()
  const exit = useExit()
  const sync = useSync()

  /** Runs `go` now, or once the person says yes when it would stop a running reply. */
  const confirmStop = (stops: boolean, message: string, go: () => void) => {
    if (!stops || !sync.data.running) return go()
    dialog.show(() => <DialogConfirm title="A reply is running" message={message} onConfirm={(yes) => yes && go()} />)
  }

  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

  /** Ends the session in its host unless a reply runs there (quitting leaves a reply running). */
  const closeIdle = async () => {
    const sessionId = sync.data.sessionId
    if (sessionId && !sync.data.running) await client.request("session.close", { sessionId }).catch(() => {})
  }

  const askUnsaved = (unsaved: NonNullable<SessionInfo["unsaved"]>, daemon: boolean) => {
    const n = unsaved.count === 1 ? "1 entry" : `${unsaved.count} entries`
    const file = terminalLine(unsaved.file)
    const id = terminalLine(sync.data.info?.piSessionId ?? "")
    const copy = async () => {
      const sessionId = sync.data.sessionId
      if (!sessionId) return
      try {
        const { path } = await client.request("session.saveUnsaved", { sessionId })
        await closeIdle()
        const at = terminalLine(path)
        exit.exit(
          0,
          `xagent: ${file} could not be written; the session, with its ${n} not saved there, is in ${at}\nOpen it with: xagent --session ${at}`,
        )
      } catch (e) {
        sync.notify({ level: "error", message: e instanceof Error ? e.message : String(e) })
      }
    }
    dialog.show(() => (
      <DialogSelect
        title={`${n} of this session could not be saved to ${file}`}
        options={[
          ...(daemon
            ? [
                {
                  label: "Keep the session alive",
                  value: "keep",
                  description: "its host keeps them and saves them once the file can be written",
                },
              ]
            : []),
          { label: "Write the session to another file", value: "copy", description: "its path is said at exit" },
          { label: "Quit and lose them", value: "lose", description: daemon ? "the session ends" : "" },
          { label: "Cancel", value: "cancel", description: "stay in this session" },
        ]}
        onSelect={(v) => {
          if (v === "keep")
            exit.exit(
              0,
              `xagent: ${n} not saved to ${file} are kept in the live session, which goes on until they are\n` +
                `Come back to it with: xagent attach ${id}`,
            )
          else if (v === "copy") void copy()
          else if (v === "lose") void closeIdle().then(() => exit.exit(0))
        }}
        onCancel={() => {}}
      />
    ))
  }

  return {
    quit() {
      const kind = client.client()?.kind
      const unsaved = sync.data.info?.unsaved
      if (unsaved && unsaved.count > 0 && sync.data.sessionId) return askUnsaved(unsaved, kind === "socket")
      confirmStop(kind === "local", "The reply ends with this window (--no-daemon). Quit and stop it?", () =>
        exit.exit(0),
      )
    },
    /** Goes to another session: with a reply running, asks whether it goes on, stops, or the window stays. */
    leave(to: Leaving) {
      if (!sync.data.running) return to.stop()
      const keep = client.client()?.kind === "socket" ? to.keep : undefined
      if (!keep) {
        const why =
          to.why ?? (to.keep ? "It cannot go on in the background: this window holds the session (--no-daemon)." : "")
        return confirmStop(true, `${capital(to.what)} and stop it?${why ? ` ${why}` : ""}`, to.stop)
      }
      dialog.show(() => (
        <DialogSelect
          title={`A reply is running: ${to.what}`}
          options={[
            { label: KEEP, value: "keep", description: "/resume comes back to it" },
            { label: "Stop it", value: "stop", description: `and ${to.what}` },
            { label: "Cancel", value: "cancel", description: "stay in this session" },
          ]}
          onSelect={(v) => (v === "keep" ? keep() : v === "stop" ? to.stop() : undefined)}
          onCancel={() => {}}
        />
      ))
    },
  }
}
