// The /packages page's view of Pi's resources: what Pi's resolver finds in the settings, the
// installed packages' manifests and conventional folders (nothing of theirs is run to list it),
// grouped the way `pi config` groups them, plus the tools and MCP servers the session's already
// loaded extensions registered. Every string here comes from a file or a package: the window
// sanitizes it before drawing.

export type ResourceKind = "extensions" | "skills" | "prompts" | "themes"
export const RESOURCE_KINDS: readonly ResourceKind[] = ["extensions", "skills", "prompts", "themes"]

/** Whose settings a change goes to: Pi's agent dir (`user`) or the project's `.pi/` (`project`). */
export type PackageScope = "user" | "project"

/** A project's override of a resource (`pi config --local`): none, `+path` or `-path`. */
export type OverrideState = "inherit" | "load" | "unload"

export interface PackageResource {
  kind: ResourceKind
  /** Absolute path (or `builtin:<name>`): the resource's identity for a toggle. */
  path: string
  /** As `pi config` names it: a skill's folder, an extension's `folder/file` outside `extensions/`. */
  name: string
  enabled: boolean
  /** Project view only: this project's override of it. */
  override?: OverrideState
  /** Project view only: it comes from the user's settings (drawn dimmed unless overridden). */
  inherited?: boolean
  /** An extension this session loaded: the tools and MCP servers it registered. */
  tools?: string[]
  mcpServers?: string[]
}

export interface ResourceGroup {
  /** `pi config`'s label: the package source and scope, "Built-in", "User (~/.pi/agent/)"… */
  label: string
  source: string
  scope: PackageScope
  origin: "package" | "top-level"
  /** A package's folder on disk, when it is installed. */
  installedPath?: string
  resources: PackageResource[]
}

export interface PackagesView {
  groups: ResourceGroup[]
}

export interface PackagesListing {
  cwd: string
  /** What toggling in the user scope changes (Pi's agent dir's settings.json). */
  user: PackagesView
  /** Absent when the session does not trust the project: its `.pi/` settings are then not read. */
  project?: PackagesView
  /** Packages configured but not installed (they are not installed by browsing). */
  missing: { source: string; scope: PackageScope }[]
  /** Settings files Pi could not read, said as Pi says them. */
  warnings: string[]
}

/** A package command the page runs: Pi's install, remove or update, on the user or project settings. */
export type PackageAction =
  { command: "install" | "remove"; source: string; scope: PackageScope } | { command: "update"; source?: string }
