// Leaving or replacing the session while a reply runs. Through the daemon a closed window leaves
// its reply running, so quitting asks nothing; a --no-daemon window (a local client) holds the
// session itself and quitting stops the reply, as /new stops it anywhere: those ask first.
import { DialogConfirm } from "../ui/dialog-confirm"
import { useClient } from "./client"
import { useDialog } from "./dialog"
import { useExit } from "./exit"
import { useSync } from "./sync"

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

  return {
    quit() {
      const local = client.client()?.kind === "local"
      confirmStop(local, "The reply ends with this window (--no-daemon). Quit and stop it?", () => exit.exit(0))
    },
    newSession(go: () => void) {
      confirmStop(true, "Start a new session and stop it?", go)
    },
  }
}
