// What the session host gives each bundled extension (extensions/<name>/index.ts) beside Pi's own
// ExtensionAPI: how the session runs, and a way to put a dialog of xagent's own kinds (ask_user)
// in front of the session's windows. Types only, so an extension can use them without loading
// anything of the host.
import type { UiRequest, UiResponse } from "./ui"

/**
 * - `window`: the host lives in the window's process (`--no-daemon`, in-process hosts) and ends with it.
 * - `daemon`: the shared background daemon; windows attach and detach, so a reply may run with none.
 * - `print`: `xagent -p`; no window will answer a dialog (one that is asked is declined).
 */
export type BundledMode = "window" | "daemon" | "print"

/** A dialog as an extension asks for it: the host gives it its id. */
export type UiRequestBody = UiRequest extends infer R ? (R extends UiRequest ? Omit<R, "id"> : never) : never

export interface BundledHost {
  readonly mode: BundledMode
  /**
   * Shows the dialog in every window of the session (the first answer wins); resolves undefined
   * when it is cancelled, aborted through `signal`, or the session is replaced or closed.
   */
  request(request: UiRequestBody, opts?: { signal?: AbortSignal }): Promise<UiResponse | undefined>
}
