// What `session.diff` answers: the session folder's git changes against HEAD (tracked files as
// `git diff HEAD` shows them, then untracked ones), as Codex's `/diff` shows them. A diff too long
// for a window is left out with its counts, so one generated file cannot make the answer huge.

export type WorkspaceFileStatus = "modified" | "added" | "deleted" | "untracked"

export interface WorkspaceFileDiff {
  /** Relative to the repository's top folder, as git prints it. */
  path: string
  status: WorkspaceFileStatus
  added: number
  removed: number
  /** The unified diff's hunks (`@@ … @@`, `+`, `-`, ` `); absent with a `note` saying why. */
  diff?: string
  /** Why there is no diff: a binary file, a symbolic link, or more lines than a window shows. */
  note?: string
}

export type WorkspaceDiff =
  | { repo: false }
  | {
      repo: true
      /** The repository's top folder. */
      root: string
      /** `HEAD`, or `none` in a repository with no commit yet (every tracked file is added). */
      base: "HEAD" | "none"
      files: WorkspaceFileDiff[]
      /** Untracked files past the listing's cap, not in `files`. */
      moreUntracked: number
    }

/** Changed lines shown in one answer; files past it carry counts and a note only. */
export const WORKSPACE_DIFF_LINES = 6000
/** One file's changed lines past which it is left out even under the total. */
export const WORKSPACE_FILE_LINES = 2000
/** Untracked files listed (each read to count its lines). */
export const WORKSPACE_UNTRACKED_FILES = 200
