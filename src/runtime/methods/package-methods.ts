// Session methods of the /packages page: list what Pi's packages and settings bring, turn one
// resource on or off as `pi config` does, and install, remove or update a package with Pi's
// package manager, all in the session's folder and under its project-trust decision. Nothing here
// loads a package: the page says to reload (`session.reload`) for changes to reach the session.
import { DefaultPackageManager, SettingsManager } from "@earendil-works/pi-coding-agent"
import { ProtocolError } from "../../protocol/index"
import type { PackageScope } from "../../protocol/packages"
import { failed } from "./method-common"
import { findItem, listing, resolveScopes, toggleContext } from "../packages/package-listing"
import { toggleProject, toggleUser } from "../packages/package-toggle"
import type { LiveSession } from "../session/live-session"
import type { Handlers } from "./session-methods"

const UNTRUSTED =
  "This session does not trust the project, so its .pi/settings.json is neither read nor written: trust it (/trust) first"

const trustedIn = (live: LiveSession) => live.session.settingsManager.isProjectTrusted()

/** Pi's settings-file problems, worded as Pi words them for its commands. */
function settingsWarnings(s: SettingsManager): string[] {
  return s.drainErrors().map(({ scope, error }) => `Warning (${scope} settings): ${error.message}`)
}

async function current(live: LiveSession, agentDir: string) {
  const r = await resolveScopes(live.cwd, agentDir, trustedIn(live))
  return { r, warnings: settingsWarnings(r.settings) }
}

export const PACKAGE_METHODS = {
  "packages.list": async (live, _p, host) => {
    const { r, warnings } = await current(live, host.agentDir)
    return listing(r, live, warnings)
  },
  "packages.toggle": async (live, p, host) => {
    const { r } = await current(live, host.agentDir)
    if (p.scope === "project" && !r.trusted) throw new ProtocolError("failed", UNTRUSTED)
    const item = findItem(r, p.scope, p.kind, p.path)
    if (!item) throw new ProtocolError("not_found", `No such resource in the ${p.scope} settings: ${p.path}`)
    const ctx = toggleContext(r)
    const changed = p.scope === "project" ? toggleProject(ctx, item) : toggleUser(ctx, item)
    if (changed === undefined)
      throw new ProtocolError(
        "failed",
        p.scope === "user" && item.metadata.scope !== "user"
          ? "A project resource is changed in the project scope (Tab), not the user one"
          : `Nothing to change: ${item.metadata.source} is not in the ${p.scope} settings as Pi resolved it`,
      )
    await r.settings.flush()
    const problems = settingsWarnings(r.settings)
    if (problems.length) throw new ProtocolError("failed", `Could not save the setting: ${problems.join("; ")}`)
    const after = await current(live, host.agentDir)
    return listing(after.r, live, after.warnings)
  },
  "packages.run": async (live, p, host) => {
    const trusted = trustedIn(live)
    const scope: PackageScope = p.command === "update" ? "user" : p.scope
    if (scope === "project" && !trusted) throw new ProtocolError("failed", UNTRUSTED)
    const settingsManager = SettingsManager.create(live.cwd, host.agentDir, { projectTrusted: trusted })
    // Git and npm must neither write on a terminal the window draws on nor prompt on it.
    const manager = new DefaultPackageManager({
      cwd: live.cwd,
      agentDir: host.agentDir,
      settingsManager,
      commandOutput: "capture",
    })
    const updated: string[] = []
    manager.setProgressCallback((e) => {
      if (e.type === "result" && e.action === "update" && e.message) updated.push(e.message)
    })
    let message: string
    if (p.command === "install") {
      await failed(
        () => manager.installAndPersist(p.source, { local: scope === "project" }),
        `Could not install ${p.source}`,
      )
      message = `Installed ${p.source}`
    } else if (p.command === "remove") {
      const removed = await failed(
        () => manager.removeAndPersist(p.source, { local: scope === "project" }),
        `Could not remove ${p.source}`,
      )
      if (!removed) throw new ProtocolError("not_found", `No matching package found for ${p.source}`)
      message = `Removed ${p.source}`
    } else {
      await failed(() => manager.update(p.source), "Could not update")
      message = updated.length
        ? `Updated ${updated.join(", ")}`
        : p.source
          ? `${p.source} is already up to date`
          : "Packages are already up to date"
    }
    await settingsManager.flush()
    const problems = settingsWarnings(settingsManager)
    if (problems.length) throw new ProtocolError("failed", `${message}, but: ${problems.join("; ")}`)
    return { message: `${message} · reload (r) to use the change in this session` }
  },
} satisfies Partial<Handlers>
