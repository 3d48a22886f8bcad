// Whether a project's own .pi/settings.json may count before its session opens. Pi reads a
// project's `sessionDir` before trust is decided (its one exception), which would let a repository
// the person has just cloned choose which conversation `-c`, `-r` or `--session <id>` resumes: here
// the project's settings count only when trust is already decided for it (`--approve`, a saved
// decision, or the person's `defaultProjectTrust: "always"`).
import { hasTrustRequiringProjectResources, ProjectTrustStore, SettingsManager } from "@earendil-works/pi-coding-agent"

/** `override`: `--approve` (true) or `--no-approve` (false) for this run. */
export function projectSettingsTrusted(cwd: string, agentDir: string, override?: boolean): boolean {
  if (override !== undefined) return override
  // Nothing there to distrust (no .pi/settings.json and the like): Pi loads it without asking.
  if (!hasTrustRequiringProjectResources(cwd)) return true
  const saved = new ProjectTrustStore(agentDir).get(cwd)
  if (saved !== null) return saved
  return SettingsManager.create(cwd, agentDir, { projectTrusted: false }).getDefaultProjectTrust() === "always"
}

/** The session folder a project's own settings name while they do not count, if it is not the person's. */
export function ignoredProjectSessionDir(cwd: string, agentDir: string, override?: boolean): string | undefined {
  if (projectSettingsTrusted(cwd, agentDir, override)) return undefined
  const theirs = SettingsManager.create(cwd, agentDir).getSessionDir()
  const mine = SettingsManager.create(cwd, agentDir, { projectTrusted: false }).getSessionDir()
  return theirs && theirs !== mine ? theirs : undefined
}
