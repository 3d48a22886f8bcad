// What a sandboxed command may touch. A policy is plain data: the folders it may write, the
// folders and files it must not read, and its network. bwrap-args.ts turns it into a jail.
import { existsSync, realpathSync } from "node:fs"
import { join, sep } from "node:path"

/** `on`: the host's network; `off`: a network namespace of its own with only loopback. */
export type NetworkPolicy = { kind: "on" } | { kind: "off" }

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
}

/** The default: the workspace and temp writable, xagent's state, credentials and local services hidden. */
export function workspacePolicy(i: PolicyInputs): SandboxPolicy {
  const writable = existing([...i.workspace, ...(i.extraWritable ?? [])])
  return {
    writable,
    readable: underTmp(i.tools),
    hidden: hiddenFolders(i, writable),
    masked: existing([join(i.agentDir, "auth.json"), join(i.agentDir, "models.json")]),
    tmp: real(i.tmp),
    network: i.network,
  }
}

/** Plan mode's scope: the same jail with no writable path at all (not even /tmp). */
export function readOnlyPolicy(i: PolicyInputs): SandboxPolicy {
  const base = workspacePolicy(i)
  const readable = existing([...underTmp(i.tools), ...i.workspace])
  return { ...base, writable: [], readable, hidden: hiddenFolders(i, readable), tmp: undefined }
}

function hiddenFolders(i: PolicyInputs, writable: string[]): string[] {
  const want = existing([
    i.xagentHome,
    i.socketDir,
    join(i.home, ".ssh"),
    join(i.home, ".gnupg"),
    // The session bus, ssh-agent, keyrings and the like live here (or in /run/user/<uid>).
    ...(i.runtimeDir ? [i.runtimeDir] : []),
    "/run/user",
  ])
  // /tmp is replaced as a whole, so what is under it is already gone, unless a writable folder
  // brings it back (a workspace in /tmp holding the state folder, say).
  return [...new Set(want)].filter((p) => !inside(p, "/tmp") || writable.some((w) => inside(p, w)))
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
