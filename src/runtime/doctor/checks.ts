// The doctor's checks, the same for `xagent doctor` (its own process) and /doctor (the session's
// host): a model that can answer, the sandbox, git, the daemon, Pi's files, packages, MCP. All of
// them local: no model request is made, no package installed, no MCP server started.
import { spawnSync } from "node:child_process"
import { DefaultPackageManager, SettingsManager, type ModelRuntime } from "@earendil-works/pi-coding-agent"
import type { DoctorCheck } from "../../protocol/doctor"
import { probeDaemon } from "../../util/daemon-probe"
import { errorText } from "../../util/error-text"
import { piBuiltins } from "../extensions/pi-builtins"
import { probeSandbox } from "../sandbox/probe"
import { envVarFor } from "../setup/models"
import { configuredMcpServers, piFileChecks } from "./pi-files"

export interface DoctorInputs {
  cwd: string
  agentDir: string
  modelRuntime: ModelRuntime
  /** The project's .pi/ files count (the session's trust, or the saved decision). */
  projectTrusted: boolean
  /** The session's model, when there is a session; else the settings' default. */
  model?: { provider: string; id: string }
  /** The bubblewrap binary (default XAGENT_BWRAP, else `bwrap` on PATH). */
  bwrap?: string
  /** What a live session loaded: its extensions' load errors. Absent: nothing was loaded here. */
  loaded?: { extensionErrors: { path: string; error: string }[] }
}

export async function doctorChecks(i: DoctorInputs): Promise<DoctorCheck[]> {
  const settings = SettingsManager.create(i.cwd, i.agentDir, { projectTrusted: i.projectTrusted })
  // Settings problems are the settings.json check's to tell, with the place in the file.
  settings.drainErrors()
  return [
    modelCheck(i, settings),
    sandboxCheck(i.bwrap),
    gitCheck(),
    await daemonCheck(),
    ...piFileChecks(i.cwd, i.agentDir, i.modelRuntime.getError()),
    await packagesCheck(i, settings),
    mcpCheck(i),
  ]
}

function modelCheck(i: DoctorInputs, settings: SettingsManager): DoctorCheck {
  const name = "model"
  const runtime = i.modelRuntime
  const loginFix = (provider: string) => {
    const env = envVarFor(provider)
    return `sign in with /login or xagent auth login ${provider}${env ? `, or set ${env}` : ""}`
  }
  const broken = runtime.getError()
    ? "; models.json does not load, so its models are missing (see models.json below)"
    : ""
  const provider = i.model?.provider ?? settings.getDefaultProvider()
  const id = i.model?.id ?? settings.getDefaultModel()
  if (provider && id) {
    const ref = `${provider}/${id}`
    if (!runtime.getModel(provider, id))
      return {
        name,
        verdict: "fail",
        text: `${ref} is not among the known models${broken}`,
        fix: broken ? "fix models.json" : "pick another with /model (xagent --list-models lists them)",
      }
    if (!runtime.hasConfiguredAuth(provider))
      return { name, verdict: "fail", text: `${ref} has no key or sign-in`, fix: loginFix(provider) }
    return { name, verdict: "ok", text: `${ref}, with a key or sign-in` }
  }
  const usable = runtime.getAvailableSnapshot()
  if (usable.length)
    return {
      name,
      verdict: "warn",
      text: `no default model; ${usable.length} ${usable.length === 1 ? "model has" : "models have"} a key or sign-in${broken}`,
      fix: "pick one with /model (it is saved as the default)",
    }
  return {
    name,
    verdict: "fail",
    text: `no model has a key or sign-in${broken}`,
    fix: broken
      ? "fix models.json, or sign in with /login or xagent auth login <provider>"
      : "sign in with /login or xagent auth login <provider>, or set a key such as ANTHROPIC_API_KEY",
  }
}

