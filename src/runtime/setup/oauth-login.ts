// A subscription sign-in through Pi's own OAuth providers (the ones pi-ai ships and any an
// extension registers), shown to windows as one held `login` request: the link, instructions,
// progress and, when the flow waits on the person, one field. Pi's ModelRuntime.login runs the
// flow and writes the credentials, and writes nothing once the flow's signal was aborted.
import type { AuthEvent, AuthPrompt, Provider } from "@earendil-works/pi-ai"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type LoginField, type LoginRequest, type UiResponse } from "../../protocol/index"
import type { UiBridge } from "../extensions/ui-bridge"
import { errorText } from "../../util/error-text"

export type LoginOutcome = { ok: true } | { ok: false; cancelled: boolean; error: string }

const CANCELLED = "Login cancelled"

/** The name a sign-in is shown by: the subscription's ("Anthropic (Claude Pro/Max)"). */
export const signInName = (provider: Provider) => provider.auth.oauth?.name ?? provider.name

export async function runOAuthLogin(
  runtime: ModelRuntime,
  provider: Provider,
  bridge: UiBridge,
): Promise<LoginOutcome> {
  const abort = new AbortController()
  const view: Omit<LoginRequest, "id"> = {
    kind: "login",
    provider: provider.id,
    name: signInName(provider),
    progress: [],
  }
  let asking: { resolve(v: string): void; reject(e: Error): void } | undefined
  let keys = 0

  const onAnswer = (r: UiResponse) => {
    if ("cancelled" in r) {
      abort.abort(new Error(CANCELLED))
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

  const ask = (field: Omit<LoginField, "key">, signal?: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      if (abort.signal.aborted) return reject(new Error(CANCELLED))
      asking?.reject(new Error("Superseded by a newer question"))
      const mine = { resolve, reject }
      asking = mine
      view.field = { ...field, key: ++keys }
      held.update(view)
      // The flow withdrew this question (the browser won the race with a pasted code).
      signal?.addEventListener(
        "abort",
        () => {
          if (asking !== mine) return
          asking = undefined
          delete view.field
          held.update(view)
          reject(new Error("The sign-in no longer needs this answer"))
        },
        { once: true },
      )
    })

  const prompt = (p: AuthPrompt): Promise<string> => {
    const placeholder = "placeholder" in p && p.placeholder ? { placeholder: p.placeholder } : {}
    // Extension flows written for Pi's older callbacks may still pass allowEmpty along.
    const allowEmpty = (p as { allowEmpty?: boolean }).allowEmpty ? { allowEmpty: true } : {}
    switch (p.type) {
      case "select":
        return ask({ message: p.message, options: p.options.map((o) => ({ id: o.id, label: o.label })) }, p.signal)
      case "manual_code":
        return ask(
          {
            message: "Paste the redirect URL or the code here, or finish in the browser",
            manual: true,
            ...placeholder,
          },
          p.signal,
        )
      default:
        return ask({ message: p.message, ...placeholder, ...allowEmpty }, p.signal)
    }
  }

  const notify = (e: AuthEvent) => {
    if (e.type === "auth_url") {
      view.url = e.url
      if (e.instructions) view.instructions = e.instructions
    } else if (e.type === "device_code") {
      view.url = e.verificationUri
      view.instructions = `Enter the code ${e.userCode} at ${e.verificationUri}`
    } else {
      view.progress = [...view.progress, e.message]
      // The browser won the race with the pasted code: the field has nothing left to do.
      if (e.type === "progress" && view.field?.manual) delete view.field
    }
    held.update(view)
  }

  try {
    await runtime.login(provider.id, "oauth", { signal: abort.signal, prompt, notify })
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
  const text = errorText(err)
  const cut = text.search(/;\s*stack=|\n\s+at /)
  const short = (cut === -1 ? text : text.slice(0, cut)).trim()
  return short.length > 600 ? `${short.slice(0, 600)}…` : short
}
