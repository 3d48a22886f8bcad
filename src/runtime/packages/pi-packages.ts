// `xagent install|remove|update|list`: Pi's package commands (its package-manager-cli, which Pi
// does not export) made of the classes Pi does export: DefaultPackageManager and SettingsManager
// on Pi's agent dir and the project's .pi/, so pi and xagent read and write the same settings and
// the same installed packages. Output is Pi's wording; the CLI strips escapes from it.
import { join } from "node:path"
import {
  DefaultPackageManager,
  getAgentDir,
  hasTrustRequiringProjectResources,
  ModelRuntime,
  ProjectTrustStore,
  SettingsManager,
} from "@earendil-works/pi-coding-agent"
import type { PackageRequest, UpdateTarget } from "../../protocol/package-command"
import { errorText } from "../../util/error-text"
import { trustChoices, trustQuestion } from "../setup/project-trust"
import { piOffline } from "../../util/pi-offline"

export interface PackageIo {
  out(line: string): void
  err(line: string): void
  /** The person's pick among `labels` (its index), where a terminal can ask; undefined: no answer. */
  choose?(question: string, labels: string[]): Promise<number | undefined>
}

/** Why `update` never updates pi itself here: the Pi xagent runs is a dependency of xagent. */
export const SELF_UPDATE_NOTE =
  "xagent does not update itself or the Pi it runs: update xagent the way it was installed " +
  "(npm install -g again, or git pull and npm ci in its checkout). Packages: xagent update --extensions"

/** Runs one command and returns its exit code (0 done, 1 failed), as `pi <command>` would. */
export async function runPackageCommand(req: PackageRequest, cwd: string, io: PackageIo): Promise<number> {
  const agentDir = getAgentDir()
  try {
    if (req.command === "update" && req.target.type === "models") return await refreshModels(agentDir, io)
    const settingsManager = SettingsManager.create(cwd, agentDir, { projectTrusted: false })
    // Pi's `update` goes by a saved decision only; the others as a session would, but with no one to ask.
    const trusted =
      req.command === "update"
        ? (req.approve ?? new ProjectTrustStore(agentDir).get(cwd) === true)
        : await projectTrusted(cwd, agentDir, settingsManager, req.approve, io)
    settingsManager.setProjectTrusted(trusted)
    if (!trusted && (req.command === "install" || req.command === "remove") && req.local) {
      io.err("Project is not trusted. Use --approve to modify local package config.")
      return 1
    }
    for (const { scope, error } of settingsManager.drainErrors())
      io.err(`Warning (package command, ${scope} settings): ${error.message}`)
    const manager = new DefaultPackageManager({ cwd, agentDir, settingsManager })
    const updated: string[] = []
    let warnings = 0
    manager.setProgressCallback((event) => {
      if (event.type === "result" && event.action === "update" && event.message) updated.push(event.message)
      else if (event.type === "start") io.out(event.message ?? "")
      else if (event.type === "progress" && event.message) {
        warnings++
        io.out(event.message)
      }
    })
    switch (req.command) {
      case "install":
        await manager.installAndPersist(req.source, { local: req.local })
        io.out(`Installed ${req.source}`)
        return 0
      case "remove":
        if (!(await manager.removeAndPersist(req.source, { local: req.local }))) {
          io.err(`No matching package found for ${req.source}`)
          return 1
        }
        io.out(`Removed ${req.source}`)
        return 0
      case "list":
        list(manager, io)
        return 0
      case "update":
        return await update(manager, req.target, req.skippedNote, io, () => ({ updated, warnings }))
    }
  } catch (e) {
    io.err(`Error: ${errorText(e)}`)
    return 1
  }
}

/**
 * Pi's rule for a command (core/project-trust.ts): `--approve`/`--no-approve`; a folder without
 * protected resources is trusted unless trust.json says otherwise; else trust.json, else the
 * `defaultProjectTrust` setting, whose "ask" asks Pi's question on a terminal and declines where
 * there is none. (Extensions' `project_trust` handlers are not consulted: running a project's
 * code to decide whether to trust it is what a package command should not do unasked.)
 */
