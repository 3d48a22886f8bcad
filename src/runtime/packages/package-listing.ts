// What the /packages page lists: Pi's resolver run over the settings as `pi config` runs it (the
// user scope alone, and the project's on top when the session trusts it), grouped and named as
// `pi config` shows them. Browsing installs nothing (a configured package that is not on disk is
// listed as missing) and runs nothing of a package: the resolver reads settings, `package.json`
// manifests and folders. The tools and MCP servers come from the extensions this session already
// loaded; an extension it did not load lists none until a reload.
import { basename, dirname } from "node:path"
import {
  DefaultPackageManager,
  SettingsManager,
  type ResolvedPaths,
  type ResolvedResource,
} from "@earendil-works/pi-coding-agent"
import {
  RESOURCE_KINDS,
  type PackageResource,
  type PackageScope,
  type PackagesListing,
  type PackagesView,
  type ResourceGroup,
  type ResourceKind,
} from "../../protocol/packages"
import type { LiveSession } from "../session/live-session"
import { isInherited, overrideOf, resourceKey, type ToggleContext, type ToggleItem } from "./package-toggle"
import { piBuiltins } from "../extensions/pi-builtins"
import { homeDir } from "../../util/paths"

type ConfiguredPackage = ReturnType<DefaultPackageManager["listConfiguredPackages"]>[number]

/** Pi's resolver's view of both scopes, and what a toggle needs to write in them. */
export interface Resolution {
  cwd: string
  agentDir: string
  trusted: boolean
  user: ResolvedPaths
  project?: ResolvedPaths
  /** Writes go through this one, as `pi config` writes through its trusted settings manager. */
  settings: SettingsManager
  configured: ConfiguredPackage[]
  userEnabled: Map<string, boolean>
}

/** Skips every package that is not installed: browsing never installs (Pi would, at startup). */
const skipMissing = async () => "skip" as const

export async function resolveScopes(cwd: string, agentDir: string, trusted: boolean): Promise<Resolution> {
  const builtinExtensions = piBuiltins().map((b) => b.name)
  const managerOn = (settingsManager: SettingsManager) =>
    new DefaultPackageManager({ cwd, agentDir, settingsManager, builtinExtensions, commandOutput: "capture" })
  const user = await managerOn(SettingsManager.create(cwd, agentDir, { projectTrusted: false })).resolve(skipMissing)
  const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: trusted })
  const manager = managerOn(settings)
  const project = trusted ? await manager.resolve(skipMissing) : undefined
  const userEnabled = new Map<string, boolean>()
  for (const kind of RESOURCE_KINDS) for (const r of user[kind]) userEnabled.set(resourceKey(kind, r.path), r.enabled)
  return { cwd, agentDir, trusted, user, project, settings, configured: manager.listConfiguredPackages(), userEnabled }
}

export const toggleContext = (r: Resolution): ToggleContext => ({
  cwd: r.cwd,
  agentDir: r.agentDir,
  settings: r.settings,
  userEnabled: r.userEnabled,
})

/** The resource of `kind` at `path` in the scope's view, as the resolver found it. */
export function findItem(r: Resolution, scope: PackageScope, kind: ResourceKind, path: string): ToggleItem | undefined {
  const paths = scope === "project" ? r.project : r.user
  const key = resourceKey(kind, path)
  const found = paths?.[kind].find((x) => x.path === path || resourceKey(kind, x.path) === key)
  return found && { ...found, kind }
}

/** What each extension this session loaded registered, by its resource key. */
function loadedExtensions(live: LiveSession): Map<string, { tools: string[]; mcpServers: string[] }> {
  const out = new Map<string, { tools: string[]; mcpServers: string[] }>()
  const loaded = live.session.resourceLoader.getExtensions()
  const servers = loaded.runtime.mcpServers.list()
  for (const ext of loaded.extensions) {
    const mine = {
      tools: [...ext.tools.keys()],
      mcpServers: servers.filter((s) => s.extensionPath === ext.path).map((s) => s.name),
    }
    for (const p of [ext.path, ext.resolvedPath, ext.sourceInfo?.path])
      if (p) out.set(resourceKey("extensions", p), mine)
  }
  return out
}

