// What the built-in commands do: requests on the session, and the dialogs and pages they need.
import { useRenderer, useTerminalDimensions } from "@opentui/solid"
import type { CommandActions, CopyTarget, ExportFormat } from "../../commands"
import { HelpView } from "../../component/help-view"
import { UsageView } from "../../component/usage/usage-view"
import { useClient } from "../../context/client"
import { useClipboard } from "../../context/clipboard"
import { useDialog } from "../../context/dialog"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useStopGuard } from "../../context/stop-guard"
import { useSync } from "../../context/sync"
import { useToast } from "../../context/toast"
import { useThemes } from "../../context/themes"
import { DialogInput } from "../../ui/dialog-input"
import { DialogSelect } from "../../ui/dialog-select"
import { fillComposer } from "../../util/composer-text"
import { oneLine } from "../../util/format"
import { initPrompt } from "../../util/init-prompt"
import { permissionLines } from "../../util/permission-lines"
import { sessionChanges } from "../../util/session-changes"
import { SessionChangesView } from "../../component/session-changes-view"
import { RELOADED_NOTICE, transcriptMarkdown, type ProviderAuth, type ThinkingLevel } from "../../../protocol"
import { copyText } from "./copy-text"

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh", "max"]

export function useCommandActions(): CommandActions {
  const renderer = useRenderer()
  const client = useClient()
  const session = useSession()
  const dialog = useDialog()
  const toast = useToast()
  const route = useRoute()
  const sync = useSync()
  const dims = useTerminalDimensions()
  const guard = useStopGuard()
  const clipboard = useClipboard()
  const themes = useThemes()

  const info = (message: string) => toast.show({ level: "info", message })
  const fail = (e: unknown) => toast.show({ level: "error", message: e instanceof Error ? e.message : String(e) })

  const setModel = (provider: string, id: string) =>
    session.act("session.setModel", { provider, id }).then((r) => r && info(`Model: ${provider}/${id}`))

  async function settings(at?: string): Promise<void> {
    const r = await session.act("settings.list", {})
    if (!r) return
    dialog.show(() => (
      <DialogSelect
        title="Settings (Pi's settings.json)"
        // Back from a value, the list opens on the row just changed, not its first.
        start={at}
        options={r.settings.map((x) => ({
          label: x.label,
          value: x.key,
          description: x.description,
          footer: x.value,
        }))}
        onSelect={(key) => {
          const row = r.settings.find((x) => x.key === key)!
          dialog.show(() => (
            <DialogSelect
              title={row.label}
              current={row.value}
              options={row.options.map((o) => ({ label: o, value: o }))}
              onSelect={(value) =>
                void session.act("settings.set", { key, value }).then((done) => {
                  if (!done) return
                  info(`${row.label}: ${value}`)
                  void settings(key)
                })
              }
              onCancel={() => void settings(key)}
            />
          ))
        }}
        onCancel={() => {}}
      />
    ))
  }

  async function fork(): Promise<void> {
    const r = await session.act("session.forkPoints", {})
    if (!r) return
    if (r.points.length === 0) return info("Nothing to fork from yet")
    dialog.show(() => (
      <DialogSelect
        title="Fork from message"
        filterable={r.points.length > 8}
        options={[...r.points].reverse().map((p) => ({ label: oneLine(p.text, 200), value: p.entryId }))}
        onSelect={async (entryId) => {
          const done = await session.act("session.fork", { entryId })
          if (done) fillComposer(renderer, done.editorText)
        }}
        onCancel={() => {}}
      />
    ))
  }

  return {
    help: () => dialog.show(() => <HelpView />),
    newSession: () =>
      guard.leave({
        what: "start a new session",
        stop: () => void session.openNew(),
        keep: () => void session.openBeside({ kind: "new" }),
      }),
    openSessions: () => route.navigate({ name: "sessions" }),
    openTree: () => route.navigate({ name: "tree" }),
    openWorktrees: () => route.navigate({ name: "worktree" }),
    openPackages: () => route.navigate({ name: "packages" }),
    fork: () =>
      // A fork takes this live session's place (Pi's fork from a message, in the session's host):
      // there is no host beside it for the reply to go on in.
      guard.leave({
        what: "fork",
        why: "A fork replaces this session in its host, so the reply cannot go on beside it.",
        stop: () => void fork(),
      }),
    async pickModel(query) {
      const open = async (all: boolean): Promise<void> => {
        const r = await session.act("session.models", {})
        if (!r) return
        const q = query.trim().toLowerCase()
        // Pi's picker opens on the scoped models (enabledModels) when there are some; Tab shows all.
        const scopedKeys = new Set((r.scoped ?? []).map((m) => `${m.provider}/${m.id}`))
        const scoped = !q && !all && scopedKeys.size > 0
        let models = scoped ? r.models.filter((m) => scopedKeys.has(`${m.provider}/${m.id}`)) : r.models
        if (q) {
          const hits = r.models.filter((m) => `${m.provider}/${m.id}`.toLowerCase() === q || m.id.toLowerCase() === q)
          if (hits.length === 1) return void setModel(hits[0]!.provider, hits[0]!.id)
          // Not one exact name: the picker opens on what the query is part of, or says there is none.
          models = r.models.filter((m) => `${m.provider}/${m.id} ${m.name ?? ""}`.toLowerCase().includes(q))
          if (models.length === 0) return fail(`No model matches "${query.trim()}"`)
        }
        const current = r.current ? `${r.current.provider}/${r.current.id}` : undefined
        const handle = dialog.show(() => (
          <DialogSelect
            title={
              q
                ? `Models matching "${query.trim()}"`
                : scoped
                  ? "Choose a model · scoped (Tab: all)"
                  : scopedKeys.size > 0
                    ? "Choose a model · all (Tab: scoped)"
                    : "Choose a model"
            }
            onTab={scopedKeys.size > 0 && !q ? () => (handle.close(), void open(scoped)) : undefined}
            filterable
            current={current}
            // Usable models first (Pi knows hundreds, most without a key here); the order is otherwise kept.
            options={[...models.filter((m) => m.available), ...models.filter((m) => !m.available)].map((m) => ({
              label: `${m.provider}/${m.id}`,
              value: `${m.provider}/${m.id}`,
              description: m.name && m.name !== m.id ? m.name : undefined,
              footer: m.available ? undefined : "no key",
            }))}
            onSelect={(value) => {
              const slash = value.indexOf("/")
              void setModel(value.slice(0, slash), value.slice(slash + 1))
            }}
            onCancel={() => {}}
          />
        ))
      }
      return open(false)
    },
    async setThinking(level) {
      const want = level.trim().toLowerCase()
      const apply = (l: ThinkingLevel) =>
        session.act("session.setThinking", { level: l }).then((r) => r && info(`Thinking: ${l}`))
      if (want) {
        if (!LEVELS.includes(want as ThinkingLevel))
          return fail(`Unknown thinking level "${want}": use ${LEVELS.join(", ")}`)
        return void apply(want as ThinkingLevel)
      }
      // The model's own levels: one without reasoning has only "off", and offering six would lie.
      const r = await session.act("session.models", {})
      if (!r) return
      const model = r.current ? `${r.current.provider}/${r.current.id}` : "This model"
      if (r.levels.length <= 1) return info(`${model} has no thinking levels`)
      dialog.show(() => (
        <DialogSelect
          title="Thinking level"
          current={sync.data.info?.thinkingLevel}
          options={r.levels.map((l) => ({ label: l, value: l }))}
          onSelect={(l) => void apply(l as ThinkingLevel)}
          onCancel={() => {}}
        />
      ))
    },
    compact: (instructions) => void session.act("session.compact", instructions ? { instructions } : {}),
    rename(name) {
      const apply = (n: string) => {
        const trimmed = n.trim()
        if (!trimmed) return fail("A session name cannot be empty")
        void session.act("session.setName", { name: trimmed }).then((r) => r && info(`Named: ${trimmed}`))
      }
      if (name.trim()) return apply(name)
      dialog.show(() => (
        <DialogInput title="Name this session" value={sync.data.info?.name} onSubmit={apply} onCancel={() => {}} />
      ))
    },
    async copy(target: CopyTarget) {
      const picked = await copyText(target, {
        lastReply: async () => (await session.act("session.lastReply", {}))?.text,
        all: () => (sync.data.info ? transcriptMarkdown(sync.data.info, sync.data.items) : ""),
      })
      if ("refused" in picked) return info(picked.refused)
      const { via } = await clipboard.copy(picked.text)
      if (via.length === 0) return fail("Not copied: the terminal ignores OSC 52 and no clipboard tool was found")
      info(`Copied ${picked.what}`)
    },
    async usage() {
      const r = await session.act("session.usage", {})
      // The dialog's inner width: its frame (dialog.tsx) less border and padding.
      if (r) dialog.show(() => <UsageView usage={r} width={Math.max(20, Math.min(76, dims().width - 4)) - 4} />)
    },
    async exportSession(format: ExportFormat, path?: string) {
      const r = await session.act("session.export", path ? { format, path } : { format })
      if (r) info(`Exported to ${r.path}`)
    },
    async login(provider) {
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
      if (r.providers.length === 0)
        return info("No providers known. Set an API key variable such as ANTHROPIC_API_KEY.")
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
    },
    settings: () => void settings(),
    hotkeys: () => dialog.show(() => <HelpView keysOnly shortcuts={sync.data.info?.shortcuts} />),
    theme(name) {
      const choose = (n: string) => {
        if (!themes.select(n, { save: true })) return fail(`No theme named "${n}": /theme lists them`)
        info(`Theme: ${n}`)
      }
      if (name) return choose(name)
      dialog.show(() => (
        <DialogSelect
          title="Choose a theme"
          filterable={themes.list().length > 8}
          current={themes.current().name}
          options={themes
            .list()
            .map((t) => ({ label: t.name, value: t.name, description: t.path ?? `built in, ${t.appearance}` }))}
          onSelect={choose}
          onCancel={() => {}}
        />
      ))
    },
    async reload() {
      const r = await session.act("session.reload", {})
      if (!r) return
      session.refreshCommands()
      info(RELOADED_NOTICE)
    },
    async cycleModel(direction) {
      const r = await session.act("session.cycleModel", { direction })
      if (!r) return
      if (!r.model) return info("No other model to switch to: sign in with /login, or list models in enabledModels")
      info(
        `Model: ${r.model.provider}/${r.model.id}${r.scoped ? "" : " (all usable models: set enabledModels to choose)"}`,
      )
    },
    diff() {
      const files = sessionChanges(sync.data.items)
      if (files.length === 0) return info("No files changed by the agent in this session yet")
      dialog.show(() => <SessionChangesView files={files} />)
    },
    init(extra) {
      // Queued as a follow-up during a reply, as a typed message would be (a failure is reported by act).
      void session.send(initPrompt(extra), sync.data.running ? "followUp" : "prompt")
    },
    permissions(mode) {
      const want = mode.trim().toLowerCase()
      const sb = sync.data.info?.sandbox
      const apply = (to: string) => {
        if (to === (sb?.mode ?? "sandboxed")) return info(`Permissions: ${to} (unchanged)`)
        void session
          .act("session.setPermissions", { mode: to as "sandboxed" | "full" })
          .then(
            (r) => r && info(to === "full" ? "Full access: the sandbox is off for this session" : "Sandboxed again"),
          )
      }
      if (want) {
        if (want !== "sandboxed" && want !== "full")
          return fail(`Unknown permission mode "${want}": use sandboxed or full`)
        return apply(want)
      }
      dialog.show(() => (
        <DialogSelect
          title="Permissions for this session"
          intro={permissionLines(sb)}
          current={sb?.mode ?? "sandboxed"}
          options={[
            {
              label: "sandboxed",
              value: "sandboxed",
              description: "commands in the sandbox, writes in the workspace",
            },
            { label: "full", value: "full", description: "no boundary: commands and file tools reach everything" },
          ]}
          onSelect={apply}
          onCancel={() => {}}
        />
      ))
    },
    quit: () => guard.quit(),
    refuse: (message) => fail(message),
  }
}
