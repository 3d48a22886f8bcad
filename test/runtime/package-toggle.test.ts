// `packages.toggle` writes what `pi config` writes: the same toggles, done by Pi's own resource
// selector on one home and by the host's request on a copy of it, leave the same settings files,
// in the user scope (a package's filter, a top-level resource) and the project scope (the
// inherit/+/- cycle, with its `autoload: false` delta entry). Pi's resolver then agrees.
import { afterEach, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DefaultPackageManager, SettingsManager } from "@earendil-works/pi-coding-agent"
import type { PackagesListing, PackageScope } from "../../src/protocol/packages"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { writeLocalPackage } from "../fixture/local-package"

// Pi's `pi config` page, which Pi does not export: the oracle for what a toggle writes.
const SELECTOR = join(
  import.meta.dir,
  "../../node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/components/config-selector.js",
)

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

/** A home with one local package in the user settings and one top-level extension of the user's. */
function home(root: string) {
  const agentDir = join(root, "agent")
  const cwd = join(root, "work")
  mkdirSync(join(agentDir, "extensions"), { recursive: true })
  mkdirSync(cwd, { recursive: true })
  writeLocalPackage(join(root, "local-pkg"))
  writeFileSync(join(agentDir, "extensions", "top.ts"), "export default function () {}\n")
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ packages: [join(root, "local-pkg")] }))
  return { agentDir, cwd }
}

/** One `pi config` run: Pi's selector over Pi's resolver, the filter typed, then Space. */
async function piConfig(agentDir: string, cwd: string, scope: PackageScope, filter: string) {
  const { ConfigSelectorComponent } = await import(SELECTOR)
  const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: true })
  const global = await new DefaultPackageManager({
    cwd,
    agentDir,
    settingsManager: SettingsManager.create(cwd, agentDir, { projectTrusted: false }),
  }).resolve()
  const project = await new DefaultPackageManager({ cwd, agentDir, settingsManager: settings }).resolve()
  const close = () => {}
  const selector = new ConfigSelectorComponent({ global, project }, settings, cwd, agentDir, close, close, close, 40)
  const list = selector.getResourceList()
  if (scope === "project") list.handleInput("\t")
  for (const ch of filter) list.handleInput(ch)
  list.handleInput(" ")
  await settings.flush()
}

async function ours(scope: PackageScope, name: string) {
  const listing = (await fx!.client.request("packages.list", { sessionId })) as PackagesListing
  const view = scope === "project" ? listing.project! : listing.user
  const res = view.groups.flatMap((g) => g.resources).find((r) => r.name === name)
  expect(res).toBeDefined()
  await fx!.client.request("packages.toggle", { sessionId, scope, kind: res!.kind, path: res!.path })
}

let sessionId = ""

test("each toggle writes the settings pi config writes, and Pi's resolver reads them the same", async () => {
  const piRoot = mkdtempSync(join(tmpdir(), "pkg-pi-"))
  const xRoot = mkdtempSync(join(tmpdir(), "pkg-x-"))
  const pi = home(piRoot)
  const x = home(xRoot)
  fx = await createFauxFixture({ agentDir: x.agentDir, cwd: x.cwd })
  sessionId = (await fx.open()).sessionId

  const read = (file: string, root: string) =>
    existsSync(file) ? JSON.parse(readFileSync(file, "utf8").replaceAll(root, "<root>")) : undefined
  const same = () => {
    expect(read(join(x.agentDir, "settings.json"), xRoot)).toEqual(read(join(pi.agentDir, "settings.json"), piRoot))
    expect(read(join(x.cwd, ".pi", "settings.json"), xRoot)).toEqual(read(join(pi.cwd, ".pi", "settings.json"), piRoot))
  }
  const steps: [PackageScope, string, string][] = [
    ["user", "greet", "greet"],
    ["user", "top.ts", "top.ts"],
    ["user", "greet", "greet"],
    ["user", "review.md", "review.md"],
    ["project", "hello.ts", "hello.ts"],
    ["project", "hello.ts", "hello.ts"],
    ["project", "top.ts", "top.ts"],
    ["project", "hello.ts", "hello.ts"],
    ["project", "dusk.json", "dusk.json"],
  ]
  for (const [scope, filter, name] of steps) {
    await piConfig(pi.agentDir, pi.cwd, scope, filter)
    await ours(scope, name)
    same()
  }
  // The steps did write: a package filter, a top-level entry, and a project override.
  const user = read(join(x.agentDir, "settings.json"), xRoot)
  expect(user.packages[0]).toEqual({
    source: "<root>/local-pkg",
    skills: ["+skills/greet/SKILL.md"],
    prompts: ["-prompts/review.md"],
  })
  expect(user.extensions).toEqual(["-extensions/top.ts"])
  expect(read(join(x.cwd, ".pi", "settings.json"), xRoot).packages).toEqual([
    { source: "../../local-pkg", autoload: false, themes: ["-themes/dusk.json"] },
  ])

  // Pi's resolver, as a session would run it, sees what the page shows.
  const resolved = await new DefaultPackageManager({
    cwd: x.cwd,
    agentDir: x.agentDir,
    settingsManager: SettingsManager.create(x.cwd, x.agentDir, { projectTrusted: true }),
  }).resolve()
  const listing = (await fx.client.request("packages.list", { sessionId })) as PackagesListing
  for (const kind of ["extensions", "skills", "prompts", "themes"] as const)
    for (const r of resolved[kind]) {
      const shown = listing.project!.groups.flatMap((g) => g.resources).find((s) => s.path === r.path)
      expect({ path: r.path, enabled: shown?.enabled }).toEqual({ path: r.path, enabled: r.enabled })
    }
}, 60_000)
