// What more than one family of session methods uses: a failure as a ProtocolError a person can
// act on, and the queued messages given back to the composer when the session is replaced.
import { ProtocolError } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import type { LiveSession } from "../session/live-session"
import { takeQueued } from "../session/queue-edit"

/**
 * Messages queued behind a running reply (steer, follow-up), taken out before the session is
 * replaced: Pi would drop them with it, and they are the person's words.
 */
export function takeQueue(live: LiveSession): string | undefined {
  const texts = takeQueued(live).map((m) => m.text)
  return texts.length ? texts.join("\n\n") : undefined
}

/** What goes back into the composer: any of these texts, in order. */
export function editorText(...texts: (string | undefined)[]): { editorText?: string } {
  const text = texts.filter((t) => t?.trim()).join("\n\n")
  return text ? { editorText: text } : {}
}

export async function failed<T>(fn: () => Promise<T> | T, what: string): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof ProtocolError) throw err
    throw new ProtocolError("failed", `${what}: ${errorText(err)}`)
  }
}
