// /login: a subscription's sign-in (run by the host) or a provider's API key (asked here, saved by the daemon).
import type { CommandActions } from "../../commands"
import { useClient } from "../../context/client"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { DialogInput } from "../../ui/dialog-input"
import { DialogSelect } from "../../ui/dialog-select"
import type { ProviderAuth } from "../../../protocol"
import { useActionToasts } from "./action-toasts"

export function useLoginAction(): CommandActions["login"] {
  const client = useClient()
  const session = useSession()
  const dialog = useDialog()
  const { info, fail } = useActionToasts()

  return async function login(provider) {
    // Providers an extension registers (-e) are known once the session has loaded its extensions.
    await session.whenReady().catch(() => {})
    const r = await client.request("auth.status", {}).catch((e: unknown) => void fail(e))
    if (!r) return
    const askKey = (p: ProviderAuth) =>
      dialog.show(() => (
        <DialogInput
          secret
          title={`API key for ${p.name ?? p.provider}${p.envVar ? ` (or set ${p.envVar})` : ""}`}
          placeholder="Paste the key and press Enter"
          onSubmit={(key) => {
            if (!key.trim()) return info("No key saved")
            client
              .request("auth.setApiKey", { provider: p.provider, key: key.trim() })
              .then(() => info(`Saved the key for ${p.provider}`), fail)
          }}
          onCancel={() => {}}
        />
      ))
    // The host runs the flow; its dialog arrives as a held `login` request (ui-requests.tsx).
    const signIn = (p: ProviderAuth) => void session.act("auth.login", { provider: p.provider })
    const choose = (value: string) => {
      const [how, id] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)]
      const p = r.providers.find((x) => x.provider === id)
      if (p) (how === "oauth" ? signIn : askKey)(p)
    }
    const want = provider.trim()
    if (want) {
      const p = r.providers.find((x) => x.provider === want) ?? {
        provider: want,
        hasAuth: false,
        oauth: false,
        apiKey: true,
      }
      if (p.oauth && p.apiKey)
        return dialog.show(() => (
          <DialogSelect
            title={`Sign in to ${p.name ?? p.provider}`}
            options={[
              { label: "Subscription sign-in (browser)", value: `oauth:${p.provider}` },
              { label: "API key", value: `key:${p.provider}` },
            ]}
            onSelect={choose}
            onCancel={() => {}}
          />
        ))
      return p.oauth ? signIn(p) : askKey(p)
    }
    if (r.providers.length === 0) return info("No providers known. Set an API key variable such as ANTHROPIC_API_KEY.")
    const state = (p: ProviderAuth) => (p.hasAuth ? "✓ signed in" : "not set")
    dialog.show(() => (
      <DialogSelect
        title="Sign in: choose a subscription or a provider's API key"
        filterable={r.providers.length > 8}
        options={[
          ...r.providers
            .filter((p) => p.oauth)
            .map((p) => ({
              label: p.name ?? p.provider,
              value: `oauth:${p.provider}`,
              description: "subscription",
              footer: state(p),
            })),
          ...r.providers
            .filter((p) => p.apiKey)
            .map((p) => ({
              label: p.provider,
              value: `key:${p.provider}`,
              description: p.envVar ? `API key or $${p.envVar}` : "API key",
              footer: state(p),
            })),
        ]}
        onSelect={choose}
        onCancel={() => {}}
      />
    ))
  }
}
