// /model, /thinking and Ctrl+P: which model answers and how hard it thinks, asked of the session's host
// (on an external ACP agent, of the agent's own choices: agent-settings.tsx).
import type { CommandActions } from "../../commands"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { DialogSelect } from "../../ui/dialog-select"
import type { ThinkingLevel } from "../../../protocol"
import { useActionToasts } from "./action-toasts"
import { useAgentSettings } from "./agent-settings"

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh", "max"]

export function useModelActions(): Pick<CommandActions, "pickModel" | "setThinking" | "cycleModel"> {
  const session = useSession()
  const dialog = useDialog()
  const sync = useSync()
  const { info, fail } = useActionToasts()
  const agent = useAgentSettings()

  const setModel = (provider: string, id: string) =>
    session.act("session.setModel", { provider, id }).then((r) => r && info(`Model: ${provider}/${id}`))

  return {
    async pickModel(query) {
      const open = async (all: boolean): Promise<void> => {
        const r = await session.act("session.models", {})
        if (!r) return
        if (r.agent) return agent.pick("model", r.agent, query)
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
      // A level named goes as it is: an external agent's host takes it when the agent offers one so named.
      const apply = (l: ThinkingLevel) =>
        session.act("session.setThinking", { level: l }).then((r) => r && info(`Thinking: ${l}`))
      if (want) {
        if (!LEVELS.includes(want as ThinkingLevel))
          return fail(`Unknown thinking level "${want}": use ${LEVELS.join(", ")}`)
        return void apply(want as ThinkingLevel)
      }
      const r = await session.act("session.models", {})
      if (!r) return
      if (r.agent) return agent.pick("effort", r.agent, "")
      // The model's own levels: one without reasoning has only "off", and offering six would lie.
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
    async cycleModel(direction) {
      const r = await session.act("session.cycleModel", { direction })
      if (!r) return
      if (!r.model) return info("No other model to switch to: sign in with /login, or list models in enabledModels")
      info(
        `Model: ${r.model.provider}/${r.model.id}${r.scoped ? "" : " (all usable models: set enabledModels to choose)"}`,
      )
    },
  }
}
