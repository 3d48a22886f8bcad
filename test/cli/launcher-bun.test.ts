// bin/xagent finds a Bun that runs when the install ran no scripts: the `bun` package's
// postinstall is what replaces its placeholder node_modules/.bin/bun (a script that only prints an
// error) with the platform package's binary, so the launcher looks in the platform package first.
import { afterAll, expect, test } from "bun:test"
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"

const LAUNCHER = resolve(import.meta.dir, "../../bin/xagent")
const root = mkdtempSync(join(tmpdir(), "xagent-launcher-bun-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function script(file: string, body: string) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `#!/bin/sh\n${body}\n`)
  chmodSync(file, 0o755)
}

/** What `bun`'s npm package leaves when its postinstall did not run. */
function bunWithoutPostinstall(nodeModules: string) {
  script(join(nodeModules, ".bin", "bun"), `echo "Error: Bun's postinstall script was not run." >&2\nexit 1`)
  script(join(nodeModules, "@oven", "bun-linux-x64", "bin", "bun"), 'echo "PLATFORM BUN $*"')
}

function launch(pkg: string) {
  copyFileSync(LAUNCHER, join(pkg, "bin", "xagent"))
  // PATH without a bun of its own: the launcher must find the package's.
  return Bun.spawnSync([join(pkg, "bin", "xagent"), "--version"], { env: { PATH: "/usr/bin:/bin" } })
}

test("a global install whose scripts were blocked runs the platform package's Bun", () => {
  const pkg = join(root, "global", "lib", "node_modules", "xagent")
  mkdirSync(join(pkg, "bin"), { recursive: true })
  bunWithoutPostinstall(join(pkg, "node_modules"))
  const run = launch(pkg)
  expect(run.stderr.toString()).toBe("")
  expect(run.stdout.toString()).toBe(
    `PLATFORM BUN --config=${pkg}/bin/launch.bunfig.toml ${pkg}/src/cli/main.ts --version\n`,
  )
})

test("a hoisted install (xagent a dependency of a project) finds Bun beside the package", () => {
  const project = join(root, "project")
  const pkg = join(project, "node_modules", "xagent")
  mkdirSync(join(pkg, "bin"), { recursive: true })
  bunWithoutPostinstall(join(project, "node_modules"))
  const run = launch(pkg)
  expect(run.stderr.toString()).toBe("")
  expect(run.stdout.toString()).toStartWith("PLATFORM BUN ")
})

test("after bun's postinstall (the platform package emptied) the linked binary runs", () => {
  const pkg = join(root, "installed", "xagent")
  mkdirSync(join(pkg, "bin"), { recursive: true })
  mkdirSync(join(pkg, "node_modules", "@oven", "bun-linux-x64"), { recursive: true })
  script(join(pkg, "node_modules", ".bin", "bun"), 'echo "LINKED BUN"')
  expect(launch(pkg).stdout.toString()).toBe("LINKED BUN\n")
})
