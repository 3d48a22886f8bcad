// One session's confinement: its permission mode, its scope (workspace or read-only), whether a
// sandbox exists here at all, and the policy for each folder it runs in. Never saved: a new
// session, or the same one opened again, starts sandboxed.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import type { PermissionMode, SandboxInfo } from "../../protocol"
import { daemonPaths } from "../../util/daemon-paths"
import { PACKAGE_ROOT } from "../../util/package-dir"
import { homeDir } from "../../util/paths"
import { sandboxArgv, type ProxyMount } from "./bwrap-args"
import { startNetProxy, type NetProxy } from "./net-proxy"
import { writeTarget, WriteRefused } from "./file-guard"
import { gitGuard, isGitDir } from "./git-guard"
import { HardLinkScanner } from "./hard-links"
import { deniedReads, inside, readOnlyPolicy, workspacePolicy, type PolicyInputs, type SandboxPolicy } from "./policy"
import { probeSandbox, type Availability } from "./probe"
import { readSandboxSettings, type SandboxSettings } from "./settings"
import { workspaceRoots } from "./workspace"

/** xagent's own install (src/runtime/sandbox → the package). */

export interface SandboxEnv {
  xagentHome: string
  agentDir: string
  /** The bwrap binary (default XAGENT_BWRAP, else `bwrap`). */
  bwrap?: string
}

/** Asks the person a yes/no question in every window; false when nobody can answer. */
export type Ask = (title: string, message: string) => Promise<boolean>

/** A command the boundary will not run; its message is for the model and the person. */
export class SandboxRefused extends Error {}

export class SessionSandbox {
  readonly availability: Availability
  readonly settings: SandboxSettings
  private scopeNow: "workspace" | "read-only" = "workspace"
  /** The answer to "no sandbox here: run unsandboxed?", once given. */
  private unsandboxed?: boolean
  private asking?: Promise<boolean>
  private tmp?: string
  private proxy?: Promise<NetProxy>
  private readonly roots = new Map<string, string[]>()
  private readonly refusedHosts = new Set<string>()
  private readonly links = new HardLinkScanner()
  /** Told once per host the proxy refuses (the window shows it). */
  onNetworkRefused?: (text: string) => void

  constructor(
    private readonly env: SandboxEnv,
    private modeNow: PermissionMode = "sandboxed",
  ) {
    this.availability = probeSandbox(env.bwrap)
    this.settings = readSandboxSettings(env.xagentHome)
  }

  get mode(): PermissionMode {
    return this.modeNow
  }

  setMode(mode: PermissionMode): void {
    if (mode === "full" && this.scopeNow === "read-only")
      throw new SandboxRefused("Full access is not available while the session is read-only (plan mode)")
    this.modeNow = mode
  }

  /** Plan mode's scope: nothing writable, and full access is off while it lasts. */
  setScope(scope: "workspace" | "read-only"): void {
    this.scopeNow = scope
    if (scope === "read-only") this.modeNow = "sandboxed"
  }

  /** `cwd`: the session's folder, for what the sandbox lets it write there (`/permissions` shows it). */
  info(cwd?: string): SandboxInfo {
    const a = this.availability
    const out: SandboxInfo = { mode: this.modeNow, available: a.ok }
    if (!a.ok) out.problem = `${a.reason}; to fix: ${a.fix}`
    if (this.unsandboxed) out.unsandboxed = true
    if (this.scopeNow === "read-only") out.scope = "read-only"
    const writable = cwd === undefined ? undefined : this.writeRoots(cwd)
    if (writable) out.writable = writable
    const net = this.settings.network
    out.network = net.kind === "hosts" ? [...net.hosts] : net.kind
    if (this.settings.problem) out.settingsProblem = this.settings.problem
    return out
  }

  /** The folders the file tools may write in `cwd`; undefined: no boundary (full access). */
  writeRoots(cwd: string): string[] | undefined {
    if (this.modeNow === "full") return undefined
    if (this.scopeNow === "read-only") return []
    return [...this.workspace(cwd), ...this.settings.writable]
  }

