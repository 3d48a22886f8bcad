// The Pi settings /settings edits, read and written through the session's SettingsManager (so
// settings.json stays Pi's: its own keys, its own file locking), applied to the live session the
// way Pi's interactive /settings applies them. The ones xagent draws differently (themes, images
// in the terminal, editor padding) are left out.
import { ProtocolError, type SettingInfo } from "../../protocol/index"
import type { AgentSession } from "../pi-types"

const LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const
const MODES = ["all", "one-at-a-time"] as const

interface Row {
  label: string
  description: string
  options: readonly string[]
  get(s: AgentSession): string
  set(s: AgentSession, value: string): void
}

const bool = (v: boolean) => (v ? "on" : "off")
const ON_OFF = ["on", "off"] as const

const ROWS: Record<string, Row> = {
  autoCompact: {
    label: "Auto-compact",
    description: "Summarise older messages when the context gets full",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getCompactionEnabled()),
    set: (s, v) => s.setAutoCompactionEnabled(v === "on"),
  },
  steeringMode: {
    label: "Steering mode",
    description: "Deliver queued steers all at once or one per turn",
    options: MODES,
    get: (s) => s.settingsManager.getSteeringMode(),
    set: (s, v) => s.setSteeringMode(v as (typeof MODES)[number]),
  },
  followUpMode: {
    label: "Follow-up mode",
    description: "Deliver queued follow-ups all at once or one per turn",
    options: MODES,
    get: (s) => s.settingsManager.getFollowUpMode(),
    set: (s, v) => s.setFollowUpMode(v as (typeof MODES)[number]),
  },
  defaultThinkingLevel: {
    label: "Default thinking level",
    description: "The thinking level new sessions start with",
    options: LEVELS,
    get: (s) => s.settingsManager.getDefaultThinkingLevel() ?? "off",
    set: (s, v) => s.settingsManager.setDefaultThinkingLevel(v as (typeof LEVELS)[number]),
  },
  transport: {
    label: "Transport",
    description: "How replies stream from providers that offer a choice",
    options: ["sse", "websocket", "auto"],
    get: (s) => s.settingsManager.getTransport(),
    set: (s, v) => {
      const t = v as ReturnType<AgentSession["settingsManager"]["getTransport"]>
      s.settingsManager.setTransport(t)
      s.agent.transport = t
    },
  },
  hideThinkingBlock: {
    label: "Hide thinking",
    description: "Folded thinking shows only its label, not the start of the thought",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getHideThinkingBlock()),
    set: (s, v) => s.settingsManager.setHideThinkingBlock(v === "on"),
  },
  enableSkillCommands: {
    label: "Skill commands",
    description: "Offer skills as /skill:name commands (after /reload)",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getEnableSkillCommands()),
    set: (s, v) => s.settingsManager.setEnableSkillCommands(v === "on"),
  },
  blockImages: {
    label: "Block images",
    description: "Never send images to the model",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getBlockImages()),
    set: (s, v) => s.settingsManager.setBlockImages(v === "on"),
  },
  autoResizeImages: {
    label: "Resize images",
    description: "Shrink large images before sending them",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getImageAutoResize()),
    set: (s, v) => s.settingsManager.setImageAutoResize(v === "on"),
  },
  enableInstallTelemetry: {
    label: "Install telemetry",
    description: "Let Pi report package installs",
    options: ON_OFF,
    get: (s) => bool(s.settingsManager.getEnableInstallTelemetry()),
    set: (s, v) => s.settingsManager.setEnableInstallTelemetry(v === "on"),
  },
}

export function listSettings(s: AgentSession): SettingInfo[] {
  return Object.entries(ROWS).map(([key, r]) => ({
    key,
    label: r.label,
    description: r.description,
    value: r.get(s),
    options: [...r.options],
  }))
}

export async function setSetting(s: AgentSession, key: string, value: string): Promise<void> {
  const row = ROWS[key]
  if (!row)
    throw new ProtocolError("bad_request", `Unknown setting "${key}"; there is: ${Object.keys(ROWS).join(", ")}`)
  if (!row.options.includes(value))
    throw new ProtocolError("bad_request", `"${value}" is not a value of ${row.label}: use ${row.options.join(", ")}`)
  row.set(s, value)
  await s.settingsManager.flush()
}
