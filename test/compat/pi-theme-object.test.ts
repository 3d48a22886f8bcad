// `ctx.ui.theme` is Pi's theme object, as pi hands it: an extension of the test's own logs what it
// reads (name, sourcePath, fg, the theme list) at session_start and after a theme change, in pi
// 1.6 itself (its interactive CLI in tmux) and in xagent's window in tmux, on one setup: a theme
// file of the person's own as the `theme` setting. The change is the extension's setTheme() in
// both, then in xagent the window's /theme (pi's extension call does the same there).
// Also the guard of the PI_THEME patch (docs/patches.md).
import { afterAll, describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { patchSwitch } from "../../src/util/patch-switch"
import { REPO_ROOT, XAGENT_BIN } from "../fixture/mockllm"
import { terminalBox } from "../e2e/terminal-box"
import { hasTmux, type Pane } from "../e2e/tmux"

const PI = `${join(REPO_ROOT, "node_modules/node/bin/node")} ${join(REPO_ROOT, "node_modules/.bin/pi")} --tui-mode regular`
const PI_DARK = join(REPO_ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme/dark.json")
const WAIT_MS = 60_000

const PROBE = `
import fs from "node:fs"
export default function (pi) {
  const log = (tag, ctx) => {
    const t = ctx.ui.theme
    fs.appendFileSync(process.env.OUT, JSON.stringify({
      tag, type: typeof t, name: t.name, sourcePath: t.sourcePath, fg: t.fg("accent", "X"),
      themes: ctx.ui.getAllThemes().map((x) => x.name),
    }) + "\\n")
  }
  pi.on("session_start", (_e, ctx) => log("start", ctx))
  pi.registerCommand("probe-set", { description: "set a theme", handler: async (a, ctx) => { ctx.ui.setTheme(a.trim()); log("set " + a.trim(), ctx) } })
  pi.registerCommand("probe-log", { description: "log the theme", handler: async (a, ctx) => log("log " + a.trim(), ctx) })
}
`

type Seen = { tag: string; type: string; name?: string; sourcePath?: string; fg: string; themes: string[] }

if (!hasTmux) console.warn("test/compat/pi-theme-object.test.ts: skipped, tmux is not installed")

describe.skipIf(!hasTmux)("ctx.ui.theme in xagent and in pi", () => {
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  }, 60_000)

  async function setup(env: Record<string, string> = {}) {
    // Colours as the theme has them in both programs (not the 256 nearest).
    const { box, pane } = await terminalBox({ turns: [], fallback: "ok" }, cleanups, {
      cols: 110,
      rows: 30,
      env: { COLORTERM: "truecolor", ...env },
    })
    const themes = join(box.agentDir, "themes")
    mkdirSync(themes)
    const mine = { ...JSON.parse(readFileSync(PI_DARK, "utf8")), name: "mytheme" }
    mine.colors = { ...mine.colors, accent: "#ff00aa" }
    writeFileSync(join(themes, "mytheme.json"), JSON.stringify(mine))
    const settings = join(box.agentDir, "settings.json")
    writeFileSync(settings, JSON.stringify({ ...JSON.parse(readFileSync(settings, "utf8")), theme: "mytheme" }))
    const probe = join(box.root, "probe.ts")
    writeFileSync(probe, PROBE)
    const out = join(box.root, "out.jsonl")
    return { box, pane, probe, out, themeFile: join(themes, "mytheme.json") }
  }

  const seen = (out: string): Seen[] =>
    existsSync(out)
      ? readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : []

  async function until(out: string, tag: string, pane: Pane, retype?: string): Promise<Seen> {
    const deadline = Date.now() + WAIT_MS
    let last = 0
    for (;;) {
      const hit = seen(out).find((s) => s.tag === tag)
      if (hit) return hit
      if (Date.now() > deadline) throw new Error(`no "${tag}" from the probe; the screen:\n${pane.screen()}`)
      // A program still starting may take the Enter and keep the text: press it again.
      if (retype && Date.now() - last > 3_000) {
        last = Date.now()
        pane.send("C-u")
        pane.type(retype)
        pane.send("Enter")
      }
      await Bun.sleep(100)
    }
  }

  async function runPi() {
    const { pane, probe, out, themeFile } = await setup()
    pane.type(`OUT=${out} ${PI} -e ${probe}`)
    pane.send("Enter")
    const start = await until(out, "start", pane)
    const light = await until(out, "set light", pane, "/probe-set light")
    const mine = await until(out, "set mytheme", pane, "/probe-set mytheme")
    return { start, light, mine, themeFile }
  }

  async function runXagent(env: Record<string, string> = {}) {
    const { pane, probe, out, themeFile } = await setup(env)
    pane.type(`OUT=${out} ${XAGENT_BIN} --no-daemon -e ${probe}`)
    pane.send("Enter")
    const start = await until(out, "start", pane)
    await pane.waitFor("Ask anything", WAIT_MS)
    const light = await until(out, "set light", pane, "/probe-set light")
    // The window's own /theme: the extension sees it as it sees its own setTheme.
    pane.type("/theme mytheme")
    pane.send("Enter")
    const deadline = Date.now() + WAIT_MS
    let mine: Seen | undefined
    for (let i = 0; !mine; i++) {
      if (Date.now() > deadline) throw new Error(`the theme never became mytheme; the screen:\n${pane.screen()}`)
      const tag = `log ${i}`
      const s = await until(out, tag, pane, `/probe-log ${i}`)
      if (s.name === "mytheme") mine = s
      else await Bun.sleep(200)
    }
    return { start, light, mine, themeFile }
  }

  const comparable = (s: Seen, themeFile: string) => ({
    type: s.type,
    name: s.name,
    sourcePath: s.sourcePath === themeFile ? "<the theme file>" : s.sourcePath,
    fg: s.fg,
    themes: s.themes,
  })

  test("name, sourcePath, fg() and getAllThemes() match pi's at session_start and after a theme change", async () => {
    const [pi, xagent] = await Promise.all([runPi(), runXagent()])
    const [p, x] = [pi, xagent].map((r) => ({
      start: comparable(r.start, r.themeFile),
      light: comparable(r.light, r.themeFile),
      mine: comparable(r.mine, r.themeFile),
    }))
    // what pi hands: an object with the setting's name and its file, colours of the file
    expect(p!.start).toMatchObject({ type: "object", name: "mytheme", fg: "\x1b[38;2;255;0;170mX\x1b[39m" })
    expect(p!.light.name).toBe("light")
    expect(x!.start).toEqual(p!.start)
    expect(x!.light).toEqual(p!.light)
    expect(x!.mine).toEqual({ ...p!.mine, themes: x!.mine.themes })
    expect(x!.mine.themes).toEqual(p!.mine.themes)
  }, 180_000)

  test(`with ${patchSwitch("PI_THEME")}=1 the theme is still an object with the window's colours (the patch is off)`, async () => {
    const x = await runXagent({ [patchSwitch("PI_THEME")]: "1" })
    expect(x.mine).toMatchObject({ type: "object", name: "mytheme", fg: "\x1b[38;2;255;0;170mX\x1b[39m" })
  }, 180_000)
})
