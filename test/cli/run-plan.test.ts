// -e takes files (checked here, made absolute) and package sources (left to Pi to install).
import { expect, test } from "bun:test"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { planRun } from "../../src/cli/run-plan"

test("extension files become absolute paths; npm:, git:, github:, URLs and ssh: pass through as Pi's sources", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  writeFileSync(join(cwd, "mine.ts"), "export default () => {}\n")
  const sources = [
    "npm:@scope/pkg@1.2.3",
    " git:github.com/u/r ",
    "github:u/r",
    "https://example.com/ext.git",
    "ssh:host/repo",
  ]
  const plan = planRun({ extension: ["mine.ts", ...sources] }, [], cwd)
  expect(plan.open.extensions).toEqual([join(cwd, "mine.ts"), ...sources.map((s) => s.trim())])
  expect(() => planRun({ extension: ["npm-like.ts"] }, [], cwd)).toThrow(/--extension: no file at .*npm-like\.ts/)
})

test("--no-bundled names and XAGENT_NO_BUNDLED reach session.open as noBundled; a name no folder holds is refused", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  const slot = mkdtempSync(join(tmpdir(), "xagent-slot-"))
  for (const name of ["ask-user", "probe", "todo"]) {
    mkdirSync(join(slot, name))
    writeFileSync(join(slot, name, "index.ts"), "export default () => {}\n")
  }
  mkdirSync(join(slot, "no-entry"))
  const env = { XAGENT_BUNDLED_DIR: slot }
  expect(planRun({}, [], cwd, env).open.noBundled).toBeUndefined()
  // Commander hands `true` when the flag is not given.
  expect(planRun({ bundled: true }, [], cwd, env).open.noBundled).toBeUndefined()
  expect(planRun({ bundled: ["probe", "ask-user"] }, [], cwd, env).open.noBundled).toEqual(["probe", "ask-user"])
  const both = { ...env, XAGENT_NO_BUNDLED: "todo, probe" }
  expect(planRun({ bundled: ["probe"] }, [], cwd, both).open.noBundled).toEqual(["todo", "probe"])
  // The environment may name extensions of another version: the host warns about those.
  expect(planRun({}, [], cwd, { ...env, XAGENT_NO_BUNDLED: "later" }).open.noBundled).toEqual(["later"])
  expect(() => planRun({ bundled: ["no-entry"] }, [], cwd, env)).toThrow(
    "--no-bundled 'no-entry' is not a bundled extension: use one of ask-user, probe, todo",
  )
})

test("--no-bundled is repeatable and takes comma lists", async () => {
  const { buildProgram } = await import("../../src/cli/index")
  let seen: unknown
  const program = buildProgram(async (flags) => ((seen = flags.bundled), 0))
  await program.parseAsync(["--no-bundled", "a", "--no-bundled", "b,c"], { from: "user" })
  expect(seen).toEqual(["a", "b", "c"])
})

test("each word is a message of its own and @words are files, wherever -p stands, as in Pi", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  expect(planRun({ print: true }, ["foo", "bar"], cwd).messages).toEqual(["foo", "bar"])
  const plan = planRun({ print: "hi" }, ["@notes.md", "extra", "@~/x.png"], cwd)
  expect(plan.messages).toEqual(["hi", "extra"])
  expect(plan.files).toEqual([join(cwd, "notes.md"), join(process.env.HOME ?? "", "x.png")])
  expect(planRun({}, ["fix it"], cwd).messages).toEqual(["fix it"])
})

test("--provider with --model is --model provider/id; alone, or not a name, it is a usage error", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  expect(planRun({ provider: "anthropic", model: "claude-x" }, [], cwd).open.model).toBe("anthropic/claude-x")
  expect(planRun({ provider: "anthropic", model: "openai/gpt-5" }, [], cwd).open.model).toBe("openai/gpt-5")
  expect(() => planRun({ provider: "anthropic" }, [], cwd)).toThrow(
    "--provider names the provider of --model: give --model too",
  )
  expect(() => planRun({ provider: "a/b", model: "x" }, [], cwd)).toThrow(/is not a provider name/)
})

test("--inline / --fullscreen pick the screen; else $XAGENT_HOME/settings.json; a bad setting is a clear error", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  const home = mkdtempSync(join(tmpdir(), "xagent-home-"))
  const env = { XAGENT_HOME: home }
  // Inline unless told otherwise (docs/adr-inline-mode.md: it passes the e2e suite full screen passes).
  expect(planRun({}, [], cwd, env).screen).toBe("inline")
  expect(planRun({ fullscreen: true }, [], cwd, env).screen).toBe("fullscreen")
  expect(planRun({ inline: true }, [], cwd, env).screen).toBe("inline")
  expect(() => planRun({ inline: true, fullscreen: true }, [], cwd, env)).toThrow(/use one/)
  // Pi's spelling of the same choice
  expect(planRun({ tuiMode: "regular" }, [], cwd, env).screen).toBe("inline")
  expect(planRun({ tuiMode: "fullscreen" }, [], cwd, env).screen).toBe("fullscreen")
  expect(() => planRun({ tuiMode: "tiny" }, [], cwd, env)).toThrow(
    "--tui-mode 'tiny' is not a mode: use regular or fullscreen",
  )
  expect(() => planRun({ tuiMode: "regular", fullscreen: true }, [], cwd, env)).toThrow(/use one/)
  writeFileSync(join(home, "settings.json"), JSON.stringify({ screen: "fullscreen" }))
  expect(planRun({}, [], cwd, env).screen).toBe("fullscreen")
  expect(planRun({ inline: true }, [], cwd, env).screen).toBe("inline")
  writeFileSync(join(home, "settings.json"), JSON.stringify({ screen: "tiny" }))
  expect(() => planRun({}, [], cwd, env)).toThrow(/settings\.json: "screen" is "tiny": use "inline" or "fullscreen"/)
  writeFileSync(join(home, "settings.json"), "{ nope")
  expect(() => planRun({}, [], cwd, env)).toThrow(/settings\.json is not JSON/)
  expect(readFileSync(join(home, "settings.json"), "utf8")).toBe("{ nope")
})

test("Pi's theme flags reach the window: --theme paths made absolute, --use-theme, --no-themes", () => {
  const cwd = mkdtempSync(join(tmpdir(), "xagent-plan-"))
  const env = { XAGENT_HOME: mkdtempSync(join(tmpdir(), "xagent-home-")) }
  expect(planRun({}, [], cwd, env).themes).toBeUndefined()
  expect(
    planRun({ theme: ["mine.json", "/abs/dir"], useTheme: "paper/dark", themes: false }, [], cwd, env).themes,
  ).toEqual({
    paths: [join(cwd, "mine.json"), "/abs/dir"],
    useTheme: "paper/dark",
    noThemes: true,
  })
  expect(() => planRun({ useTheme: " " }, [], cwd, env)).toThrow("--use-theme needs a theme name")
})
