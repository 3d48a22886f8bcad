// bin/xagent starts the window's Bun with exactly the tuning src/util/patches/bun-tuning.ts holds
// (the launcher is shell, so the two are written twice), and with none of it when switched off.
import { afterAll, expect, test } from "bun:test"
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { BUN_TUNING, bunTuning, dropBunTuning, WINDOW_TUNING } from "../../src/util/patches/bun-tuning"

const LAUNCHER = resolve(import.meta.dir, "../../bin/xagent")
// A package with the real launcher and, where it looks for Bun, a script that prints the environment.
const pkg = mkdtempSync(join(tmpdir(), "xagent-launcher-"))
mkdirSync(join(pkg, "bin"))
mkdirSync(join(pkg, "node_modules", ".bin"), { recursive: true })
copyFileSync(LAUNCHER, join(pkg, "bin", "xagent"))
writeFileSync(join(pkg, "node_modules", ".bin", "bun"), '#!/bin/sh\nenv\necho "ARGS $*"\n')
chmodSync(join(pkg, "node_modules", ".bin", "bun"), 0o755)
afterAll(() => rmSync(pkg, { recursive: true, force: true }))

const TUNING_NAMES = /^(BUN_|MIMALLOC_)/
const launch = (env: Record<string, string>) => {
  const clean: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !TUNING_NAMES.test(k)) clean[k] = v
  const run = Bun.spawnSync([join(pkg, "bin", "xagent"), "--version"], { env: { ...clean, ...env } })
  expect(run.exitCode, run.stderr.toString()).toBe(0)
  const lines = run.stdout.toString().split("\n")
  const tuning = Object.fromEntries(
    lines.filter((l) => TUNING_NAMES.test(l)).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  )
  return { tuning, args: lines.find((l) => l.startsWith("ARGS ")) }
}

test("bin/xagent sets exactly the code's tuning for the window, and none of it with XAGENT_NO_BUN_TUNING=1", () => {
  const on = launch({})
  expect(on.tuning).toEqual(WINDOW_TUNING)
  expect(on.args).toBe(`ARGS --config=${pkg}/bin/launch.bunfig.toml ${pkg}/src/cli/main.ts --version`)
  expect(launch({ XAGENT_NO_BUN_TUNING: "0" }).tuning).toEqual(WINDOW_TUNING)
  expect(launch({ XAGENT_NO_BUN_TUNING: "1" }).tuning).toEqual({})
})

test("switched off, the daemon gets no tuning and a person's own Bun settings stay in the environment", () => {
  expect(bunTuning({})).toEqual(BUN_TUNING)
  expect(bunTuning({ XAGENT_NO_BUN_TUNING: "1" })).toEqual({})
  const mine = { XAGENT_NO_BUN_TUNING: "1", BUN_JSC_useFTLJIT: "0" }
  dropBunTuning(mine)
  expect(mine).toEqual({ XAGENT_NO_BUN_TUNING: "1", BUN_JSC_useFTLJIT: "0" })
  // The window's own (DFG off) goes too: nothing the window starts inherits it.
  const ours = { ...WINDOW_TUNING, PATH: "/bin" }
  dropBunTuning(ours)
  expect(ours).toEqual({ PATH: "/bin" })
})
