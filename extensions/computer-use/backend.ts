// What a desktop backend does for the worker (worker.ts): the native one drives Windows through
// the C# helpers (native-backend.ts); the simulated one (testing/sim-backend.ts) is a scripted
// desktop that only tests can select, through the factory's launcher.
import type { Verification } from "../../src/common/computer-use"
import type { HostKind } from "./protocol"

export interface CallContext {
  id: string
  op: string | null
  epoch: number
  /** Aborted by `cancel`, an emergency stop or dispose: release input and end. */
  signal: AbortSignal
  deadlineMs: number | null
  /** Called just before the call starts to act: from here a failure's effect is `unknown`. */
  markEffect(): void
}

export interface CallResult {
  text: string
  data?: Record<string, unknown>
  image?: { base64: string; mimeType: string; width: number; height: number }
  verification: Verification
  windowRef?: string
  warnings?: string[]
}

export interface BackendEvents {
  /** The person's emergency stop (Esc or the chord), or a lost border or desktop. */
  stopped(reason: string): void
  desktopLost(reason: string): void
}

export interface Cleanup {
  released: string[]
  retained: string[]
}

export interface Backend {
  readonly host: HostKind
  start(events: BackendEvents): Promise<{ capabilities: string[]; helperPids: number[] }>
  /** What works here, without taking ownership. */
  health(): Promise<Record<string, unknown>>
  /** Takes the desktop for this session; throws COMPUTER_USE_BUSY when another session holds it. */
  acquire(): Promise<void>
  release(): Promise<void>
  /** Physical input: suppress the person's input, show the border, arm the stop (or undo it). */
  control(active: boolean): Promise<void>
  call(method: string, params: Record<string, unknown>, ctx: CallContext): Promise<CallResult>
  /** Lets go of every key and button this backend may hold; true when nothing is held after. */
  releaseInput(): Promise<boolean>
  preview(params: Record<string, unknown>): Promise<CallResult>
  dispose(): Promise<Cleanup>
}
