// What an ACP agent says about its session besides the transcript: its slash commands, its
// configuration (model and mode, as config options or the older modes) and its context usage.
// Kept as the agent last confirmed it; the session reads it into its info, stats and palette.
// Only what the agent sent is shown: nothing is guessed for what it did not send.
import type * as acp from "@agentclientprotocol/sdk"
import type {
  AgentSetting,
  AgentSettingKind,
  AgentSettings,
  CommandInfo,
  ModelRef,
  SessionStats,
} from "../../protocol/index"
import { terminalText } from "../../common/terminal-text"

type Update = acp.SessionNotification["update"]

/** What an update changed: the session's info, its stats, or nothing this state keeps. */
export type StateChange = "info" | "stats" | undefined

/** Of the agent's strings, one line with no control bytes, at most `max` characters. */
function line(text: string, max = 200): string {
  const one = terminalText(text).replace(/\s+/g, " ").trim()
  return one.length > max ? `${one.slice(0, max - 1)}…` : one
}

/** The config option category each of the window's settings is. */
const CATEGORY: Record<AgentSettingKind, string> = { model: "model", effort: "thought_level", mode: "mode" }

/** How a setting is changed: by its config option's id, or (a mode) by the agent's older modes. */
export type SettingTarget = { configId: string } | { legacyMode: true }

export class AgentState {
  private commands: CommandInfo[] = []
  /** Bumped on each command list, so a window knows to ask for the palette's list again. */
  commandsRevision = 0
  private configOptions: acp.SessionConfigOption[] = []
  private modes: acp.SessionModeState | undefined
  private usage: acp.UsageUpdate | undefined

  /** The agent's name, the provider of the model it reports. */
  constructor(private readonly agentName: () => string) {}

  /** What `session/new` answered: the configuration the session opened with. */
  opened(r: acp.NewSessionResponse): void {
    this.configOptions = r.configOptions ?? []
    this.modes = r.modes ?? undefined
  }

  apply(update: Update): StateChange {
    switch (update.sessionUpdate) {
      case "available_commands_update":
        this.commands = update.availableCommands.flatMap((c) => {
          // A name is what is typed after the slash: one word, as the agent takes it back.
          const name = terminalText(c.name).trim()
          if (!name || /\s/.test(name)) return []
          const hint = c.input && "hint" in c.input && c.input.hint ? ` (${line(c.input.hint, 60)})` : ""
          return [{ name, description: line(c.description) + hint, source: "prompt" as const }]
        })
        this.commandsRevision++
        return "info"
      case "config_option_update":
        this.configOptions = update.configOptions
        return "info"
      case "current_mode_update":
        if (this.modes) this.modes = { ...this.modes, currentModeId: update.currentModeId }
        else this.modes = { currentModeId: update.currentModeId, availableModes: [] }
        return "info"
      case "usage_update":
        this.usage = update
        return "stats"
      default:
        return undefined
    }
  }

  /** The answer to session/set_config_option: the whole configuration, as the agent now has it. */
  confirmed(configOptions: acp.SessionConfigOption[] | undefined): void {
    if (configOptions) this.configOptions = configOptions
  }

  /** session/set_mode answered without an error: the agent is in that mode. */
  modeConfirmed(modeId: string): void {
    if (this.modes) this.modes = { ...this.modes, currentModeId: modeId }
  }

  /** What the window may choose: only what the agent offers, each as it last confirmed it. */
  settings(): AgentSettings {
    const out: AgentSettings = { agent: line(this.agentName(), 80) }
    for (const kind of ["model", "effort", "mode"] as const) {
      const s = this.setting(kind)
      if (s) out[kind] = s
    }
    return out
  }

  /** One setting's choices: its config option, else (a mode) the older modes; undefined when not offered. */
  setting(kind: AgentSettingKind): AgentSetting | undefined {
    const o = this.select(CATEGORY[kind])
    if (o)
      return {
        current: o.currentValue,
        choices: (o.options as (acp.SessionConfigSelectOption | acp.SessionConfigSelectGroup)[]).flatMap((c) =>
          "options" in c ? c.options.map((x) => choice(x, c.name)) : [choice(c)],
        ),
      }
    if (kind !== "mode" || !this.modes?.availableModes.length) return undefined
    return {
      current: this.modes.currentModeId,
      choices: this.modes.availableModes.map((m) => choice({ value: m.id, name: m.name, description: m.description })),
    }
  }

  /** Where a change of this setting goes (only one the agent advertised). */
  target(kind: AgentSettingKind): SettingTarget | undefined {
    const o = this.select(CATEGORY[kind])
    if (o) return { configId: o.id }
    return kind === "mode" && this.modes?.availableModes.length ? { legacyMode: true } : undefined
  }

  /** The agent's commands for the palette: typed as `/name args`, sent as prompt text. */
  paletteCommands(): CommandInfo[] {
    return this.commands
  }

  /** The model the agent confirmed: its config option of the model category. */
  model(): ModelRef | undefined {
    const o = this.select("model")
    if (!o) return undefined
    const chosen = choices(o).find((c) => c.value === o.currentValue)
    return {
      provider: line(this.agentName(), 80),
      id: line(o.currentValue, 120),
      ...(chosen ? { name: line(chosen.name, 120) } : {}),
    }
  }

  /** The mode the agent confirmed, by its name: a config option of the mode category first, else its modes. */
  mode(): string | undefined {
    const o = this.select("mode")
    if (o) {
      const chosen = choices(o).find((c) => c.value === o.currentValue)
      return line(chosen?.name ?? o.currentValue, 80)
    }
    if (!this.modes) return undefined
    const m = this.modes.availableModes.find((m) => m.id === this.modes!.currentModeId)
    return line(m?.name ?? this.modes.currentModeId, 80)
  }

  /**
   * The status line's stats from the agent's last usage: its context, and its cost when in
   * dollars. ACP reports no token counts by kind, so those stay zero (the status line shows none).
   */
  stats(): SessionStats | undefined {
    const u = this.usage
    if (!u) return undefined
    const size = u.size > 0 ? u.size : 0
    return {
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      cost: u.cost?.currency === "USD" && Number.isFinite(u.cost.amount) ? u.cost.amount : 0,
      context: {
        tokens: Number.isFinite(u.used) ? u.used : null,
        contextWindow: size,
        percent: size && Number.isFinite(u.used) ? (u.used / size) * 100 : null,
      },
    }
  }

  private select(category: string) {
    const o = this.configOptions.find((o) => o.category === category && o.type === "select")
    return o as (acp.SessionConfigOption & { type: "select"; currentValue: string }) | undefined
  }
}

/** A choice as the window draws it: its value as the agent takes it back, its words made one clean line. */
function choice(
  c: { value: string; name: string; description?: string | null },
  group?: string,
): AgentSetting["choices"][number] {
  return {
    value: c.value,
    name: line(c.name || c.value, 120),
    ...(c.description ? { description: line(c.description) } : {}),
    ...(group ? { group: line(group, 80) } : {}),
  }
}

/** A select option's values, grouped or not. */
function choices(o: { options: acp.SessionConfigSelectOptions }): acp.SessionConfigSelectOption[] {
  return (o.options as (acp.SessionConfigSelectOption | acp.SessionConfigSelectGroup)[]).flatMap((c) =>
    "options" in c ? c.options : [c],
  )
}
