// What the built-in commands do: requests on the session, and the dialogs and pages they need.
import { useRenderer } from "@opentui/solid"
import type { CommandActions, CopyTarget, ExportFormat } from "../../commands"
import { HelpView } from "../../component/help-view"
import { useClient } from "../../context/client"
import { useClipboard } from "../../context/clipboard"
import { useDialog } from "../../context/dialog"
import { useExit } from "../../context/exit"
import { useRoute } from "../../context/route"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { useToast } from "../../context/toast"
import { DialogInput } from "../../ui/dialog-input"
import { DialogSelect } from "../../ui/dialog-select"
import { fillComposer } from "../../util/composer-text"
import { oneLine } from "../../util/format"
import { transcriptMarkdown, type ThinkingLevel } from "../../../protocol"
import { copyText } from "./copy-text"

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"]

export function useCommandActions(): CommandActions {
  const renderer = useRenderer()
  const client = useClient()
  const session = useSession()
  const dialog = useDialog()
  const toast = useToast()
  const route = useRoute()
  const exit = useExit()
  const sync = useSync()
  const clipboard = useClipboard()

  const info = (message: string) => toast.show({ level: "info", message })
  const fail = (e: unknown) => toast.show({ level: "error", message: e instanceof Error ? e.message : String(e) })

  const setModel = (provider: string, id: string) =>
    session.act("session.setModel", { provider, id }).then((r) => r && info(`Model: ${provider}/${id}`))

  return {
    help: () => dialog.show(() => <HelpView />),
    newSession: () => void session.openNew(),
    openSessions: () => route.navigate({ name: "sessions" }),
    openTree: () => route.navigate({ name: "tree" }),
    async fork() {
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
    },
    async pickModel(query) {
      const r = await session.act("session.models", {})
      if (!r) return
      const q = query.trim().toLowerCase()
      if (q) {
        const hits = r.models.filter((m) => `${m.provider}/${m.id}`.toLowerCase() === q || m.id.toLowerCase() === q)
        if (hits.length === 1) return void setModel(hits[0]!.provider, hits[0]!.id)
      }
      const current = r.current ? `${r.current.provider}/${r.current.id}` : undefined
      dialog.show(() => (
        <DialogSelect
          title="Choose a model"
          filterable
          current={current}
          // Usable models first (Pi knows hundreds, most without a key here); the order is otherwise kept.
          options={[...r.models.filter((m) => m.available), ...r.models.filter((m) => !m.available)].map((m) => ({
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
    },
    setThinking(level) {
      const want = level.trim().toLowerCase()
      const apply = (l: ThinkingLevel) =>
        session.act("session.setThinking", { level: l }).then((r) => r && info(`Thinking: ${l}`))
      if (want) {
        if (!LEVELS.includes(want as ThinkingLevel))
          return fail(`Unknown thinking level "${want}": use ${LEVELS.join(", ")}`)
        return void apply(want as ThinkingLevel)
      }
      dialog.show(() => (
        <DialogSelect
          title="Thinking level"
          current={sync.data.info?.thinkingLevel}
          options={LEVELS.map((l) => ({ label: l, value: l }))}
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
      dialog.show(() => <DialogInput title="Name this session" onSubmit={apply} onCancel={() => {}} />)
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
    async exportSession(format: ExportFormat, path?: string) {
      const r = await session.act("session.export", path ? { format, path } : { format })
      if (r) info(`Exported to ${r.path}`)
    },
    async login(provider) {
      const r = await client.request("auth.status", {}).catch((e: unknown) => void fail(e))
      if (!r) return
      const ask = (p: string) => {
        const entry = r.providers.find((x) => x.provider === p)
        const env = entry?.envVar ? ` (or set ${entry.envVar})` : ""
        dialog.show(() => (
          <DialogInput
            title={`API key for ${p}${env}`}
            placeholder="Paste the key and press Enter"
            onSubmit={(key) => {
              if (!key.trim()) return info("No key saved")
              client
                .request("auth.setApiKey", { provider: p, key: key.trim() })
                .then(() => info(`Saved the key for ${p}`), fail)
            }}
            onCancel={() => {}}
          />
        ))
      }
      const want = provider.trim()
      if (want) return ask(want)
      if (r.providers.length === 0)
        return info("No providers known. Set an API key variable such as ANTHROPIC_API_KEY.")
      dialog.show(() => (
        <DialogSelect
          title="Sign in: choose a provider"
          filterable={r.providers.length > 8}
          options={r.providers.map((p) => ({
            label: p.provider,
            value: p.provider,
            description: p.envVar
              ? `key or $${p.envVar}`
              : p.oauth
                ? "subscription sign-in via `pi /login`"
                : undefined,
            footer: p.hasAuth ? "✓ signed in" : "not set",
          }))}
          onSelect={ask}
          onCancel={() => {}}
        />
      ))
    },
    quit: () => exit.exit(0),
    refuse: (message) => fail(message),
  }
}
