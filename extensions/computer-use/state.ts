// What the status segment says, from what the extension has seen: the operation, ownership,
// control, a stop, another session holding the desktop, a worker that will not start.
import { COMPUTER_STATUS_TEXT, type ComputerState } from "../../src/common/computer-use"

export class ComputerStatus {
  op: string | undefined
  owned = false
  control = false
  stopped = false
  busy = false
  unavailable = false

  get state(): ComputerState {
    if (this.unavailable) return "unavailable"
    if (this.stopped) return "stopped"
    if (this.busy) return "busy"
    if (this.control) return "control"
    if (this.owned) return "owned"
    return "idle"
  }

  text(enabled: boolean): string | undefined {
    return enabled ? COMPUTER_STATUS_TEXT[this.state] : undefined
  }

  /** A new user run: a fresh operation, nothing held, no stop. */
  begin(op: string) {
    Object.assign(this, { op, owned: false, control: false, stopped: false, busy: false })
  }
  end() {
    Object.assign(this, { op: undefined, owned: false, control: false, busy: false, stopped: false })
  }
}
