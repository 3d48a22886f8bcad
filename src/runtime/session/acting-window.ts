// Which window's request the code running now serves, across the awaits of that request (an
// extension command its prompt runs included). A replacement of Pi's session is stamped with it
// (SessionInfo.movedBy), so each window can tell a move of its own from another window's.
import { AsyncLocalStorage } from "node:async_hooks"

const acting = new AsyncLocalStorage<string | undefined>()

/** The window whose request is being served; undefined for a client that names none (ACP, --print). */
export const actingWindow = (): string | undefined => acting.getStore()

/** Runs a request's handler on behalf of `window`. */
export function asWindow<T>(window: string | undefined, fn: () => T): T {
  return acting.run(window, fn)
}