  /**
   * Refuses a file-tool write to the repository's config or hooks, which the jail keeps read-only
   * for bash too (git-guard.ts), unless the settings allow it.
   */
  async refuseGitWrite(cwd: string, path: string): Promise<void> {
    const roots = this.writeRoots(cwd)
    if (!roots || this.settings.writableGitConfig) return
    const target = await writeTarget(roots, path, true)
    const hit = gitGuard(this.workspace(cwd)).readOnly.find((p) => inside(target, p))
    if (hit)
      throw new WriteRefused(
        `Refused: ${path} is part of the repository's git configuration or hooks (${hit}), which name programs git runs outside the sandbox; it is read-only to the agent unless the person sets sandbox.writableGitConfig.`,
      )
  }

  policy(cwd: string): SandboxPolicy {
    const inputs = this.inputs(cwd)
    return this.scopeNow === "read-only" ? readOnlyPolicy(inputs) : workspacePolicy(inputs)
  }

  /** What the read tools may not read in `cwd`; undefined: no boundary (full access). */
  readDenied(cwd: string): string[] | undefined {
    return this.modeNow === "full" ? undefined : deniedReads(this.inputs(cwd))
  }

  private inputs(cwd: string): PolicyInputs {
    const paths = daemonPaths(this.env.xagentHome)
    return {
      workspace: this.workspace(cwd),
      tmp: this.tmpDir(),
      xagentHome: this.env.xagentHome,
      socketDir: dirname(paths.socket),
      agentDir: this.env.agentDir,
      home: homeDir(),
      runtimeDir: process.env.XDG_RUNTIME_DIR || undefined,
      extraWritable: this.settings.writable,
      tools: [dirname(process.execPath), PACKAGE_ROOT],
      network: this.settings.network,
      gitWritable: this.settings.writableGitConfig,
    }
  }

  /**
   * How the next command runs: its argv in the sandbox, or undefined to run it as it is (full
   * access, or the person agreed to go without a sandbox). With no sandbox, the first command
   * asks; a no (or nobody to ask) refuses this and every later one. Fails closed.
   */
  async argv(cwd: string, shell: string, command: string, ask: Ask): Promise<string[] | undefined> {
    if (this.modeNow === "full") return undefined
    const a = this.availability
    if (a.ok) {
      const policy = this.policy(cwd)
      // bash may append through a hard link whose other name is outside: those files stay read-only.
      // A linked worktree's shared git dir is skipped as `.git` is (objects of a local clone).
      if (policy.writable.length)
        policy.linked = this.links.scan(this.workspace(cwd).filter((r) => !isGitDir(r))).readOnly
      const net = policy.network.kind === "hosts" ? await this.proxyMount(policy.network.hosts) : undefined
      return sandboxArgv(a.bwrap, policy, cwd, shell, command, net)
    }
    if (this.scopeNow !== "read-only") {
      this.asking ??= ask(
        "No sandbox for commands",
        `${a.reason}. To fix: ${a.fix}.\n\nRun the agent's commands and your ! commands without a sandbox for the rest of this session?`,
      ).catch(() => false)
      this.unsandboxed = await this.asking
      if (this.unsandboxed) return undefined
    }
    throw new SandboxRefused(
      `Not run: no sandbox is available (${a.reason}), and running without one was not agreed to. To fix: ${a.fix}.`,
    )
  }

  dispose(): void {
    if (this.tmp) rmSync(this.tmp, { recursive: true, force: true })
    this.tmp = undefined
    void this.proxy?.then(
      (p) => p.close(),
      () => {},
    )
    this.proxy = undefined
  }

  /** The session's proxy, started by the first command that needs it. */
  private async proxyMount(hosts: string[]): Promise<ProxyMount> {
    this.proxy ??= startNetProxy(hosts, (host) => this.refused(host))
    return { dir: (await this.proxy).dir, bun: process.execPath }
  }

  private refused(host: string): void {
    if (this.refusedHosts.has(host)) return
    this.refusedHosts.add(host)
    this.onNetworkRefused?.(
      `Sandbox network: refused ${host}, not in sandbox.network (later refusals of it are not shown)`,
    )
  }

  /** The session's workspace in `cwd`: its git work tree (and shared git dir), or `cwd` outside git. */
  workspace(cwd: string): string[] {
    let got = this.roots.get(cwd)
    if (!got) this.roots.set(cwd, (got = workspaceRoots(cwd)))
    return got
  }

  /** Shared by the session's commands (a build's temp files outlive one call), removed at close. */
  private tmpDir(): string {
    this.tmp ??= mkdtempSync(join(tmpdir(), "xagent-jail-tmp-"))
    return this.tmp
  }
}
