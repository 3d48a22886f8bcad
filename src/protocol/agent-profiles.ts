// The /agents page's listing of agent profiles and the changes it asks for (agents.list,
// agents.change). The host reads and writes the files (src/agents); the window, which never loads
// TypeBox, only draws these rows. Every string here came from a file: the window sanitizes it.

/** Where a row comes from, in the order the page groups them. */
export type ProfileGroup = "built-in" | "global" | "project" | "claude" | "unreadable"
export const PROFILE_GROUPS: readonly ProfileGroup[] = ["built-in", "global", "project", "claude", "unreadable"]

/** Where a new or copied profile is written: $XAGENT_HOME/agents or the project's .xagent/agents. */
export type ProfileScope = "global" | "project"

export interface ProfileRow {
  name: string
  group: ProfileGroup
  kind: "pi" | "acp" | "claude" | "unreadable"
  description?: string
  color?: string
  model?: string
  effort?: string
  tools?: string[]
  /** An ACP profile's program and arguments, as one line. */
  command?: string
  /** Absolute path; none for a built-in. */
  file?: string
  /** An unreadable file's reasons (with their lines), or what of a Claude Code file is not used. */
  notes?: string[]
  /** The group whose profile of the same name runs instead of this one. */
  shadowedBy?: ProfileGroup
  /** Why `e` cannot open it; undefined: it can. */
  noEdit?: string
  /** Why `d` cannot delete it; undefined: it can. */
  noDelete?: string
}

export interface ProfilesListing {
  rows: ProfileRow[]
  /** The folders `n` and `c` write to. */
  folders: Record<ProfileScope, string>
}

export type ProfileChange =
  | { action: "new"; scope: ProfileScope; name: string }
  | { action: "copy"; scope: ProfileScope; name: string; from: { group: ProfileGroup; name: string } }
  | { action: "delete"; file: string }