function sandboxCheck(bwrap?: string): DoctorCheck {
  const got = probeSandbox(bwrap, true)
  if (got.ok) return { name: "sandbox", verdict: "ok", text: `bubblewrap works (${got.bwrap})` }
  return { name: "sandbox", verdict: "fail", text: got.reason, fix: got.fix }
}

function gitCheck(): DoctorCheck {
  const r = spawnSync("git", ["--version"], { encoding: "utf8", timeout: 10_000 })
  if (r.status === 0) return { name: "git", verdict: "ok", text: r.stdout.trim() }
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT"
  return {
    name: "git",
    verdict: "warn",
    text: missing
      ? "git is not on PATH: /diff, worktrees and git packages need it"
      : `git --version failed: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0]}`,
    fix: "install git (Debian/Ubuntu: apt-get install git; Fedora: dnf install git; macOS: xcode-select --install)",
  }
}

async function daemonCheck(): Promise<DoctorCheck> {
  const name = "daemon"
  const d = await probeDaemon()
  switch (d.state) {
    case "absent":
      return { name, verdict: "ok", text: "not running: a window starts it when it opens" }
    case "answering":
      return { name, verdict: "ok", text: `running${d.pid ? ` (pid ${d.pid})` : ""}, socket ${d.socket}` }
    case "stale":
      return {
        name,
        verdict: "warn",
        text: `stale socket ${d.socket}: no daemon answers on it`,
        fix: "xagent daemon start replaces it (a window does too)",
      }
    case "unreachable":
      return {
        name,
        verdict: "fail",
        text: `socket ${d.socket} does not answer: ${d.error}`,
        fix: "xagent daemon stop --force, then xagent daemon start",
      }
  }
}

async function packagesCheck(i: DoctorInputs, settings: SettingsManager): Promise<DoctorCheck> {
  const name = "packages"
  const manager = new DefaultPackageManager({
    cwd: i.cwd,
    agentDir: i.agentDir,
    settingsManager: settings,
    builtinExtensions: piBuiltins().map((b) => b.name),
    commandOutput: "capture",
  })
  try {
    // Missing packages are skipped, never installed: the doctor only looks.
    await manager.resolve(async () => "skip" as const)
  } catch (e) {
    return {
      name,
      verdict: "fail",
      text: `Pi's package resolver failed: ${errorText(e)}`,
      fix: "xagent list shows the configured packages",
    }
  }
  const configured = manager.listConfiguredPackages()
  const missing = configured.filter((c) => !c.installedPath)
  if (missing.length)
    return {
      name,
      verdict: "fail",
      text: `not installed: ${missing.map((m) => `${m.source} (${m.scope})`).join(", ")}`,
      fix: `xagent install ${missing[0]!.source} (a new session installs them too), or xagent remove it`,
    }
  const failed = i.loaded?.extensionErrors ?? []
  if (failed.length)
    return {
      name,
      verdict: "fail",
      text: `${failed[0]!.path} did not load: ${failed[0]!.error.split("\n")[0]}${failed.length > 1 ? ` (and ${failed.length - 1} more)` : ""}`,
      fix: "fix or remove that extension (xagent remove <source> for a package), then /reload",
    }
  const n = configured.length
    ? `${configured.length} ${configured.length === 1 ? "package" : "packages"} installed`
    : "no packages installed"
  return i.loaded
    ? { name, verdict: "ok", text: `${n}; every extension of this session loaded` }
    : {
        name,
        verdict: "ok",
        text: configured.length ? `${n}, on disk (not loaded here: /doctor in a session says whether they load)` : n,
      }
}

function mcpCheck(i: DoctorInputs): DoctorCheck {
  const servers = configuredMcpServers(i.cwd, i.agentDir, i.projectTrusted)
  if (!servers.length) return { name: "MCP servers", verdict: "ok", text: "none configured" }
  return {
    name: "MCP servers",
    verdict: "unchecked",
    text: `${servers.length} configured (${servers.join(", ")}): not started by the doctor`,
    fix: "xagent mcp list starts each one and shows its state and errors",
  }
}
