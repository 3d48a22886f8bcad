// A subscription sign-in through Pi's own OAuth provider (the ones pi-ai ships and any an
// extension registers), shown to windows as one held `login` request: the link, instructions,
// progress and, when the flow waits on the person, one field. Credentials are written the way
// Pi's AuthStorage.login writes them, and only when the flow was not cancelled first.
import type { OAuthLoginCallbacks, OAuthProviderInterface } from "@mariozechner/pi-ai"
import type { AuthStorage } from "@mariozechner/pi-coding-agent"
import { ProtocolError, type LoginField, type LoginRequest, type UiResponse } from "../protocol"
import type { UiBridge } from "./ui-bridge"

export type LoginOutcome = { ok: true } | { ok: false; cancelled: boolean; error: string }

const CANCELLED = "Login cancelled"

export async function runOAuthLogin(
  auth: AuthStorage,
  provider: OAuthProviderInterface,
  bridge: UiBridge,
): Promise<LoginOutcome> {
  const abort = new AbortController()
  const view: Omit<LoginRequest, "id"> = { kind: "login", provider: provider.id, name: provider.name, progress: [] }
  let asking: { resolve(v: string): void; reject(e: Error): void } | undefined
  let keys = 0

  const onAnswer = (r: UiResponse) => {
    if ("cancelled" in r) {
      abort.abort()
      asking?.reject(new Error(CANCELLED))
      asking = undefined
      return
    }
    if (!("value" in r) || !asking || !view.field)
      throw new ProtocolError("bad_request", "This sign-in is not waiting for an answer right now")
    const field = view.field
    if (!field.allowEmpty && !field.options && !r.value.trim())
      throw new ProtocolError("bad_request", `"${field.message}" needs an answer`)
    if (field.options && !field.options.some((o) => o.id === r.value))
      throw new ProtocolError("bad_request", `"${r.value}" is not one of the choices`)
    const waiting = asking
    asking = undefined
    delete view.field
    held.update(view)
    waiting.resolve(r.value)
  }
  const held = bridge.hold(view, onAnswer)

  const ask = (field: Omit<LoginField, "key">) =>
    new Promise<string>((resolve, reject) => {
      if (abort.signal.aborted) return reject(new Error(CANCELLED))
      asking?.reject(new Error("Superseded by a newer question"))
      asking = { resolve, reject }
      view.field = { ...field, key: ++keys }
      held.update(view)
    })

  const callbacks: OAuthLoginCallbacks = {
    onAuth(info) {
      view.url = info.url
      if (info.instructions) view.instructions = info.instructions
      held.update(view)
    },
    onPrompt: (p) =>
      ask({
        message: p.message,
        ...(p.placeholder ? { placeholder: p.placeholder } : {}),
        ...(p.allowEmpty ? { allowEmpty: true } : {}),
      }),
    onProgress(message) {
      view.progress = [...view.progress, message]
      // The browser won the race with the pasted code: the field has nothing left to do.
      if (view.field?.manual) delete view.field
      held.update(view)
    },
    onSelect: async (p) => {
      try {
        return await ask({ message: p.message, options: p.options.map((o) => ({ id: o.id, label: o.label })) })
      } catch (err) {
        if (abort.signal.aborted) return undefined
        throw err
      }
    },
    signal: abort.signal,
  }
  if (provider.usesCallbackServer)
    callbacks.onManualCodeInput = () =>
      ask({ message: "Paste the redirect URL or the code here, or finish in the browser", manual: true })

  // Some flows do not watch the signal while they wait on the network: the cancel wins anyway.
  const cancelled = new Promise<never>((_, reject) =>
    abort.signal.addEventListener("abort", () => reject(new Error(CANCELLED)), { once: true }),
  )
  cancelled.catch(() => {})
  try {
    const credentials = await Promise.race([provider.login(callbacks), cancelled])
    if (abort.signal.aborted) return { ok: false, cancelled: true, error: CANCELLED }
    auth.set(provider.id, { type: "oauth", ...credentials })
    return { ok: true }
  } catch (err) {
    if (abort.signal.aborted) return { ok: false, cancelled: true, error: CANCELLED }
    return { ok: false, cancelled: false, error: loginError(err) }
  } finally {
    // A question still open (a pasted code the browser made moot) is dropped, not answered.
    asking = undefined
    held.close()
  }
}

/** Pi's flows put whole stacks and response dumps in their errors: keep what a person can read. */
export function loginError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  const cut = text.search(/;\s*stack=|\n\s+at /)
  const short = (cut === -1 ? text : text.slice(0, cut)).trim()
  return short.length > 600 ? `${short.slice(0, 600)}…` : short
}
