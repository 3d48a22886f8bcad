// Turning one resource on or off the way `pi config` does, so pi and xagent write the same
// settings: in the user scope a `+path`/`-path` entry in the package's filter (or in the top-level
// `extensions`/`skills`/`prompts`/`themes` list); in the project scope a three-way override
// (inherit, `+`, `-`) in `.pi/settings.json`, for a package an `autoload: false` delta entry when
// the project had none. Pi does not export its selector, so its rules are followed here; the tests
// compare the files this writes with what Pi's own selector writes.
import { realpathSync } from "node:fs"
import { dirname, isAbsolute, join, relative, resolve } from "node:path"
import type { PackageSource, ResolvedResource, SettingsManager } from "@earendil-works/pi-coding-agent"
import type { OverrideState, PackageScope, ResourceKind } from "../../protocol/packages"
import { expandHome } from "../../util/paths"

const FILTER_KINDS: readonly ResourceKind[] = ["extensions", "skills", "prompts", "themes"]

/** What a toggle needs to know of one resource as Pi's resolver found it. */
export interface ToggleItem extends ResolvedResource {
  kind: ResourceKind
}

export interface ToggleContext {
  cwd: string
  agentDir: string
  settings: SettingsManager
  /** Enabled state of each resource as the user scope alone resolves it, by `resourceKey`. */
  userEnabled: Map<string, boolean>
}

/** `-x`, `+x`, `!x` and plain `x` all name `x`. */
const target = (entry: string) => (/^[!+-]/.test(entry) ? entry.slice(1) : entry)

/** A resource's identity across scopes: its kind and its real path (built-ins as they are). */
export function resourceKey(kind: ResourceKind, path: string): string {
  if (path.startsWith("builtin:")) return `${kind}:${path}`
  let real = path
  try {
    real = realpathSync(path)
  } catch {}
  return `${kind}:${real}`
}

const isLocal = (source: string) => !/^(npm:|git:|github:|https?:|ssh:|builtin:)/.test(source.trim())

function resolveFrom(input: string, base: string): string {
  const p = input.trim()
  // Pi's package manager reads `~` as HOME first, as expandHome does.
  const expanded = expandHome(p)
  return isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded)
}

const scopeOf = (item: ToggleItem): PackageScope => (item.metadata.scope === "project" ? "project" : "user")
const topLevelBase = (ctx: ToggleContext, scope: PackageScope) =>
  scope === "project" ? join(ctx.cwd, ".pi") : ctx.agentDir
/** A package resource's filter entry: its path from the package's root. */
const packagePattern = (item: ToggleItem) => relative(item.metadata.baseDir ?? dirname(item.path), item.path)

export function userEnabledOf(ctx: ToggleContext, item: ToggleItem): boolean {
  return ctx.userEnabled.get(resourceKey(item.kind, item.path)) ?? (scopeOf(item) === "user" ? item.enabled : true)
}

export function isInherited(ctx: ToggleContext, item: ToggleItem): boolean {
  return scopeOf(item) === "user" || ctx.userEnabled.has(resourceKey(item.kind, item.path))
}

/** Sets the top-level list of `kind` in `scope`'s settings. */
function setTopLevel(s: SettingsManager, scope: PackageScope, kind: ResourceKind, paths: string[]): void {
  if (scope === "project") {
    if (kind === "extensions") s.setProjectExtensionPaths(paths)
    else if (kind === "skills") s.setProjectSkillPaths(paths)
    else if (kind === "prompts") s.setProjectPromptTemplatePaths(paths)
    else s.setProjectThemePaths(paths)
  } else if (kind === "extensions") s.setExtensionPaths(paths)
  else if (kind === "skills") s.setSkillPaths(paths)
  else if (kind === "prompts") s.setPromptTemplatePaths(paths)
  else s.setThemePaths(paths)
}

type FilterEntry = Exclude<PackageSource, string>
const sourceOf = (p: PackageSource) => (typeof p === "string" ? p : p.source)
/** A filter object with nothing left in it goes back to the plain source string, as Pi writes it. */
const hasFilters = (p: FilterEntry) => FILTER_KINDS.some((k) => p[k] !== undefined)

/** User scope: flips one user resource. Returns its new state, undefined when nothing was written. */
export function toggleUser(ctx: ToggleContext, item: ToggleItem): boolean | undefined {
  if (scopeOf(item) !== "user") return undefined
  const enabled = !item.enabled
  const mark = (list: string[], pattern: string) => [
    ...list.filter((e) => target(e) !== pattern),
    `${enabled ? "+" : "-"}${pattern}`,
  ]
  const s = ctx.settings
  if (item.metadata.origin === "top-level") {
    const pattern =
      item.metadata.source === "builtin" ? item.path : relative(item.metadata.baseDir ?? ctx.agentDir, item.path)
    setTopLevel(s, "user", item.kind, mark((s.getGlobalSettings()[item.kind] as string[] | undefined) ?? [], pattern))
    return enabled
  }
  const packages = [...(s.getGlobalSettings().packages ?? [])]
  const at = packages.findIndex((p) => sourceOf(p) === item.metadata.source)
  if (at < 0) return undefined
  const entry: FilterEntry =
    typeof packages[at] === "string" ? { source: packages[at] as string } : { ...(packages[at] as FilterEntry) }
  const updated = mark(entry[item.kind] ?? [], packagePattern(item))
  entry[item.kind] = updated.length ? updated : undefined
  packages[at] = hasFilters(entry) ? entry : entry.source
  s.setPackages(packages)
  return enabled
}

