// Where Pi keeps a folder's sessions, and finding them by path, id or id prefix. Pi's own
// defaults follow the env's agent dir, so everything here takes the host's agentDir explicitly.
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs"
import { dirname, isAbsolute, join, resolve } from "node:path"
import { SessionManager, SettingsManager, type SessionInfo as PiSessionInfo } from "@earendil-works/pi-coding-agent"
import { ProtocolError, type SavedSession } from "../../protocol/index"
import { notASessionMessage, sessionFileProblem } from "../../util/session-file-check"
import { projectSettingsTrusted } from "../setup/project-settings-trust"

const SESSION_DIR_ENV = "PI_CODING_AGENT_SESSION_DIR"

function expandHome(p: string): string {
  return p === "~" || p.startsWith("~/") ? join(process.env.HOME ?? "", p.slice(1)) : p
}

/**
 * A custom session dir (`--session-dir`, env or settings, in Pi's order) holds every folder's
 * sessions; undefined means Pi's default layout. A project's own settings count only once its
 * trust is decided (project-settings-trust.ts); `projectTrust` is `--approve`/`--no-approve`.
 */
export function customSessionDir(
  cwd: string,
  agentDir: string,
  flag?: string,
  projectTrust?: boolean,
): string | undefined {
  if (flag) return resolve(expandHome(flag))
  const env = process.env[SESSION_DIR_ENV]
  if (env) return expandHome(env)
  const projectTrusted = projectSettingsTrusted(cwd, agentDir, projectTrust)
  return SettingsManager.create(cwd, agentDir, { projectTrusted }).getSessionDir() || undefined
}

export function sessionDirFor(cwd: string, agentDir: string, flag?: string, projectTrust?: boolean): string {
  const custom = customSessionDir(cwd, agentDir, flag, projectTrust)
  if (custom) return custom
  // As Pi 1.6 does: the resolved folder (no trailing separator, relative made absolute).
  const folder = resolve(cwd)
  return join(resolve(agentDir), "sessions", `--${folder.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`)
}

/** The newest session file of a folder by mtime (what `pi --continue` resumes), if any; other files are passed over. */
export function mostRecentFile(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  return files.find((f) => !sessionFileProblem(f.path))?.path
}

/** Throws unless `path` is a session file Pi can open without rewriting something that is not one. */
export function assertSessionFile(path: string): string {
  const refused = notASessionMessage(path)
  if (refused) throw new ProtocolError("bad_request", refused)
  return path
}

export async function listSessions(
  cwd: string,
  agentDir: string,
  flag?: string,
  projectTrust?: boolean,
): Promise<PiSessionInfo[]> {
  const custom = customSessionDir(cwd, agentDir, flag, projectTrust)
  const dir = custom ?? sessionDirFor(cwd, agentDir)
  if (!existsSync(dir)) return []
  const all = await SessionManager.list(cwd, dir)
  return custom ? all.filter((s) => s.cwd === cwd) : all
}

/** The folders of Pi's default layout under the agent dir: one a working folder. */
export function defaultSessionFolders(agentDir: string): string[] {
  const root = join(agentDir, "sessions")
  return existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(root, d.name))
    : []
}

export async function listAllSessions(agentDir: string): Promise<PiSessionInfo[]> {
  const dirs = defaultSessionFolders(agentDir)
  const custom = process.env[SESSION_DIR_ENV]
  if (custom) dirs.push(expandHome(custom))
  const lists = await Promise.all(dirs.map((d) => SessionManager.listAll(d)))
  const seen = new Set<string>()
  return lists
    .flat()
    .filter((s) => !seen.has(s.path) && seen.add(s.path))
    .sort((a, b) => b.modified.getTime() - a.modified.getTime())
}

/**
 * A session file path, or a Pi session id / unique id prefix (this folder's sessions first);
 * with `--session-dir` (`flag`), only the sessions in that folder, as in Pi.
 */
export async function resolveSessionRef(
  ref: string,
  cwd: string,
  agentDir: string,
  flag?: string,
  projectTrust?: boolean,
): Promise<string> {
  if (ref.includes("/") || ref.includes("\\") || ref.endsWith(".jsonl")) {
    const path = isAbsolute(ref) ? ref : resolve(cwd, ref)
    if (!existsSync(path)) throw new ProtocolError("not_found", `No session file at ${path}`)
    return assertSessionFile(path)
  }
  const everywhere = flag ? () => SessionManager.listAll(resolve(expandHome(flag))) : () => listAllSessions(agentDir)
  for (const list of [() => listSessions(cwd, agentDir, flag, projectTrust), everywhere]) {
    const matches = (await list()).filter((s) => s.id.startsWith(ref))
    if (matches.length === 1) return assertSessionFile(matches[0]!.path)
    if (matches.length > 1) {
      const exact = matches.find((s) => s.id === ref)
      if (exact) return assertSessionFile(exact.path)
      throw new ProtocolError(
        "bad_request",
        `Session id "${ref}" is ambiguous: ${matches
          .slice(0, 5)
          .map((s) => s.id)
          .join(", ")}${matches.length > 5 ? "…" : ""}`,
      )
    }
  }
  throw new ProtocolError("not_found", `No session matching "${ref}" in ${flag ?? join(agentDir, "sessions")}`)
}

export function toSaved(s: PiSessionInfo): SavedSession {
  const out: SavedSession = {
    path: s.path,
    id: s.id,
    cwd: s.cwd,
    modified: s.modified.getTime(),
    messageCount: s.messageCount,
    firstMessage: s.firstMessage,
  }
  if (s.name) out.name = s.name
  return out
}

/** The folder's session with exactly this id (Pi's `--session-id` looks no further), if any. */
export function sessionById(cwd: string, id: string, dir: string): string | undefined {
  return SessionManager.findById(cwd, id, dir)
}

/**
 * The folder a saved session works in, opened from `cwd`: undefined keeps the folder its header
 * names. The header is anyone's to write, and the folder it names becomes what the sandbox lets
 * the agent write, so it is believed only for a file in the person's own session store (Pi's
 * layout under the agent dir, or the session dir of the environment or the person's settings),
 * which the agent cannot write. A file anywhere else, a repository's shipped one above all, goes
 * on in the folder it was opened from.
 */
export function workspaceOverride(path: string, cwd: string, agentDir: string): string | undefined {
  const folder = dirname(real(path))
  const defaultRoot = real(join(agentDir, "sessions"))
  if (dirname(folder) === defaultRoot) return undefined
  const env = process.env[SESSION_DIR_ENV]
  const own = env ? expandHome(env) : SettingsManager.create(cwd, agentDir, { projectTrusted: false }).getSessionDir()
  if (own && folder === real(own)) return undefined
  return resolve(cwd)
}

function real(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}
