// The host's sign-in requests (auth.status, auth.setApiKey, auth.login): one credential store for
// every live session, so a session that had no usable model gets the new provider's first one.
import { resolve } from "node:path"
import type { ModelRuntime } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type Params, type Result } from "../../protocol/index"
import { errorText } from "../../util/error-text"
import type { LiveSession } from "../session/live-session"
import { authStatus, realModel, storeApiKey } from "../setup/models"
import { runOAuthLogin, signInName } from "../setup/oauth-login"

export interface AuthDeps {
  agentDir: string
  /** Set once the host is ready, which every request awaits first. */
  modelRuntime(): ModelRuntime
  sessions(): Iterable<LiveSession>
  /** The live session by id, or the host's not_found error. */
  get(sessionId: string): LiveSession
  log(msg: string): void
}

export function createHostAuth(d: AuthDeps) {
  let signingIn: string | undefined

  /** Sessions with no usable model take the new provider's first model; every window hears of it. */
  async function signedIn(provider: string) {
    const available = await d.modelRuntime().getAvailable(provider)
    for (const s of d.sessions()) {
      // still opening (its trust question waits): it takes a model once its runtime is made
      if (!s.started) continue
      const usable = !realModel(s.session.model) && available[0]
      if (usable)
        await s.session.setModel(usable).catch((err) => d.log(`setModel after sign-in failed: ${errorText(err)}`))
      s.emitInfo()
    }
  }

  return {
    status: (): Result<"auth.status"> => ({ providers: authStatus(d.modelRuntime()) }),

    async setApiKey(p: Params<"auth.setApiKey">): Promise<Result<"auth.setApiKey">> {
      const modelRuntime = d.modelRuntime()
      const known = authStatus(modelRuntime).find((x) => x.provider === p.provider)
      if (!known) throw new ProtocolError("not_found", `Unknown provider "${p.provider}"`)
      if (!known.apiKey)
        throw new ProtocolError(
          "bad_request",
          known.oauth
            ? `${known.name ?? p.provider} takes no API key: sign in with /login instead`
            : `${known.name ?? p.provider} takes no stored API key${known.envVar ? `: set ${known.envVar} instead` : ""}`,
        )
      await storeApiKey(modelRuntime, p.provider, p.key)
      await signedIn(p.provider)
      return {}
    },

    async login(p: Params<"auth.login">): Promise<Result<"auth.login">> {
      const live = d.get(p.sessionId)
      const modelRuntime = d.modelRuntime()
      const oauth = modelRuntime.getProviders().filter((o) => o.auth.oauth)
      const provider = oauth.find((o) => o.id === p.provider)
      if (!provider) {
        const ids = oauth.map((o) => o.id).sort()
        throw new ProtocolError("not_found", `No subscription sign-in for "${p.provider}"; there is: ${ids.join(", ")}`)
      }
      if (signingIn) throw new ProtocolError("failed", `A sign-in to ${signingIn} is already under way`)
      const name = signInName(provider)
      signingIn = name
      // The flow waits on the person and the browser: answer now, report the end as a notice.
      void runOAuthLogin(modelRuntime, provider, live.bridge)
        .finally(() => (signingIn = undefined))
        .then(async (r) => {
          if (r.ok) {
            // Pi's login refreshes the provider's models for the account itself.
            await signedIn(provider.id)
            live.notice("info", `Signed in to ${name}. Credentials saved to ${resolve(d.agentDir, "auth.json")}`)
          } else if (r.cancelled) live.notice("info", `Sign-in to ${name} cancelled`)
          else live.notice("error", `Sign-in to ${name} failed: ${r.error}`)
        })
        .catch((err) => d.log(`sign-in to ${provider.id} failed: ${errorText(err)}`))
      return {}
    },
  }
}