export function listing(r: Resolution, live: LiveSession, warnings: string[]): PackagesListing {
  const loaded = loadedExtensions(live)
  const ctx = toggleContext(r)
  const view = (paths: ResolvedPaths, scope: PackageScope): PackagesView => {
    const groups = groupsOf(paths, r.agentDir, (item) => {
      const res: PackageResource = { kind: item.kind, path: item.path, name: nameOf(item), enabled: item.enabled }
      const ext = item.kind === "extensions" ? loaded.get(resourceKey("extensions", item.path)) : undefined
      if (ext) Object.assign(res, ext)
      if (scope === "project") {
        res.override = overrideOf(ctx, item)
        res.inherited = isInherited(ctx, item)
      }
      return res
    })
    // A configured package with nothing found on disk is listed all the same, so it can be removed.
    for (const c of r.configured) {
      if (scope === "user" && c.scope !== "user") continue
      if (groups.some((g) => g.origin === "package" && g.source === c.source && g.scope === c.scope)) continue
      groups.push({
        label: `${c.source} (${c.scope})`,
        source: c.source,
        scope: c.scope,
        origin: "package",
        resources: [],
      })
    }
    for (const g of groups) {
      const c = r.configured.find((x) => x.source === g.source && x.scope === g.scope)
      if (g.origin === "package" && c?.installedPath) g.installedPath = c.installedPath
    }
    // Packages before Pi's built-ins and the person's own folders, as in `pi config`.
    return {
      groups: [...groups.filter((g) => g.origin === "package"), ...groups.filter((g) => g.origin !== "package")],
    }
  }
  const missing = r.configured
    .filter((c) => !c.installedPath && (c.scope === "user" || r.trusted))
    .map((c) => ({ source: c.source, scope: c.scope }))
  return {
    cwd: r.cwd,
    user: view(r.user, "user"),
    ...(r.project ? { project: view(r.project, "project") } : {}),
    missing,
    warnings,
  }
}

const home = (p: string) => {
  const h = homeDir()
  return p === h ? "~" : p.startsWith(`${h}/`) ? `~/${p.slice(h.length + 1)}` : p
}
const dirLabel = (p: string) => {
  const shown = home(p)
  return shown.endsWith("/") ? shown : `${shown}/`
}

/** `pi config`'s heading of a group. */
function labelOf(m: ResolvedResource["metadata"], agentDir: string): string {
  const user = m.scope === "user"
  if (m.origin === "package") return `${m.source} (${m.scope})`
  if (m.source === "builtin") return user ? "Built-in" : "Built-in (project override)"
  if (m.source === "auto")
    return m.baseDir
      ? `${user ? "User" : "Project"} (${dirLabel(m.baseDir)})`
      : user
        ? `User (${dirLabel(agentDir)})`
        : "Project (.pi/)"
  return user ? "User settings" : "Project settings"
}

/** `pi config`'s name of a resource. */
function nameOf(item: ToggleItem): string {
  if (item.metadata.source === "builtin") return item.path.slice("builtin:".length)
  const file = basename(item.path)
  const folder = basename(dirname(item.path))
  if (item.kind === "extensions" && folder !== "extensions") return `${folder}/${file}`
  if (item.kind === "skills" && file === "SKILL.md") return folder
  return file
}

const ORDER: Record<ResourceKind, number> = { extensions: 0, skills: 1, prompts: 2, themes: 3 }

/** Groups as `pi config` orders them: packages first, user before project, then by source. */
function groupsOf(paths: ResolvedPaths, agentDir: string, make: (i: ToggleItem) => PackageResource): ResourceGroup[] {
  const byKey = new Map<string, ResourceGroup>()
  for (const kind of RESOURCE_KINDS)
    for (const r of paths[kind]) {
      const m = r.metadata
      const key = `${m.origin}:${m.scope}:${m.source}:${m.baseDir ?? ""}`
      let g = byKey.get(key)
      if (!g) {
        const scope: PackageScope = m.scope === "project" ? "project" : "user"
        g = { label: labelOf(m, agentDir), source: m.source, scope, origin: m.origin, resources: [] }
        byKey.set(key, g)
      }
      g.resources.push(make({ ...r, kind }))
    }
  const groups = [...byKey.values()].sort(
    (a, b) =>
      (a.origin === b.origin ? 0 : a.origin === "package" ? -1 : 1) ||
      (a.scope === b.scope ? 0 : a.scope === "user" ? -1 : 1) ||
      a.source.localeCompare(b.source),
  )
  for (const g of groups) g.resources.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.name.localeCompare(b.name))
  return groups
}
