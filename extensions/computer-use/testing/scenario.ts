// The simulated desktop's scenario (JSON written by a test): windows with element trees, a fixed
// clock, the files through which the test and the sim talk (lock, control, effects, trace), and
// the faults to inject, each for the next `times` calls of one method.
export interface SimElement {
  role: string
  name: string
  automationId?: string
  value?: string
  password?: boolean
  bounds: [number, number, number, number]
  children?: SimElement[]
}

export interface SimWindow {
  hwnd: number
  pid: number
  title: string
  process: string
  bounds: [number, number, number, number]
  minimized?: boolean
  elements: SimElement[]
}

export type FaultKind =
  | "delay"
  | "hang"
  | "crash_before"
  | "crash_after"
  | "stall_after"
  | "uncertain"
  | "garble"
  | "split"
  | "coalesce"
  | "stderr"
  | "no_release_ack"
  | "no_dispose_ack"
  | "slow_dispose_ack"
  | "no_hello"
  | "slow_hello"
  | "no_interactive_desktop"

export interface Fault {
  /** A method name, or `hello` / `dispose` for the worker's own messages. */
  method: string
  kind: FaultKind
  ms?: number
  /** How many calls it applies to (default 1; 0 means always). */
  times?: number
  /** Only in the worker of this epoch (a restarted worker reads the scenario afresh). */
  epoch?: number
}

export interface Scenario {
  windows: SimWindow[]
  /** Front to back: the first is the foreground window. */
  zOrder?: number[]
  clockMs?: number
  /** An O_EXCL lock file shared by every session's sim: the desktop's owner. */
  lockPath: string
  /** A folder: the test sends `stop`, `advance <ms>` or `remark <hwnd>` lines into it (control.ts). */
  controlPath: string
  /** One JSON line per action that reached the desktop. */
  effectsPath: string
  /** One line per backend entry point called (acquire, release, call, ...). */
  tracePath: string
  faults?: Fault[]
}

export const REF_LIFETIME_MS = 5 * 60_000
