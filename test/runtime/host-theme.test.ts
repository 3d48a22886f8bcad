// The host draws Pi components with the window's theme (session.theme), saves a /theme choice as
// Pi does, and gives extensions Pi's theme calls: getAllThemes (Pi's list), getTheme, setTheme
// (which reaches the windows as ui_theme). A real Pi session on the faux model.
import { afterEach, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent"
import type { SessionEvent, SessionSnapshot } from "../../src/protocol"
import { BUILTIN_THEMES } from "../../src/tui/theme"
import { hexToRgb } from "../../src/tui/util/color"
import { saidOf } from "../fixture/faux"
import { useFauxSessions } from "../fixture/faux-session"
import { setHostThemes } from "../../src/runtime/extensions/host-theme"

const open = useFauxSessions()
// Pi's theme is one global of the process: later tests start from Pi's dark, as a new host does.
afterEach(() => setHostThemes("dark", THEMES))
const THEMES = Object.values(BUILTIN_THEMES).map((t) => ({ name: t.name, appearance: t.appearance, colors: t.colors }))
const sgr = (hex: string) => {
  const { r, g, b } = hexToRgb(hex)
  return `38;2;${r};${g};${b}m`
}

const paint: ExtensionFactory = (pi) => {
  pi.registerCommand("paint", {
    handler: async (_a, ctx) => {
      await ctx.ui.custom<void>((_tui, theme) => ({
        render: () => [theme.fg("accent", "ACCENT")],
        invalidate() {},
      }))
    },
  })
  pi.registerCommand("pick", {
    handler: async (args, ctx) => {
      const names = ctx.ui.getAllThemes().map((t) => t.name)
      const dark = ctx.ui.getTheme("dark")
      const result = ctx.ui.setTheme(args.trim())
      ctx.ui.notify(`themes=${names.join(",")} dark=${dark?.name} ok=${result.success} ${result.error ?? ""}`, "info")
    },
  })
}

const components = (s: SessionSnapshot) => s.ui.components ?? []
const notices = (ev: { event: SessionEvent }[]) => saidOf(ev).map((n) => n.message)

test("a component draws in the window's theme, and again in the new one when the window switches", async () => {
  const { fx, sessionId, rec, send } = await open({ extensionFactories: [paint] })
  await fx.client.request("session.theme", { sessionId, current: "dark", themes: THEMES })
  await send("/paint")
  await rec.waitFor(
    (s) => components(s)[0]?.lines[0]?.includes(sgr(BUILTIN_THEMES.dark.colors.accent)) ?? false,
    "dark accent",
  )
  await fx.client.request("session.theme", { sessionId, current: "light", themes: THEMES, save: "light" })
  await rec.waitFor(
    (s) => components(s)[0]?.lines[0]?.includes(sgr(BUILTIN_THEMES.light.colors.accent)) ?? false,
    "light accent",
  )
  expect(JSON.parse(readFileSync(join(fx.agentDir, "settings.json"), "utf8")).theme).toBe("light")
})

test("an extension lists the window's themes, gets one, and sets one: saved, and told to the windows", async () => {
  const { fx, sessionId, rec, send } = await open({ extensionFactories: [paint] })
  await fx.client.request("session.theme", { sessionId, current: "dark", themes: THEMES })
  await send("/pick light")
  const seen: SessionEvent[] = []
  await rec.waitFor((_s, ev) => {
    seen.push(...ev.map((e) => e.event))
    return notices(ev).some((m) => m.startsWith("themes="))
  }, "the notice")
  // Pi's list, as pi gives it: its generated "system" first
  expect(notices(seen.map((event) => ({ event })))).toContain("themes=system,dark,light dark=dark ok=true ")
  expect(seen).toContainEqual({ type: "ui_theme", name: "light" })
  expect(JSON.parse(readFileSync(join(fx.agentDir, "settings.json"), "utf8")).theme).toBe("light")

  await send("/pick nosuch")
  await rec.waitFor((_s, ev) => notices(ev).some((m) => m.includes("ok=false Theme not found: nosuch")), "refused")
})
