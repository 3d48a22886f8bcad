// `npm i -g` as a person without a checkout gets it: the package `npm pack` makes, installed into a
// prefix of its own with install scripts blocked (npm may be set to run none), then the installed
// `xagent` answers --version and opens its window in a real terminal, where the scripted model
// answers a prompt. Installing the dependencies takes minutes: the ceilings are generous. It needs
// the npm registry (or a cache holding every dependency); without one it skips, saying so.
import { afterAll, describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir, userInfo } from "node:os"
import { delimiter, join } from "node:path"
import { makeSandbox, REPO_ROOT, startMockLlm, writeAgentDir, type Scenario } from "../fixture/mockllm"
import { hasTmux, openPane } from "../e2e/tmux"

const INSTALL_MS = 15 * 60_000
// test/preload.ts gives this process a throwaway HOME: point npm back at the person's cache so the
// dependencies are not all fetched again.
const npmEnv: Record<string, string | undefined> = {
  ...process.env,
  npm_config_cache: process.env.npm_config_cache ?? join(userInfo().homedir, ".npm"),
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
}
const npm = (args: string[], cwd: string, timeout = INSTALL_MS) =>
  spawnSync("npm", args, { cwd, env: npmEnv, encoding: "utf8", timeout })

const registryUp = npm(["ping"], REPO_ROOT, 60_000).status === 0
if (!registryUp)
  console.warn("test/install/global-install.test.ts: skipped, the npm registry is unreachable (npm ping failed)")
if (!hasTmux) console.warn("test/install/global-install.test.ts: skipped, tmux is not installed (apt-get install tmux)")

const scenario: Scenario = { turns: [{ text: "Answered from the installed package." }], fallback: "nothing more" }

describe.skipIf(!registryUp || !hasTmux)("a global install from the packed tarball", () => {
  const work = mkdtempSync(join(tmpdir(), "xagent-install-"))
  const prefix = join(work, "prefix")
  const cleanups: (() => unknown)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
    rmSync(work, { recursive: true, force: true })
  }, 60_000)

  test(
    "installs with scripts blocked, then xagent --version and a window that answers",
    async () => {
      const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version
      const pack = npm(["pack", "--pack-destination", work], REPO_ROOT)
      expect(pack.status, pack.stderr).toBe(0)
      const tgz = join(work, pack.stdout.trim().split("\n").at(-1)!)
      const listing = spawnSync("tar", ["tzf", tgz], { encoding: "utf8" }).stdout.split("\n")
      expect(listing).toContain("package/dist/window/packed/run.js")
      expect(listing).toContain("package/dist/daemon/packed/main.js")
      // remote control's web app comes built: the daemon serves files and builds nothing
      for (const f of ["app.js", "index.html", "app.css"]) expect(listing).toContain(`package/dist/remote/${f}`)

      const install = npm(["install", "--global", "--prefix", prefix, "--ignore-scripts", tgz], work)
      expect(install.status, install.stderr).toBe(0)
      const xagent = join(prefix, "bin", "xagent")

      // No Bun on PATH and no checkout's node_modules/.bin: only what the install brought.
      const path = (process.env.PATH ?? "")
        .split(delimiter)
        .filter((d) => d && !d.includes("node_modules") && !existsSync(join(d, "bun")))
        .join(delimiter)
      const box = makeSandbox()
      cleanups.push(() => box.cleanup())
      const env = { ...box.env, PATH: path }
      const v = spawnSync(xagent, ["--version"], { cwd: box.cwd, env, encoding: "utf8" })
      expect(v.stderr).toBe("")
      expect(v.stdout.trim()).toBe(version)

      const llm = await startMockLlm(scenario)
      cleanups.push(() => llm.stop())
      writeAgentDir(box.agentDir, { baseUrl: llm.baseUrl })
      const pane = openPane({ cwd: box.cwd, env })
      cleanups.push(
        () => pane.kill(),
        () => spawnSync(xagent, ["daemon", "stop", "--force"], { cwd: box.cwd, env }),
      )
      pane.type(`${xagent}; echo "EXIT=$?"`)
      pane.send("Enter")
      await pane.waitFor("Ask anything")
      pane.type("say something")
      pane.send("Enter")
      await pane.waitFor("Answered from the installed package.")
      // its daemon ran from the bundle the package came with, not from its sources
      const installed = join(prefix, "lib", "node_modules", "xagent")
      const daemons = readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .map((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0")
          } catch {
            return []
          }
        })
        .filter((argv) =>
          argv.some(
            (a) => a.startsWith(join(installed, "dist", "daemon")) || a === join(installed, "src/daemon/main.ts"),
          ),
        )
      expect(daemons.map((argv) => argv[1])).toEqual([join(installed, "dist", "daemon", "packed", "main.js")])
      pane.type("/quit")
      pane.send("Enter")
      await pane.waitFor("EXIT=0")

      // An install that came without its window says so, where the sources would fail on 'react'.
      rmSync(join(prefix, "lib", "node_modules", "xagent", "dist"), { recursive: true })
      pane.send("clear", "Enter")
      pane.type(`${xagent} --no-daemon; echo "EXIT=$?"`)
      pane.send("Enter")
      const screen = await pane.waitFor(/EXIT=\d/)
      expect(screen).toContain("this install has no prebuilt window")
      expect(screen).toContain("EXIT=1")
    },
    INSTALL_MS * 2,
  )
})
