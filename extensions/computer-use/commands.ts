// /computer:status (health, which takes no ownership) and /computer:settings (on with a
// confirmation, off, deny/allow tools, the stop chord, a border preview). On a host that cannot
// run computer-use both say why, and that settings have no effect here.
import type { ExtensionCommandContext } from "@earendil-works/pi-coding-agent"
import { COMPUTER_TOOLS } from "../../src/common/computer-use"
import type { ComputerSession } from "./index"
import { validateSettings, writeSettings, type ComputerSettings } from "./settings"

const USAGE = "/computer:settings on | off | deny <tool,…> | allow <tool,…> | chord <ctrl+alt+s|none> | preview [check]"

export function registerCommands(s: ComputerSession): void {
  const unsupported = (ctx: ExtensionCommandContext, what: string) => {
    if (s.support.supported) return false
    ctx.ui.notify(`${s.support.reason}. ${what}`, "warning")
    return true
  }

  s.pi.registerCommand("computer:status", {
    description: "Computer-use: is it on, can it run here, who holds the desktop",
    handler: async (_args, ctx) => {
      s.ctx = ctx
      if (unsupported(ctx, "No computer-use tools are available in this session.")) return
      const { settings, errors } = s.settings()
      if (errors.length) return ctx.ui.notify(`computer-use settings are invalid: ${errors.join("; ")}`, "error")
      if (!settings.enabled) return ctx.ui.notify("computer-use is off; turn it on with /computer:settings on", "info")
      const o = await s.client!.call("health", {})
      if (!o.ok) return ctx.ui.notify(`computer-use unavailable: ${o.error.code}: ${o.error.message}`, "warning")
      const h = o.result as Record<string, unknown>
      const warn = s.support.supported && s.support.warning ? ` (${s.support.warning})` : ""
      const denied = settings.denied.length ? `; denied: ${settings.denied.join(", ")}` : ""
      ctx.ui.notify(`computer-use ready on ${String(h.host)}${warn}; ${s.status.state}${denied}`, "info")
    },
  })

  s.pi.registerCommand("computer:settings", {
    description: "Computer-use settings: " + USAGE,
    handler: async (args, ctx) => {
      s.ctx = ctx
      if (unsupported(ctx, "Settings have no effect here.")) return
      const [verb = "", ...rest] = args.trim().split(/\s+/)
      const { settings, errors } = s.settings()
      if (errors.length && verb !== "off")
        return ctx.ui.notify(`Fix or remove the settings file first: ${errors.join("; ")}`, "error")
      const names = rest
        .join(",")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
      let next: ComputerSettings | undefined
      if (verb === "on") {
        const ok = await ctx.ui.confirm(
          "Let the agent control this Windows desktop?",
          "It can read windows and, while you watch, click and type as you. Esc stops it at any time.",
        )
        if (!ok) return ctx.ui.notify("computer-use stays off", "info")
        next = { ...settings, enabled: true }
      } else if (verb === "off") next = { ...settings, enabled: false }
      else if (verb === "deny") next = { ...settings, denied: [...settings.denied, ...names] }
      else if (verb === "allow") next = { ...settings, denied: settings.denied.filter((d) => !names.includes(d)) }
      else if (verb === "chord") next = { ...settings, stopChord: names[0] === "none" ? undefined : names[0] }
      else if (verb === "preview") {
        const o = await s.client!.call("preview", { seconds: 2, offscreen: rest[0] === "check" })
        return ctx.ui.notify(
          o.ok ? "Border preview shown (2 s, unarmed)" : `${o.error.code}: ${o.error.message}`,
          o.ok ? "info" : "warning",
        )
      } else {
        const state = settings.enabled ? "on" : "off"
        return ctx.ui.notify(
          `computer-use is ${state}; denied: ${settings.denied.join(", ") || "none"}; tools: ${Object.keys(COMPUTER_TOOLS).length}. ${USAGE}`,
          "info",
        )
      }
      const checked = validateSettings(next)
      if (checked.errors.length) return ctx.ui.notify(`Not changed: ${checked.errors.join("; ")}`, "error")
      writeSettings(s.settingsPath, checked.settings)
      s.client!.denied = checked.settings.denied
      if (s.client!.currentEpoch !== undefined) await s.client!.call("configure", { denied: checked.settings.denied })
      s.show()
      ctx.ui.notify(
        `computer-use is ${checked.settings.enabled ? "on" : "off"}; denied: ${checked.settings.denied.join(", ") || "none"}`,
        "info",
      )
    },
  })
}