/** Project scope: this project's override of the resource. */
export function overrideOf(ctx: ToggleContext, item: ToggleItem): OverrideState {
  const project = ctx.settings.getProjectSettings()
  if (item.metadata.origin === "top-level")
    return stateOf((project[item.kind] as string[] | undefined) ?? [], topLevelPatterns(ctx, item), false)
  const pkg = matchingProjectPackage(ctx, item)
  if (typeof pkg !== "object" || pkg[item.kind] === undefined) return "inherit"
  return stateOf(pkg[item.kind]!, new Set([packagePattern(item)]), pkg.autoload !== false)
}

function stateOf(entries: string[], patterns: Set<string>, emptyUnloads: boolean): OverrideState {
  if (entries.length === 0 && emptyUnloads) return "unload"
  let state: OverrideState = "inherit"
  for (const e of entries) if (patterns.has(target(e))) state = /^[!-]/.test(e) ? "unload" : "load"
  return state
}

/** Pi's cycle for a project override: from what the user scope says, to the other state, back. */
export function nextOverride(state: OverrideState, userEnabled: boolean): OverrideState {
  if (state === "inherit") return userEnabled ? "unload" : "load"
  if (state === "unload") return userEnabled ? "load" : "inherit"
  return userEnabled ? "inherit" : "unload"
}

/** Project scope: steps the override on. Returns the resource's new state, undefined when unchanged. */
export function toggleProject(ctx: ToggleContext, item: ToggleItem): boolean | undefined {
  const next = nextOverride(overrideOf(ctx, item), userEnabledOf(ctx, item))
  const wrote =
    item.metadata.origin === "top-level" ? projectTopLevel(ctx, item, next) : projectPackage(ctx, item, next)
  if (!wrote) return undefined
  return next === "inherit" ? userEnabledOf(ctx, item) : next === "load"
}

/** The spellings a project entry may use for a top-level resource. */
function topLevelPatterns(ctx: ToggleContext, item: ToggleItem): Set<string> {
  const base = topLevelBase(ctx, "project")
  const out = new Set([patternFor(ctx, item, "project"), item.path, relative(base, item.path)])
  if (item.metadata.baseDir) out.add(relative(item.metadata.baseDir, item.path))
  return out
}

function patternFor(ctx: ToggleContext, item: ToggleItem, scope: PackageScope): string {
  const own = scopeOf(item)
  if (scope !== own || item.metadata.source === "builtin") return item.path
  return relative(item.metadata.baseDir ?? topLevelBase(ctx, own), item.path)
}

function projectTopLevel(ctx: ToggleContext, item: ToggleItem, next: OverrideState): boolean {
  const current = (ctx.settings.getProjectSettings()[item.kind] as string[] | undefined) ?? []
  const inherited = isInherited(ctx, item)
  const pattern = inherited ? item.path : patternFor(ctx, item, "project")
  const patterns = topLevelPatterns(ctx, item)
  const updated = current.filter((e) => {
    if (/^[!+-]/.test(e) && patterns.has(target(e))) return false
    return !(next === "inherit" && inherited && target(e) === pattern)
  })
  if (next !== "inherit") {
    // A project entry names an inherited file to override it; built-ins need none.
    if (inherited && item.metadata.source !== "builtin" && !updated.includes(pattern)) updated.push(pattern)
    updated.push(`${next === "load" ? "+" : "-"}${pattern}`)
  }
  setTopLevel(ctx.settings, "project", item.kind, updated)
  return true
}

function sameSource(ctx: ToggleContext, a: string, aScope: PackageScope, b: string, bScope: PackageScope): boolean {
  if (a === b) return true
  if (!isLocal(a) || !isLocal(b)) return false
  return resolveFrom(a, topLevelBase(ctx, aScope)) === resolveFrom(b, topLevelBase(ctx, bScope))
}

function matchingProjectPackage(ctx: ToggleContext, item: ToggleItem): PackageSource | undefined {
  return (ctx.settings.getProjectSettings().packages ?? []).find((p) =>
    sameSource(ctx, item.metadata.source, scopeOf(item), sourceOf(p), "project"),
  )
}

function projectPackage(ctx: ToggleContext, item: ToggleItem, next: OverrideState): boolean {
  const packages = [...(ctx.settings.getProjectSettings().packages ?? [])]
  let at = packages.findIndex((p) => sameSource(ctx, item.metadata.source, scopeOf(item), sourceOf(p), "project"))
  if (at < 0) {
    if (next === "inherit") return false
    // A user package overridden here: a delta entry that loads nothing by itself.
    const source = item.metadata.source
    const own = isLocal(source)
      ? relative(topLevelBase(ctx, "project"), resolveFrom(source, topLevelBase(ctx, scopeOf(item)))) || "."
      : source
    packages.push({ source: own, autoload: false })
    at = packages.length - 1
  }
  const found = packages[at]!
  const entry: FilterEntry = typeof found === "string" ? { source: found } : { ...found }
  const pattern = packagePattern(item)
  const updated = (entry[item.kind] ?? []).filter((e) => target(e) !== pattern)
  if (next !== "inherit") updated.push(`${next === "load" ? "+" : "-"}${pattern}`)
  entry[item.kind] = updated.length ? updated : undefined
  if (hasFilters(entry)) packages[at] = entry
  else if (entry.autoload === false) packages.splice(at, 1)
  else packages[at] = entry.source
  ctx.settings.setProjectPackages(packages)
  return true
}
