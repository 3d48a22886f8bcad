// What a sandboxed command may touch. A policy is plain data: the folders it may write, the
// folders and files it must not read, and its network. bwrap-args.ts turns it into a jail.
import { existsSync, readdirSync, realpathSync, type Dirent } from "node:fs"
import { join, sep } from "node:path"
import { gitGuard, type GitGuard } from "./git-guard"

/**
 * `on`: the host's network; `off`: a network namespace of its own with only loopback; `hosts`:
 * that namespace plus the runtime's proxy, which reaches only these hosts (see host-list.ts).
 */
export type NetworkPolicy = { kind: "on" } | { kind: "off" } | { kind: "hosts"; hosts: string[] }

export interface SandboxPolicy {
  /** Bound read-write over the read-only root (real paths). */
  writable: string[]
  /** Bound read-only: the workspace when nothing is writable (it may sit in the replaced /tmp). */
  readable: string[]
  /** Folders replaced by an empty one: their content is absent (real paths). */
  hidden: string[]
  /** Files replaced by an empty one (real paths). */
  masked: string[]
  /** Host folder mounted at /tmp; undefined: /tmp is an empty read-only folder. */
  tmp?: string
  network: NetworkPolicy
  /** The repository's config and hooks, read-only inside the writable binds (git-guard.ts). */
  git?: GitGuard
  /** Files with a name outside the workspace (or their folders), read-only (hard-links.ts). */
  linked?: string[]
}

export interface PolicyInputs {
  /** The session's workspace: its folder or worktree, and a worktree's shared git dir. */
  workspace: string[]
  /** The session's private temp folder, seen as /tmp inside. */
  tmp: string
  xagentHome: string
  /** The folder of xagent's socket (it may sit outside xagentHome, see util/daemon-paths.ts). */
  socketDir: string
  /** Pi's agent dir: its auth.json and models.json hold credentials. */
  agentDir: string
  home: string
  runtimeDir?: string
  /** More writable folders from settings (caches and the like). */
  extraWritable?: string[]
  /**
   * Folders the commands must still see read-only though they sit under the replaced /tmp: the
   * Bun and the xagent install that run inside (a checkout in /tmp, say).
   */
  tools?: string[]
  network: NetworkPolicy
  /** The person allows the agent to write `.git/config` and `.git/hooks` (`sandbox.writableGitConfig`). */
  gitWritable?: boolean
}

/** The default: the workspace and temp writable, xagent's state, credentials and local services hidden. */
export function workspacePolicy(i: PolicyInputs): SandboxPolicy {
  const writable = existing([...i.workspace, ...(i.extraWritable ?? [])])
  const denied = deniedParts(i)
  const hidden = outermost(underBinds(denied.folders, writable))
  return {
    writable,
    readable: underTmp(i.tools),
    hidden,
    masked: outside(underBinds([...credentialFiles(i), ...denied.files], writable), hidden),
    tmp: real(i.tmp),
    network: i.network,
    git: i.gitWritable ? undefined : gitGuard(existing(i.workspace)),
  }
}

/** Plan mode's scope: the same jail with no writable path at all (not even /tmp). */
export function readOnlyPolicy(i: PolicyInputs): SandboxPolicy {
  const base = workspacePolicy(i)
  const readable = existing([...underTmp(i.tools), ...i.workspace])
  const denied = deniedParts(i)
  const hidden = outermost(underBinds(denied.folders, readable))
  return {
    ...base,
    writable: [],
    readable,
    hidden,
    masked: outside(underBinds([...credentialFiles(i), ...denied.files], readable), hidden),
    tmp: undefined,
    git: undefined,
  }
}

function credentialFiles(i: PolicyInputs): string[] {
  return existing([join(i.agentDir, "auth.json"), join(i.agentDir, "models.json")])
}

/**
 * What the host-side read tools (read, grep, find, ls) must not read: the folders the jail hides,
 * including those under /tmp (the jail replaces /tmp; the host's tools see the real one), and the
 * masked credential files. Sockets need no entry: a file read cannot connect to one.
 */
export function deniedReads(i: PolicyInputs): string[] {
  const denied = deniedParts(i)
  return existing([...denied.folders, ...denied.files, join(i.agentDir, "auth.json"), join(i.agentDir, "models.json")])
}

function deniedFolders(i: PolicyInputs): string[] {
  return [
    i.xagentHome,
    i.socketDir,
    join(i.home, ".ssh"),
    join(i.home, ".gnupg"),
    // The session bus, ssh-agent, keyrings and the like live here (or in /run/user/<uid>).
    ...(i.runtimeDir ? [i.runtimeDir] : []),
    "/run/user",
  ]
}

/** What is denied, with the workspace carved out of it. */
function deniedParts(i: PolicyInputs): { folders: string[]; files: string[] } {
  return carveOut(existing(deniedFolders(i)), existing(i.workspace))
}

/**
 * A denied folder that holds the workspace (a managed worktree lives in xagent's state folder,
 * $XAGENT_HOME/worktrees/<repo>/<name>) is denied as its other entries instead, level by level
 * down to the workspace: the worktree stays visible, its siblings and the rest of the state do not.
 */
export function carveOut(denied: string[], workspace: string[]): { folders: string[]; files: string[] } {
  const folders: string[] = []
  const files: string[] = []
  const visit = (dir: string) => {
    const kept = workspace.filter((w) => inside(w, dir))
    if (!kept.length) return void folders.push(dir)
    if (kept.includes(dir)) return
    let entries: Dirent[] = []
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      const p = join(dir, e.name)
      if (e.isDirectory()) visit(p)
      else if (e.isFile()) files.push(p)
    }
  }
  for (const d of new Set(denied)) visit(d)
  return { folders, files }
}

/**
 * /tmp is replaced as a whole, so what is under it is already gone, unless a bound folder brings
 * it back (a workspace in /tmp holding the state folder, say). Covering what is gone would make
 * bwrap create its parents, which a read-only /tmp refuses.
 */
function underBinds(paths: string[], binds: string[]): string[] {
  return paths.filter((p) => !inside(p, "/tmp") || binds.some((b) => inside(p, b)))
}

/**
 * A hidden folder inside another one (the socket's `$XAGENT_HOME/run` in `$XAGENT_HOME`, when the
 * workspace holds both: a HOME that is not a repository) is already hidden, and hiding it again
 * would make bwrap create it in the outer folder's empty read-only tmpfs, which fails every command.
 */
function outermost(folders: string[]): string[] {
  return folders.filter((f) => !folders.some((o) => o !== f && inside(f, o)))
}

/** Files to mask that a hidden folder already hides (masking one would create it there). */
function outside(files: string[], hidden: string[]): string[] {
  return files.filter((f) => !hidden.some((h) => inside(f, h)))
}

function underTmp(paths: string[] = []): string[] {
  return existing(paths).filter((p) => inside(p, "/tmp"))
}

function existing(paths: string[]): string[] {
  return [...new Set(paths.filter((p) => existsSync(p)).map(real))]
}

function real(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return p
  }
}

/** `p` is `dir` or below it (both real, absolute paths). */
export function inside(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep)
}
