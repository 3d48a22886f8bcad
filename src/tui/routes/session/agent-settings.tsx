// /model, /thinking and Shift+Tab on a session whose engine is an external ACP agent: the choices
// are the agent's own (session.models' `agent`), a pick is sent as session.setAgentOption, and what
// the window then shows is what the agent confirmed (the session's info). A setting the agent does
// not offer is said so, never offered as if it were.
import type { AgentSetting, AgentSettingKind, AgentSettings } from "../../../protocol"
import { terminalText } from "../../../common/terminal-text"
import { useDialog } from "../../context/dialog"
import { useSession } from "../../context/session"
import { useSync } from "../../context/sync"
import { DialogSelect } from "../../ui/dialog-select"
import { useActionToasts } from "./action-toasts"

const TITLES: Record<AgentSettingKind, string> = { model: "Model", effort: "Thinking", mode: "Mode" }
const LACKS: Record<AgentSettingKind, string> = {
  model: "offers no choice of model",
  effort: "offers no thinking or effort setting",
  mode: "offers no modes",
}

export function useAgentSettings() {
  const session = useSession()
  const dialog = useDialog()
  const sync = useSync()
  const { info, fail } = useActionToasts()

  const set = (kind: AgentSettingKind, choice: AgentSetting["choices"][number]) =>
    session
      .act("session.setAgentOption", { kind, value: choice.value })
      .then((r) => r && info(`${TITLES[kind]}: ${terminalText(choice.name)}`))

  /** The picker of one setting; `query` picks at once when it names one choice (by value or name). */
  function pick(kind: AgentSettingKind, all: AgentSettings, query: string) {
    const setting = all[kind]
    const agent = terminalText(all.agent)
    if (!setting) return fail(`${agent} ${LACKS[kind]}`)
    const q = query.trim().toLowerCase()
    let choices = setting.choices
    if (q) {
      const exact = choices.filter((c) => c.value.toLowerCase() === q || c.name.toLowerCase() === q)
      if (exact.length === 1) return void set(kind, exact[0]!)
      choices = choices.filter((c) => `${c.value} ${c.name}`.toLowerCase().includes(q))
      if (choices.length === 0)
        return fail(`${agent} offers no ${TITLES[kind].toLowerCase()} matching "${query.trim()}"`)
    }
    dialog.show(() => (
      <DialogSelect
        title={`${TITLES[kind]} · ${agent}`}
        filterable={choices.length > 8}
        current={setting.current}
        options={choices.map((c) => ({
          label: terminalText(c.name),
          value: c.value,
          description: c.description ? terminalText(c.description) : undefined,
          // the agent's group for it (a provider, a family), right-aligned; a footer hides the
          // dialog's own "current", so the current one says it here
          footer: c.group ? `${terminalText(c.group)}${c.value === setting.current ? " · current" : ""}` : undefined,
        }))}
        onSelect={(value) =>
          void set(
            kind,
            choices.find((c) => c.value === value)!,
          )
        }
        onCancel={() => {}}
      />
    ))
  }

  /** Shift+Tab: the agent's next mode, while it offers a choice of them; undefined otherwise. */
  function nextMode(): (() => void) | undefined {
    const modes = sync.data.info?.agentMode
    if (!modes || modes.choices.length < 2) return undefined
    return () => {
      const at = modes.choices.findIndex((c) => c.value === modes.current)
      void set("mode", modes.choices[(at + 1) % modes.choices.length]!)
    }
  }

  return { pick, nextMode }
}
