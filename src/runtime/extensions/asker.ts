// Who a dialog is asked for. A subagent runs in its parent's process and borrows the parent's
// tools (its questions, the sandboxed bash and edits), whose dialogs go through the parent's UI bridge:
// run inside `onBehalfOf`, each of them carries the child's name (UiRequest.from), however deep in
// the borrowed tool's code it is asked. The context follows the child's own async work only, so
// the parent's calls running beside it stay unnamed.
import { AsyncLocalStorage } from "node:async_hooks"

const asker = new AsyncLocalStorage<string>()

export function onBehalfOf<T>(from: string, run: () => Promise<T>): Promise<T> {
  return asker.run(from, run)
}

/** The name dialogs asked from here carry; undefined for the session's own agent. */
export function currentAsker(): string | undefined {
  return asker.getStore()
}
