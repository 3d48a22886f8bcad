// The package requests under a session that does not trust its project: the listing leaves the
// project's settings out, and nothing is written to them (a toggle or an install in the project
// scope is refused with what to do); the user scope still works. A configured package that is not
// on disk is listed as missing, and browsing does not install it.
import { afterEach, expect, test } from "bun:test"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { PackagesListing } from "../../src/protocol/packages"
import { createFauxFixture, type FauxFixture } from "../fixture/faux"
import { writeLocalPackage } from "../fixture/local-package"

let fx: FauxFixture | undefined
afterEach(async () => {
  await fx?.dispose()
  fx = undefined
})

test("an untrusted project is neither listed nor written; a missing package is listed, not installed", async () => {
  const root = mkdtempSync(join(tmpdir(), "pkg-trust-"))
  const agentDir = join(root, "agent")
  const cwd = join(root, "work")
  mkdirSync(join(cwd, ".pi"), { recursive: true })
  mkdirSync(agentDir, { recursive: true })
  writeLocalPackage(join(root, "local-pkg"))
  const projectSettings = JSON.stringify({ packages: [join(root, "local-pkg")] })
  writeFileSync(join(cwd, ".pi", "settings.json"), projectSettings)
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ packages: ["npm:not-installed-pkg@1.0.0"] }))
  fx = await createFauxFixture({ agentDir, cwd })
  const { sessionId } = await fx.open({ kind: "new" }, { pi: { projectTrust: false } })

  const listing = (await fx.client.request("packages.list", { sessionId })) as PackagesListing
  expect(listing.project).toBeUndefined()
  expect(JSON.stringify(listing.user)).not.toContain("local-pkg")
  expect(listing.missing).toEqual([{ source: "npm:not-installed-pkg@1.0.0", scope: "user" }])
  expect(listing.user.groups[0]).toMatchObject({ label: "npm:not-installed-pkg@1.0.0 (user)", resources: [] })
  expect(existsSync(join(agentDir, "npm"))).toBe(false)

  const path = join(root, "local-pkg", "extensions", "hello.ts")
  await expect(
    fx.client.request("packages.toggle", { sessionId, scope: "project", kind: "extensions", path }),
  ).rejects.toThrow("does not trust the project")
  await expect(
    fx.client.request("packages.run", { sessionId, command: "install", source: "../local-pkg", scope: "project" }),
  ).rejects.toThrow("does not trust the project")
  expect(readFileSync(join(cwd, ".pi", "settings.json"), "utf8")).toBe(projectSettings)

  // The user scope is the person's own: a built-in extension turned off there, as pi config does.
  await fx.client.request("packages.toggle", { sessionId, scope: "user", kind: "extensions", path: "builtin:mcp" })
  expect(JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")).extensions).toEqual(["-builtin:mcp"])
}, 60_000)
