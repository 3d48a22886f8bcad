// Small copies of Pi's unexported code (docs/patches.md, "Copies of Pi's private code"), each
// compared with the installed Pi's own, loaded by its file path: a Pi upgrade that changes one
// fails here instead of drifting silently.
import { expect, test } from "bun:test"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { ENV_KEYS } from "../../src/runtime/setup/models"
import { isPackageSource } from "../../src/util/extension-source"
import { piOffline } from "../../src/util/pi-offline"

const distOf = (pkg: string) => dirname(fileURLToPath(import.meta.resolve(pkg)))
const piFile = <T>(relative: string) => require(join(distOf("@earendil-works/pi-coding-agent"), relative)) as T
const piAiFile = <T>(relative: string) => require(join(distOf("@earendil-works/pi-ai"), relative)) as T

test("a package source is what Pi's isLocalPath calls not local (builtin:<name> aside: no package)", () => {
  const { isLocalPath } = piFile<{ isLocalPath(v: string): boolean }>("utils/paths.js")
  const samples = [
    "npm:pi-foo",
    " npm:@scope/pkg@1.2.3 ",
    "git:github.com/a/b",
    "github:a/b",
    "http://example.com/x.tgz",
    "https://example.com/x.tgz",
    "ssh://git@example.com/a/b",
    "jsr:@a/b",
    "file:./ext.ts",
    "./ext.ts",
    "/abs/ext.ts",
    "ext.ts",
    "NPM:pi-foo",
    "npmfoo",
    "C:\\ext.ts",
    "builtin:mcp",
  ]
  for (const s of samples)
    expect({ s, pkg: isPackageSource(s) }).toEqual({ s, pkg: !isLocalPath(s) && !s.trim().startsWith("builtin:") })
})

test("PI_OFFLINE is read as Pi's package manager reads it", () => {
  const { isOfflineModeEnabled } = piFile<{ isOfflineModeEnabled(): boolean }>("core/package-manager.js")
  const before = process.env.PI_OFFLINE
  try {
    for (const v of [undefined, "", "0", "1", "true", "TRUE", "yes", "Yes", "no", " 1", "on", "false"]) {
      if (v === undefined) delete process.env.PI_OFFLINE
      else process.env.PI_OFFLINE = v
      expect({ v, offline: piOffline() }).toEqual({ v, offline: isOfflineModeEnabled() })
    }
  } finally {
    if (before === undefined) delete process.env.PI_OFFLINE
    else process.env.PI_OFFLINE = before
  }
})

test("each provider's key variable xagent names is one pi-ai reads for it", () => {
  const { findEnvKeys } = piAiFile<{ findEnvKeys(p: string, env: Record<string, string>): string[] | undefined }>(
    "env-api-keys.js",
  )
  expect(Object.keys(ENV_KEYS).length).toBeGreaterThan(10)
  for (const [provider, variable] of Object.entries(ENV_KEYS))
    expect({ provider, found: findEnvKeys(provider, { [variable]: "k" }) ?? [] }).toEqual({
      provider,
      found: expect.arrayContaining([variable]),
    })
})