async function projectTrusted(
  cwd: string,
  agentDir: string,
  settings: SettingsManager,
  approve: boolean | undefined,
  io: PackageIo,
): Promise<boolean> {
  if (approve !== undefined) return approve
  const store = new ProjectTrustStore(agentDir)
  const saved = store.get(cwd)
  if (!hasTrustRequiringProjectResources(cwd)) return saved ?? true
  if (saved !== null) return saved
  const fallback = settings.getDefaultProjectTrust()
  if (fallback !== "ask" || !io.choose) return fallback === "always"
  const choices = trustChoices(cwd, { sessionOnly: true })
  const picked = await io.choose(
    trustQuestion(cwd),
    choices.map((c) => c.label.replace("this session only", "this command only")),
  )
  const chosen = picked === undefined ? undefined : choices[picked]
  if (!chosen) return false
  if (chosen.updates.length) store.setMany(chosen.updates)
  return chosen.trusted
}

function list(manager: DefaultPackageManager, io: PackageIo): void {
  const packages = manager.listConfiguredPackages()
  if (packages.length === 0) return io.out("No packages installed.")
  const scopes = [
    { title: "User packages:", items: packages.filter((p) => p.scope === "user") },
    { title: "Project packages:", items: packages.filter((p) => p.scope === "project") },
  ].filter((s) => s.items.length > 0)
  scopes.forEach((scope, i) => {
    if (i > 0) io.out("")
    io.out(scope.title)
    for (const pkg of scope.items) {
      io.out(`  ${pkg.filtered ? `${pkg.source} (filtered)` : pkg.source}`)
      if (pkg.installedPath) io.out(`    ${pkg.installedPath}`)
    }
  })
}

async function update(
  manager: DefaultPackageManager,
  target: UpdateTarget,
  skippedNote: boolean,
  io: PackageIo,
  seen: () => { updated: string[]; warnings: number },
): Promise<number> {
  if (skippedNote) io.out("Extensions are skipped. Run xagent update --extensions to update extensions.")
  if (target.type === "all" || target.type === "extensions") {
    const source = target.type === "extensions" ? target.source : undefined
    await manager.update(source)
    const { updated, warnings } = seen()
    if (piOffline()) io.out("Skipped package updates (offline mode)")
    else if (updated.length === 0 && warnings > 0)
      io.out(
        source
          ? `${source} was not updated, see the warnings above`
          : "No packages were updated, see the warnings above",
      )
    else if (updated.length === 0)
      io.out(source ? `${source} is already up to date` : "Packages are already up to date")
    else {
      io.out(`Updated ${updated.length} package${updated.length === 1 ? "" : "s"}:`)
      for (const line of updated) io.out(`  ${line}`)
    }
  }
  if (target.type === "self" || target.type === "all") {
    io.err(SELF_UPDATE_NOTE)
    // Asked for nothing but the update xagent cannot do: that is a failure, as in Pi where it cannot.
    return target.type === "self" ? 1 : 0
  }
  return 0
}

/** Pi's `update --models`: every provider's model catalog fetched again. */
async function refreshModels(agentDir: string, io: PackageIo): Promise<number> {
  const signal = AbortSignal.timeout(15_000)
  const runtime = await ModelRuntime.create({
    authPath: join(agentDir, "auth.json"),
    modelsPath: join(agentDir, "models.json"),
    allowModelNetwork: false,
    signal,
  })
  const result = await runtime.refresh({ allowNetwork: true, force: true, signal })
  if (result.aborted) throw new Error("Model catalog refresh timed out.")
  const failures: string[] = []
  for (const [provider, error] of result.errors) {
    // A stale sign-in spoils only that provider's catalog (Pi's ModelsError code "oauth").
    if ((error as { code?: string }).code === "oauth")
      io.err(
        `Warning: skipped model catalog for ${provider}: ${error.message}\nSign in again with \`xagent auth login ${provider}\` to refresh it.`,
      )
    else failures.push(`${provider}: ${error.message}`)
  }
  if (failures.length) throw new Error(`Could not refresh model catalogs: ${failures.join("; ")}`)
  io.out("Model catalogs refreshed")
  return 0
}
