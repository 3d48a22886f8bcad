// Leaving or replacing the session while a reply runs. Through the daemon a closed window leaves
// its reply running, so quitting asks nothing; a --no-daemon window (a local client) holds the
// session itself and quitting stops the reply: that asks first. Going to another session asks
// too: through the daemon every live session has a host of its own, so the reply may go on there
// while the window moves on (the first choice); a --no-daemon window has no such host.
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

  return {
    quit() {
      const local = client.client()?.kind === "local"
      confirmStop(local, "The reply ends with this window (--no-daemon). Quit and stop it?", () => exit.exit(0))
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
